package viewer

import (
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"math"
	"os"
	"runtime"
	"slices"
	"sync"
)

// gifSink gathers frames into an animated GIF, each with its own palette, and writes it on
// close. A frame is scaled down to width pixels at most, then, from the second on, keeps only
// the rectangle that changed since the frame before, with the pixels in it that did not
// change transparent: the GIF shows each frame over the last (a camera that stands still
// changes little of the picture between two frames). Frames are quantized as they come,
// several at once, off the window's goroutine.
type gifSink struct {
	path  string
	width int // the most pixels a frame is wide (0: as the window)
	prev  *image.NRGBA
	times []float64 // simulated time of each frame, s

	mu      sync.Mutex
	frames  []*image.Paletted
	working sync.WaitGroup
	slots   chan struct{} // one per frame being quantized
}

// newGIFSink returns a sink writing path, its frames at most width pixels wide (0: the
// window's width).
func newGIFSink(path string, width int) *gifSink {
	return &gifSink{path: path, width: width, slots: make(chan struct{}, max(runtime.GOMAXPROCS(0)-1, 1))}
}

// add scales img, shown at simulated time t, to the sink's width and quantizes what changed
// since the last frame to 256 colours, transparent included.
func (g *gifSink) add(img *image.NRGBA, t float64) error {
	if g.width > 0 && img.Bounds().Dx() > g.width {
		img = scaleDown(img, g.width)
	}
	k, prev := len(g.times), g.prev
	g.prev = img
	g.times = append(g.times, t)
	g.mu.Lock()
	g.frames = append(g.frames, nil)
	g.mu.Unlock()
	g.slots <- struct{}{}
	g.working.Add(1)
	go func() {
		defer g.working.Done()
		f := changes(img, prev)
		g.mu.Lock()
		g.frames[k] = f
		g.mu.Unlock()
		<-g.slots
	}()
	return nil
}

// close writes the GIF. Each frame lasts until the next one's simulated time (the last one
// interval seconds), in the format's hundredths of a second, rounded on the running total
// so that the delays add up to the recorded time.
func (g *gifSink) close(interval float64) error {
	g.working.Wait()
	if len(g.frames) == 0 {
		return fmt.Errorf("writing %s: no frames", g.path)
	}
	b := g.frames[0].Bounds()
	out := &gif.GIF{Image: g.frames, Delay: gifDelays(g.times, interval), Disposal: make([]byte, len(g.frames)),
		Config: image.Config{ColorModel: g.frames[0].Palette, Width: b.Dx(), Height: b.Dy()}}
	for k := range out.Disposal {
		out.Disposal[k] = gif.DisposalNone // each frame stays under the next
	}
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

// changes returns the frame the GIF adds to show img over prev (nil: img is the first): the
// smallest rectangle holding every pixel that differs, quantized, with the pixels that do
// not differ transparent; a frame that changes nothing is one transparent pixel.
func changes(img, prev *image.NRGBA) *image.Paletted {
	if prev == nil || prev.Bounds() != img.Bounds() {
		return quantize(img, nil)
	}
	b := img.Bounds()
	r := image.Rectangle{Min: b.Max, Max: b.Min} // empty, grown by each pixel that differs
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row, was := img.Pix[(y-b.Min.Y)*img.Stride:], prev.Pix[(y-b.Min.Y)*prev.Stride:]
		for x := range b.Dx() {
			if row[4*x] != was[4*x] || row[4*x+1] != was[4*x+1] || row[4*x+2] != was[4*x+2] {
				r.Min.X, r.Max.X = min(r.Min.X, b.Min.X+x), max(r.Max.X, b.Min.X+x+1)
				r.Min.Y, r.Max.Y = min(r.Min.Y, y), max(r.Max.Y, y+1)
			}
		}
	}
	if r.Empty() {
		return image.NewPaletted(image.Rect(b.Min.X, b.Min.Y, b.Min.X+1, b.Min.Y+1), color.Palette{color.RGBA{}})
	}
	return quantize(img.SubImage(r).(*image.NRGBA), prev)
}

// scaleDown returns img shrunk to width pixels wide, its height in proportion, each pixel
// the mean of the pixels it covers (a box filter: thin lines fade rather than vanish).
func scaleDown(img *image.NRGBA, width int) *image.NRGBA {
	b := img.Bounds()
	height := max(int(math.Round(float64(b.Dy())*float64(width)/float64(b.Dx()))), 1)
	out := image.NewNRGBA(image.Rect(0, 0, width, height))
	for y := range height {
		y0, y1 := y*b.Dy()/height, max((y+1)*b.Dy()/height, y*b.Dy()/height+1)
		for x := range width {
			x0, x1 := x*b.Dx()/width, max((x+1)*b.Dx()/width, x*b.Dx()/width+1)
			var sum [4]int
			for sy := y0; sy < y1; sy++ {
				p := img.Pix[sy*img.Stride+4*x0 : sy*img.Stride+4*x1]
				for i := 0; i < len(p); i += 4 {
					sum[0], sum[1], sum[2], sum[3] = sum[0]+int(p[i]), sum[1]+int(p[i+1]), sum[2]+int(p[i+2]), sum[3]+int(p[i+3])
				}
			}
			n := (y1 - y0) * (x1 - x0)
			q := out.Pix[y*out.Stride+4*x:]
			for c := range 4 {
				q[c] = uint8((sum[c] + n/2) / n)
			}
		}
	}
	return out
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
// dithering, whose noise GIF's compression cannot squeeze. With prev, the picture img's
// pixels go over, a pixel the same as prev's is transparent, and the palette has 255
// colours and the transparent one.
func quantize(img, prev *image.NRGBA) *image.Paletted {
	b := img.Bounds()
	unchanged := func(x, y int) bool {
		if prev == nil {
			return false
		}
		p, q := img.PixOffset(x, y), prev.PixOffset(x, y)
		return img.Pix[p] == prev.Pix[q] && img.Pix[p+1] == prev.Pix[q+1] && img.Pix[p+2] == prev.Pix[q+2]
	}
	counts := map[[3]uint8]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if !unchanged(x, y) {
				i := img.PixOffset(x, y)
				counts[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}]++
			}
		}
	}
	n := 256
	if prev != nil {
		n--
	}
	pal := medianCut(counts, n)
	index := make(map[[3]uint8]uint8, len(counts))
	for c := range counts {
		index[c] = uint8(pal.Index(color.RGBA{c[0], c[1], c[2], 255}))
	}
	clear := uint8(len(pal))
	if prev != nil {
		pal = append(pal, color.RGBA{}) // alpha 0: the encoder makes it the transparent index
	}
	out := image.NewPaletted(b, pal)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			k := clear
			if !unchanged(x, y) {
				i := img.PixOffset(x, y)
				k = index[[3]uint8{img.Pix[i], img.Pix[i+1], img.Pix[i+2]}]
			}
			out.SetColorIndex(x, y, k)
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
