package render

import (
	"image"
	"image/color/palette"
	"image/gif"
	"io"
	"math"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
)

// GIF runs the system sys of the scene for steps steps and writes an animation of frames
// frames (the first and last state included, evenly spaced in time, played in real time
// where GIF's 1/100 s delays allow) in a view that fits the whole run unless the scene
// has a viewport, with each frame's contacts from the marker if one is given. Colours are
// quantised to the 216-colour web-safe palette.
func GIF(w io.Writer, scene *fosssim.Scene, sys *planar.System, steps, frames, size int, marker ...Marker) error {
	frames = max(2, min(frames, steps+1))
	if steps == 0 {
		frames = 1
	}
	// Pass 1 records the sampled states (and the box that holds them all).
	var states [][]planar.Body
	var marks [][]Mark
	b := emptyBox()
	keep := func() {
		snap := make([]planar.Body, len(sys.Bodies))
		copy(snap, sys.Bodies)
		states = append(states, snap)
		b.addState(scene, snap)
		var m []Mark
		for _, f := range marker {
			m = append(m, f(snap)...)
		}
		marks = append(marks, m)
	}
	keep()
	next := 1
	for k := 1; k <= steps && next < frames; k++ {
		if err := sys.Step(); err != nil {
			return scene.StepError(err, k)
		}
		if k == frameStep(next, frames, steps) {
			keep()
			next++
		}
	}
	v := b.view(scene, size)
	delay := 0
	if frames > 1 {
		delay = max(2, int(math.Round(100*float64(steps)*sys.Dt/float64(frames-1))))
	}
	anim := &gif.GIF{}
	for k, st := range states {
		anim.Image = append(anim.Image, websafe(Raster(scene, st, v, marks[k]...)))
		anim.Delay = append(anim.Delay, delay)
	}
	return gif.EncodeAll(w, anim)
}

// frameStep returns the step shown in frame j of frames over steps steps.
func frameStep(j, frames, steps int) int {
	return int(math.Round(float64(j) * float64(steps) / float64(frames-1)))
}

// websafe converts an image to the web-safe palette by rounding each channel to the
// nearest of its six levels (the palette's index is r·36 + g·6 + b).
func websafe(img *image.RGBA) *image.Paletted {
	p := image.NewPaletted(img.Bounds(), palette.WebSafe)
	level := func(v uint8) uint8 { return uint8((int(v) + 25) / 51) }
	for i, j := 0, 0; i < len(img.Pix); i, j = i+4, j+1 {
		p.Pix[j] = level(img.Pix[i])*36 + level(img.Pix[i+1])*6 + level(img.Pix[i+2])
	}
	return p
}
