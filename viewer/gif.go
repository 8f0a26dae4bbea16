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
// the nearest palette colour (an image of at most 256 colours keeps them exactly). A scene is
// broad shaded areas: a palette fitted to them keeps the gradients smooth without
// dithering, whose noise GIF's compression cannot squeeze.
func quantize(img *image.NRGBA) *image.Paletted {
	b := img.Bounds()
	counts := map[[3]uint8]int{}
	for i := 0; i+3 < len(img.Pix); i += 4 {
		counts[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}]++
	}
	pal := medianCut(counts, 256)
	out := image.NewPaletted(b, pal)
	index := make(map[[3]uint8]uint8, len(counts))
	for c := range counts {
		index[c] = uint8(pal.Index(color.RGBA{c[0], c[1], c[2], 255}))
	}
	for y := range b.Dy() {
		row := img.Pix[y*img.Stride:]
		for x := range b.Dx() {
			out.Pix[y*out.Stride+x] = index[[3]uint8{row[4*x], row[4*x+1], row[4*x+2]}]
		}
	}
	return out
}

// medianCut returns at most n colours summarizing the colours counted: the colour cube
// split, box by box, at the median pixel of the widest channel of the box with the most
// pixels times spread, each box then standing for the mean of its pixels.
func medianCut(counts map[[3]uint8]int, n int) color.Palette {
	var all []weighted
	for c, k := range counts {
		all = append(all, weighted{c, k})
	}
	slices.SortFunc(all, func(p, q weighted) int { return cmpColour(p.c, q.c) }) // reproducible
	boxes := []colourBox{newBox(all)}
	for len(boxes) < n {
		best := -1
		for i, b := range boxes {
			if b.spread > 0 && (best < 0 || b.score() > boxes[best].score()) {
				best = i
			}
		}
		if best < 0 {
			break // every box is one colour
		}
		b := boxes[best]
		slices.SortStableFunc(b.colours, func(p, q weighted) int { return int(p.c[b.axis]) - int(q.c[b.axis]) })
		mid, acc := 1, b.colours[0].n
		for mid < len(b.colours)-1 && acc+b.colours[mid].n <= b.pixels/2 {
			acc += b.colours[mid].n
			mid++
		}
		boxes[best] = newBox(b.colours[:mid])
		boxes = append(boxes, newBox(b.colours[mid:]))
	}
	pal := make(color.Palette, 0, len(boxes))
	for _, b := range boxes {
		var sum [3]int
		for _, w := range b.colours {
			for k := range 3 {
				sum[k] += int(w.c[k]) * w.n
			}
		}
		if t := b.pixels; t > 0 {
			pal = append(pal, color.RGBA{uint8((sum[0] + t/2) / t), uint8((sum[1] + t/2) / t), uint8((sum[2] + t/2) / t), 255})
		}
	}
	if len(pal) == 0 {
		pal = append(pal, color.RGBA{0, 0, 0, 255})
	}
	return pal
}

// weighted is a colour and how many pixels have it.
type weighted struct {
	c [3]uint8
	n int
}

// colourBox is a box of median cut: its colours, their pixels, and its widest channel.
type colourBox struct {
	colours      []weighted
	pixels       int
	axis, spread int
}

func newBox(colours []weighted) colourBox {
	b := colourBox{colours: colours}
	lo, hi := [3]uint8{255, 255, 255}, [3]uint8{}
	for _, w := range colours {
		b.pixels += w.n
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], w.c[k]), max(hi[k], w.c[k])
		}
	}
	for k := range 3 {
		if d := int(hi[k]) - int(lo[k]); d > b.spread {
			b.axis, b.spread = k, d
		}
	}
	return b
}

func (b colourBox) score() int { return b.spread * b.pixels }

func cmpColour(a, b [3]uint8) int {
	for k := range 3 {
		if a[k] != b[k] {
			return int(a[k]) - int(b[k])
		}
	}
	return 0
}
