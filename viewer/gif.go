package viewer

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"math"
	"os"
	"slices"
)

// gifSink gathers frames into an animated GIF, each with its own palette, and writes it on
// close. Frames are quantized as they come, on the recorder's goroutine.
type gifSink struct {
	path   string
	frames []*image.Paletted
	times  []float64 // simulated time of each frame, s
}

// add quantizes img, shown at simulated time t, to 256 colours.
func (g *gifSink) add(img *image.NRGBA, t float64) error {
	g.frames = append(g.frames, quantize(img))
	g.times = append(g.times, t)
	return nil
}

// close writes the GIF. Each frame lasts until the next one's simulated time (the last one
// interval seconds), in the format's hundredths of a second, rounded on the running total
// so that the delays add up to the recorded time.
func (g *gifSink) close(interval float64) error {
	out := &gif.GIF{Image: g.frames, Delay: gifDelays(g.times, interval)}
	f, err := os.Create(g.path)
	if err != nil {
		return err
	}
	if err := gif.EncodeAll(f, out); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", g.path, err)
	}
	return f.Close()
}

// gifDelays returns the delay of each frame shown at times (s), in hundredths of a second:
// frame k lasts from its time to the next's, the last one interval.
func gifDelays(times []float64, interval float64) []int {
	delays := make([]int, len(times))
	cs := func(t float64) int { return int(math.Round(100 * (t - times[0]))) }
	for k := range times {
		end := times[len(times)-1] + interval
		if k+1 < len(times) {
			end = times[k+1]
		}
		delays[k] = cs(end) - cs(times[k])
	}
	return delays
}

// quantize returns img in a palette of 256 colours chosen for it by median cut, each pixel
// the nearest palette colour. A scene is broad shaded areas: a palette fitted to them keeps
// the gradients smooth without dithering, whose noise GIF's compression cannot squeeze.
func quantize(img *image.NRGBA) *image.Paletted {
	b := img.Bounds()
	pal := medianCut(img, 256)
	out := image.NewPaletted(b, pal)
	var lookup [1 << 15]int16 // 5 bits per channel → palette index + 1 (0: not yet known)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := img.Pix[(y-b.Min.Y)*img.Stride:]
		for x := 0; x < b.Dx(); x++ {
			r, g, bl := row[4*x], row[4*x+1], row[4*x+2]
			key := int(r>>3)<<10 | int(g>>3)<<5 | int(bl>>3)
			if lookup[key] == 0 {
				lookup[key] = int16(pal.Index(color.RGBA{r, g, bl, 255})) + 1
			}
			out.Pix[(y-b.Min.Y)*out.Stride+x] = uint8(lookup[key] - 1)
		}
	}
	return out
}

// medianCut returns at most n colours summarizing img: the colour cube of its pixels split,
// box by box, at the median of the widest channel of the box with the most pixels times
// spread, each box then standing for the mean of its pixels.
func medianCut(img *image.NRGBA, n int) color.Palette {
	var px [][3]uint8
	for i := 0; i+3 < len(img.Pix); i += 4 * 3 { // every third pixel is plenty
		px = append(px, [3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]})
	}
	boxes := [][][3]uint8{px}
	for len(boxes) < n {
		best, bestScore, bestAxis := -1, 0, 0
		for i, box := range boxes {
			axis, spread := widest(box)
			if score := spread * len(box); spread > 0 && score > bestScore {
				best, bestScore, bestAxis = i, score, axis
			}
		}
		if best < 0 {
			break // every box is one colour
		}
		box := boxes[best]
		slices.SortFunc(box, func(p, q [3]uint8) int { return int(p[bestAxis]) - int(q[bestAxis]) })
		mid := len(box) / 2
		boxes[best] = box[:mid]
		boxes = append(boxes, box[mid:])
	}
	pal := make(color.Palette, 0, len(boxes))
	for _, box := range boxes {
		var sum [3]int
		for _, p := range box {
			for k := range 3 {
				sum[k] += int(p[k])
			}
		}
		if len(box) > 0 {
			pal = append(pal, color.RGBA{uint8(sum[0] / len(box)), uint8(sum[1] / len(box)), uint8(sum[2] / len(box)), 255})
		}
	}
	if len(pal) == 0 {
		pal = append(pal, color.RGBA{0, 0, 0, 255})
	}
	return pal
}

// widest returns the channel along which the colours of box spread most, and the spread.
func widest(box [][3]uint8) (axis, spread int) {
	lo, hi := [3]uint8{255, 255, 255}, [3]uint8{}
	for _, p := range box {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	for k := range 3 {
		if d := int(hi[k]) - int(lo[k]); d > spread {
			axis, spread = k, d
		}
	}
	return axis, spread
}
