package main

import (
	"fmt"
	"image/color"
	"math"
	"os"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"

	"github.com/tumble-physics/tumble/contact"
)

// runPlot records, step by step, what `tumble sim --plot FILE.png` draws: whether a run
// settles shows at a glance in its energies, its deepest penetration and its contact count.
type runPlot struct {
	title                 string
	t, kinetic, potential []float64 // s, J, J
	penetration, contacts []float64 // mm, count
	// A long run keeps every stride-th state (its steps start at 0), and its latest state
	// last, provisionally when it is not on the stride.
	stride, steps int
	provisional   bool
}

// maxPlotSamples bounds the states a plot keeps: past it, every other one is dropped and the
// stride doubles, so that a run of any length costs at most this many (an 8-inch PNG shows
// no more).
const maxPlotSamples = 1 << 15

// newRunPlot starts a plot of the scene name with w's state before the first step.
func newRunPlot(name string, w *contact.World) *runPlot {
	p := &runPlot{title: name, stride: 1}
	p.add(w)
	return p
}

// record adds w's state after a step.
func (p *runPlot) record(w *contact.World) {
	p.steps++
	if p.provisional {
		p.each(func(s []float64) []float64 { return s[:len(s)-1] })
	}
	p.add(w)
	p.provisional = p.steps%p.stride != 0
	if len(p.t) <= maxPlotSamples {
		return
	}
	kept := len(p.t)
	if p.provisional {
		kept--
	}
	p.stride *= 2
	p.provisional = p.steps%p.stride != 0 // the latest state is off the new stride
	p.each(func(s []float64) []float64 {
		latest, out := s[len(s)-1], s[:0]
		for i := 0; i < kept; i += 2 {
			out = append(out, s[i])
		}
		if p.provisional {
			out = append(out, latest)
		}
		return out
	})
}

// each replaces every series s by f(s).
func (p *runPlot) each(f func([]float64) []float64) {
	for _, s := range []*[]float64{&p.t, &p.kinetic, &p.potential, &p.penetration, &p.contacts} {
		*s = f(*s)
	}
}

// add appends w's state. The potential energy is that of gravity, measured from the origin:
// −Σ m g·p.
func (p *runPlot) add(w *contact.World) {
	pe := 0.0
	for _, b := range w.Bodies {
		if !b.Fixed {
			pe -= b.Mass * w.Gravity.Dot(b.P)
		}
	}
	p.t = append(p.t, w.Time)
	p.kinetic = append(p.kinetic, w.KineticEnergy())
	p.potential = append(p.potential, pe)
	p.penetration = append(p.penetration, 1e3*w.Stats.MaxPenetration)
	p.contacts = append(p.contacts, float64(w.Stats.Contacts))
}

// save draws the panels of plots into a PNG file, whatever its name.
func (p *runPlot) save(path string) error {
	panels, err := p.plots()
	if err != nil {
		return err
	}
	img := vgimg.New(8*vg.Inch, 11*vg.Inch)
	dc := draw.New(img)
	tiles := draw.Tiles{Rows: len(panels), Cols: 1, PadX: vg.Millimeter, PadY: 2 * vg.Millimeter,
		PadTop: 2 * vg.Millimeter, PadBottom: 2 * vg.Millimeter, PadLeft: 2 * vg.Millimeter, PadRight: 4 * vg.Millimeter}
	grid := make([][]*plot.Plot, len(panels))
	for i, pl := range panels {
		grid[i] = []*plot.Plot{pl}
	}
	canvases := plot.Align(grid, tiles, dc)
	for i, pl := range panels {
		pl.Draw(canvases[i][0])
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

// keDecades is how far below its peak the kinetic energy's log axis reaches: a body at rest
// (0 J) or asleep is drawn at its floor.
const keDecades = 9

// plots returns the panels, sharing the time axis: the kinetic energy on a log axis, where a
// pile settling shows decade by decade; the change since the start of the potential and the
// total energy, on a linear one (a pile's megajoule of potential energy would flatten the
// kinetic energy beside it, and its own changes, to a line); the deepest penetration; the
// contacts.
func (p *runPlot) plots() ([]*plot.Plot, error) {
	peak := 0.0
	for _, k := range p.kinetic {
		peak = max(peak, k)
	}
	kinetic := p.kinetic
	floor := peak * math.Pow(10, -keDecades)
	if peak > 0 {
		kinetic = make([]float64, len(p.kinetic))
		for i, k := range p.kinetic {
			kinetic[i] = max(k, floor)
		}
	}
	dU, dE := make([]float64, len(p.t)), make([]float64, len(p.t))
	for i := range p.t {
		dU[i] = p.potential[i] - p.potential[0]
		dE[i] = p.kinetic[i] + p.potential[i] - (p.kinetic[0] + p.potential[0])
	}
	ke, err := p.panel(p.title, "kinetic energy (J)", []series{{"", kinetic, color.RGBA{R: 200, A: 255}}})
	if err != nil {
		return nil, err
	}
	if peak > 0 {
		ke.Y.Scale, ke.Y.Tick.Marker = plot.LogScale{}, plot.LogTicks{Prec: -1}
		ke.Y.Min, ke.Y.Max = floor, peak
	}
	change, err := p.panel("", "energy since t = 0 (J)", []series{
		{"potential", dU, color.RGBA{B: 200, A: 255}},
		{"total", dE, color.RGBA{A: 255}},
	})
	if err != nil {
		return nil, err
	}
	pen, err := p.panel("", "max penetration (mm)", []series{{"", p.penetration, color.RGBA{R: 150, G: 80, A: 255}}})
	if err != nil {
		return nil, err
	}
	cnt, err := p.panel("", "contacts", []series{{"", p.contacts, color.RGBA{G: 130, A: 255}}})
	if err != nil {
		return nil, err
	}
	cnt.X.Label.Text = "time (s)"
	panels := []*plot.Plot{ke, change, pen, cnt}
	for _, pl := range panels {
		pl.X.Min, pl.X.Max = 0, max(p.t[len(p.t)-1], 1e-9)
	}
	for _, pl := range []*plot.Plot{pen, cnt} { // counts and depths start at zero
		pl.Y.Min = 0
		pl.Y.Max = max(pl.Y.Max, 1e-3)
	}
	if change.Y.Max-change.Y.Min < 1e-9 { // energy that does not change: an axis about 0
		change.Y.Min, change.Y.Max = change.Y.Min-1, change.Y.Max+1
	}
	return panels, nil
}

// series is one line of a panel.
type series struct {
	name string
	y    []float64
	c    color.Color
}

// panel returns a plot of the series against time; a NaN or infinite value (a run that blew
// up) is an error.
func (p *runPlot) panel(title, ylabel string, ss []series) (*plot.Plot, error) {
	pl := plot.New()
	pl.Title.Text = title
	pl.Y.Label.Text = ylabel
	pl.Add(plotter.NewGrid())
	for _, s := range ss {
		xy := make(plotter.XYs, len(p.t))
		for i := range xy {
			xy[i].X, xy[i].Y = p.t[i], s.y[i]
		}
		line, err := plotter.NewLine(xy)
		if err != nil {
			return nil, fmt.Errorf("plot of %s: %w", ylabel, err)
		}
		line.Color = s.c
		line.Width = vg.Points(1.2)
		pl.Add(line)
		if s.name != "" {
			pl.Legend.Add(s.name, line)
		}
	}
	pl.Legend.Top = true
	return pl, nil
}
