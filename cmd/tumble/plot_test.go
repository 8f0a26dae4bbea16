package main

import (
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/contact/scene"
)

// The plot's data for the slide scene: the 1 kg cube starts with ½ m v² = 12.5 J of kinetic
// energy, loses it all to friction without its potential energy changing, and ends on its 4
// corners; the total never grows.
func TestRunPlotRecordsSlide(t *testing.T) {
	sc, err := scene.Builtin("slide")
	if err != nil {
		t.Fatal(err)
	}
	w, err := sc.World()
	if err != nil {
		t.Fatal(err)
	}
	p := newRunPlot("slide", w)
	if _, err := simulate(w, sc.Steps(), sc, nil, p, &progress{}); err != nil {
		t.Fatal(err)
	}
	n := len(p.t)
	if n != sc.Steps()+1 || p.t[n-1] != w.Time {
		t.Fatalf("%d samples up to t = %g, want %d up to %g", n, p.t[n-1], sc.Steps()+1, w.Time)
	}
	if math.Abs(p.kinetic[0]-12.5) > 1e-12 || p.kinetic[n-1] > 1e-12 {
		t.Errorf("kinetic energy from %g J to %g J, want 12.5 J to 0", p.kinetic[0], p.kinetic[n-1])
	}
	for i := 1; i < n; i++ {
		if e, last := p.kinetic[i]+p.potential[i], p.kinetic[i-1]+p.potential[i-1]; e > last+1e-12*math.Abs(last) {
			t.Fatalf("total energy grew from %g J to %g J at t = %g s", last, e, p.t[i])
		}
		if math.Abs(p.potential[i]-p.potential[0]) > 1e-9 {
			t.Fatalf("potential energy changed by %g J", p.potential[i]-p.potential[0])
		}
	}
	if p.contacts[n-1] < 2 || p.penetration[n-1] > 1 {
		t.Errorf("ends on %g contacts, %g mm deep", p.contacts[n-1], p.penetration[n-1])
	}
}

// `tumble sim --plot FILE.png` writes a PNG; another extension is a usage error.
func TestSimPlotFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "slide.png")
	if code, _, errOut := runTumble("sim", "--steps", "30", "--plot", path, "slide"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() < 400 || b.Dy() < 400 {
		t.Errorf("plot is %v", b)
	}
	code, _, errOut := runTumble("sim", "--steps", "3", "--plot", filepath.Join(dir, "x.svg"), "slide")
	if code != 2 || !strings.Contains(errOut, "only .png") {
		t.Errorf("--plot x.svg: exit %d, stderr %q", code, errOut)
	}
}

// A plot of a long run keeps at most maxPlotSamples states, evenly strided from the start,
// and the latest state last.
func TestRunPlotBounded(t *testing.T) {
	w := contact.NewWorld(contact.DefaultSettings())
	w.Dt = 0.5
	p := newRunPlot("long", w)
	for n := 1; n <= 5*maxPlotSamples+3; n++ {
		w.Steps, w.Time = n, float64(n)*w.Dt
		p.record(w)
		if len(p.t) > maxPlotSamples+1 || p.t[len(p.t)-1] != w.Time {
			t.Fatalf("after step %d: %d samples, the last at t = %g s", n, len(p.t), p.t[len(p.t)-1])
		}
	}
	grid := p.t
	if p.provisional {
		grid = grid[:len(grid)-1]
	}
	for i, x := range grid {
		if x != float64(i*p.stride)*w.Dt {
			t.Fatalf("sample %d at t = %g s, want step %d of stride %d", i, x, i*p.stride, p.stride)
		}
	}
	if len(p.t) < maxPlotSamples/2 {
		t.Errorf("only %d samples kept", len(p.t))
	}
}

// The kinetic energy and a megajoule of potential energy are both readable: the kinetic energy
// has a log axis of its own, from 1e-9 of its peak (where a body at rest is drawn) to its
// peak, and the potential and total energy are drawn as their change since the start, on an
// axis scaled to that change rather than to the megajoule.
func TestRunPlotAxesReadable(t *testing.T) {
	p := &runPlot{title: "pile", stride: 1,
		t:           []float64{0, 1, 2, 3, 4},
		kinetic:     []float64{0, 2e4, 10, 1e-3, 0},
		potential:   []float64{1e6, 1e6 - 2.5e4, 1e6 - 3e4, 1e6 - 3e4, 1e6 - 3e4},
		penetration: make([]float64, 5), contacts: make([]float64, 5)}
	panels, err := p.plots()
	if err != nil {
		t.Fatal(err)
	}
	ke, change := panels[0], panels[1]
	if _, ok := ke.Y.Scale.(plot.LogScale); !ok || ke.Y.Min != 2e4*1e-9 || ke.Y.Max != 2e4 {
		t.Errorf("kinetic energy axis: %T from %g to %g J, want a log axis from 2e-5 to 2e4 J", ke.Y.Scale, ke.Y.Min, ke.Y.Max)
	}
	if change.Y.Min > -3e4 || change.Y.Max < 0 || change.Y.Max-change.Y.Min > 1e5 {
		t.Errorf("energy change axis from %g to %g J, want it to span the change of 3e4 J, not the megajoule", change.Y.Min, change.Y.Max)
	}
	for _, pl := range panels {
		if pl.X.Min != 0 || pl.X.Max != 4 {
			t.Errorf("%q: time from %g to %g s, want the run's 0 to 4 s", pl.Y.Label.Text, pl.X.Min, pl.X.Max)
		}
	}
	if err := p.save(filepath.Join(t.TempDir(), "pile.png")); err != nil {
		t.Fatal(err)
	}

	still := &runPlot{title: "still", stride: 1, t: []float64{0, 1}, kinetic: []float64{0, 0}, potential: []float64{5, 5},
		penetration: []float64{0, 0}, contacts: []float64{0, 0}}
	if err := still.save(filepath.Join(t.TempDir(), "still.png")); err != nil {
		t.Errorf("a run where nothing moves: %v", err)
	}
}
