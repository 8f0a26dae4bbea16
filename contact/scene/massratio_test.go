package scene

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// At the ratio above which a scene draws a warning (maxMassRatio), heavy bodies resting on
// light ones stay within a centimetre of where they were put and gain no more energy than
// settling into the slop releases: a heavy cube centred on a light one, turned and set off
// centre on it, sandwiched between two heavy ones, and a heavy slab on two light cubes, each
// for 10 s at the defaults. (At 100,000 times the slab's cubes are flung away: the warning
// says so.)
func TestMassRatioLimitHolds(t *testing.T) {
	m := fmt.Sprint(maxMassRatio)
	for name, bodies := range map[string]string{
		"centred":    `<body mesh="cube" mass="1" position="0 0.5 0"/><body mesh="cube" mass="M" position="0 1.5 0"/>`,
		"off centre": `<body mesh="cube" mass="1" position="0 0.5 0"/><body mesh="cube" mass="M" position="0.3 1.5 0.2" rotation="0 0.4 0"/>`,
		"sandwich":   `<body mesh="cube" mass="M" position="0 0.5 0"/><body mesh="cube" mass="1" position="0 1.5 0"/><body mesh="cube" mass="M" position="0 2.5 0"/>`,
		"slab":       `<body mesh="cube" mass="1" position="0 0.5 0"/><body mesh="cube" scale="2 1 2" mass="M" position="0.4 1.5 -0.3" rotation="0 0.7 0"/><body mesh="cube" mass="1" position="1.2 0.5 0"/>`,
	} {
		s, err := Parse(strings.NewReader(`<scene><duration time="10"/><plane/>`+strings.ReplaceAll(bodies, `"M"`, `"`+m+`"`)+`</scene>`), "ratio.xml")
		if err != nil {
			t.Fatal(err)
		}
		w, err := s.World()
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Warnings) != 0 {
			t.Fatalf("%s: warnings %q at the limit", name, s.Warnings)
		}
		energy := func() float64 {
			e := w.KineticEnergy()
			for _, b := range w.Bodies {
				e -= b.Mass * w.Gravity.Dot(b.P)
			}
			return e
		}
		e0, rise := energy(), 0.0
		starts := make([]mgl64.Vec3, len(w.Bodies))
		for i, b := range w.Bodies {
			starts[i] = b.P
		}
		for range s.Steps() {
			if err := w.Step(); err != nil {
				t.Fatal(err)
			}
			rise = max(rise, energy()-e0)
		}
		moved := 0.0
		for i, b := range w.Bodies {
			moved = max(moved, b.P.Sub(starts[i]).Len())
		}
		// The heavy body's weight times the slop: what settling into the slop may release.
		allowed := maxMassRatio * w.Gravity.Len() * w.PenetrationSlop
		t.Logf("%s at %g:1: moved %.2g m at most, energy rose by %.2g J at most (%.2g J allowed)", name, float64(maxMassRatio), moved, rise, allowed)
		if moved > 0.01 || rise > allowed {
			t.Errorf("%s at %g:1: a body moved %.3g m, the energy rose by %.3g J; want under 1 cm and %.3g J", name, float64(maxMassRatio), moved, rise, allowed)
		}
	}
}
