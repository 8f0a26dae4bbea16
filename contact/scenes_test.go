package contact_test

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/contact/scene"
)

// mustStep steps w and fails the test on an error.
func mustStep(t testing.TB, w *contact.World) {
	t.Helper()
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
}

// loadWorld builds the world of a built-in scene.
func loadWorld(t testing.TB, name string) (*scene.Scene, *contact.World) {
	t.Helper()
	sc, err := scene.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	w, err := sc.World()
	if err != nil {
		t.Fatal(err)
	}
	return sc, w
}

// lowestCorner returns the height of b's lowest vertex above the plane.
func lowestCorner(b *body.Body, pl contact.Plane) float64 {
	n := pl.Normal.Normalize()
	d := math.Inf(1)
	for _, v := range b.Mesh.Vertices {
		d = min(d, n.Dot(b.WorldPoint(v).Sub(pl.Point)))
	}
	return d
}

// The built-in scenes end as their comments say.
func TestScenes(t *testing.T) {
	t.Run("slide", func(t *testing.T) {
		sc, w := loadWorld(t, "slide")
		for range sc.Steps() {
			mustStep(t, w)
		}
		b := w.Bodies[0]
		want := 25 / (2 * 0.5 * 9.81)
		got := b.P[0] + 5*w.Dt/2 // see TestBoxSlidesToStop
		t.Logf("slide: %.4f m, want %.4f", got, want)
		if math.Abs(got-want) > 0.01*want || b.V.Len() > 1e-9 {
			t.Errorf("slide stopped after %.4f m (v %v), want %.4f ± 1%%", got, b.V, want)
		}
	})
	t.Run("ramp", func(t *testing.T) {
		sc, w := loadWorld(t, "ramp")
		stays, slides := w.Bodies[0], w.Bodies[1]
		start := stays.P
		down := mgl64.Vec3{-math.Cos(35 * math.Pi / 180), -math.Sin(35 * math.Pi / 180), 0}
		var v1 float64
		for i := range sc.Steps() {
			mustStep(t, w)
			if i == 29 {
				v1 = slides.V.Dot(down)
			}
			if i == 89 {
				a := slides.V.Dot(down) - v1
				want := 9.81 * (math.Sin(35*math.Pi/180) - 0.5*math.Cos(35*math.Pi/180))
				t.Logf("ramp: acceleration %.5f m/s², want %.5f", a, want)
				if math.Abs(a-want) > 0.02*want {
					t.Errorf("35° ramp: acceleration %.4f, want %.4f ± 2%%", a, want)
				}
			}
		}
		if creep := stays.P.Sub(start).Len(); creep > 1e-3 {
			t.Errorf("20° ramp: crept %.3g m", creep)
		}
	})
	t.Run("bounce", func(t *testing.T) {
		sc, w := loadWorld(t, "bounce")
		floor := w.Planes[0]
		apex := make([]float64, 3)
		landed := make([]bool, 3)
		for range sc.Steps() {
			mustStep(t, w)
			for i, b := range w.Bodies {
				// Landed once it first moves up: a bounce leaves from the gap that the
				// step's speculative contact saw, not from the surface.
				h := lowestCorner(b, floor)
				landed[i] = landed[i] || b.V[1] > 0
				if landed[i] {
					apex[i] = max(apex[i], h)
				}
			}
		}
		for i, e := range []float64{0, 0.5, 0.9} {
			t.Logf("bounce e = %g: rebound %.4f m, want %.4f", e, apex[i], e*e)
			if e == 0 && apex[i] > 1e-3 || e > 0 && math.Abs(apex[i]-e*e) > 0.05*e*e {
				t.Errorf("e = %g: rebound %.4f m, want %.4f ± 5%%", e, apex[i], e*e)
			}
		}
	})
	t.Run("incline slides", func(t *testing.T) {
		// Lying flat on the 45° incline, the torus slides (μ = 0.5 < tan 45°) with
		// acceleration g (sin 45° − μ cos 45°) until it reaches the floor after about 1.6 s.
		_, w := loadWorld(t, "incline")
		down := mgl64.Vec3{1, -1, 0}.Normalize()
		var v1 float64
		for i := range 60 {
			mustStep(t, w)
			if i == 9 {
				v1 = w.Bodies[0].V.Dot(down)
			}
		}
		a := (w.Bodies[0].V.Dot(down) - v1) / (50 * w.Dt)
		want := 9.81 * (math.Sqrt(0.5) - 0.5*math.Sqrt(0.5))
		t.Logf("incline: acceleration %.5f m/s², want %.5f", a, want)
		if math.Abs(a-want) > 0.02*want {
			t.Errorf("torus on the incline: acceleration %.4f, want %.4f ± 2%%", a, want)
		}
	})
	for _, name := range []string{"drop", "fling", "incline"} {
		t.Run(name, func(t *testing.T) {
			sc, w := loadWorld(t, name)
			maxPen, touched, last, gain := 0.0, false, energy(w), 0.0
			for range sc.Steps() {
				mustStep(t, w)
				e := energy(w)
				if touched {
					gain = max(gain, e-last)
				}
				touched = touched || w.Stats.Contacts > 0
				last = e
				for _, pl := range w.Planes {
					maxPen = max(maxPen, -lowestCorner(w.Bodies[0], pl))
				}
			}
			ke := w.KineticEnergy()
			t.Logf("%s: max penetration %.3g m, largest energy gain in a step %.3g J, final KE %.3g J", name, maxPen, gain, ke)
			if maxPen >= 2e-3 || gain > 1e-6 || ke > 1e-6 {
				t.Errorf("%s: penetration %.3g m, energy gain %.3g J, final KE %.3g J", name, maxPen, gain, ke)
			}
		})
	}
}

// energy is the kinetic plus gravitational potential energy of w's bodies (J).
func energy(w *contact.World) float64 {
	e := w.KineticEnergy()
	for _, b := range w.Bodies {
		e -= b.Mass * w.Gravity.Dot(b.P)
	}
	return e
}

// Bad input names its file and line.
func TestBadPlanesAndSolver(t *testing.T) {
	tests := []struct{ name, xml, want string }{
		{"zero normal", `<plane normal="0 0 0"/>`, "bad.xml:3:"},
		{"NaN normal", `<plane normal="NaN 1 0"/>`, "bad.xml:3:"},
		{"negative plane friction", `<plane friction="-0.1"/>`, "bad.xml:3:"},
		{"negative plane restitution", `<plane restitution="-1"/>`, "bad.xml:3:"},
		{"plane restitution above 1", `<plane restitution="1.5"/>`, "bad.xml:3:"},
		{"negative body friction", `<body mesh="cube" friction="-2"/>`, "bad.xml:3:"},
		{"negative body restitution", `<body mesh="cube" restitution="-0.5"/>`, "bad.xml:3:"},
		{"zero iterations", `<solver iterations="0"/>`, "bad.xml:3:"},
		{"negative iterations", `<solver iterations="-3"/>`, "bad.xml:3:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "<scene>\n<duration time=\"1\"/>\n" + tc.xml + "\n</scene>\n"
			sc, err := scene.Parse(strings.NewReader(src), "bad.xml")
			if err == nil {
				_, err = sc.World()
			}
			if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("error %v, want one starting with %q", err, tc.want)
			}
		})
	}
}

// BenchmarkScene runs the fling and ramp scenes to their ends and reports ms per step
// (docs/benchmarks.md, "Plane contact"); building the world is not timed.
func BenchmarkScene(b *testing.B) {
	for _, name := range []string{"fling", "ramp"} {
		b.Run(name, func(b *testing.B) {
			steps := 0
			for b.Loop() {
				b.StopTimer()
				sc, w := loadWorld(b, name)
				b.StartTimer()
				for range sc.Steps() {
					mustStep(b, w)
				}
				steps += sc.Steps()
			}
			b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(steps), "ms/step")
		})
	}
}
