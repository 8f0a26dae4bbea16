package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A 1 kg unit cube resting on the floor for 10 s at dt = 1/60 with 10 iterations stays put.
func TestCubeRests(t *testing.T) {
	cube := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
	w := floorWorld(0.5, cube)
	maxPen := 0.0
	for range 600 {
		mustStep(t, w)
		maxPen = max(maxPen, w.Stats.MaxPenetration)
	}
	drift := math.Hypot(cube.P[0], cube.P[2])
	rot := cube.R.Sub(mgl64.Ident3())
	rotErr := 0.0
	for _, x := range rot {
		rotErr = max(rotErr, math.Abs(x))
	}
	ke := cube.KineticEnergy()
	t.Logf("penetration %.3g m, drift %.3g m, rotation %.3g, KE %.3g J, y %.9f, contacts %d, residual %v",
		maxPen, drift, rotErr, ke, cube.P[1], w.Stats.Contacts, w.Stats.Residuals)
	if maxPen >= 1e-3 || drift >= 1e-4 || rotErr > 1e-9 || ke >= 1e-8 {
		t.Errorf("cube did not rest")
	}
}

// The position pass leaves a box resting within positionTrigger beyond the slop alone, and
// lifts one deeper than that back to the slop in a step.
func TestPositionPassTrigger(t *testing.T) {
	for _, c := range []struct {
		depth float64
		runs  bool
	}{{defaults.PenetrationSlop + 0.5*positionTrigger, false}, {defaults.PenetrationSlop + 3*positionTrigger, true}} {
		cube := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5 - c.depth, 0})
		w := floorWorld(0.5, cube)
		mustStep(t, w)
		after := c.depth - (cube.P[1] - (0.5 - c.depth)) // depth after the step
		t.Logf("%.3f mm deep: position pass %d sweeps, %d guard rounds, %.4f mm deep after",
			c.depth*1e3, w.Stats.PositionIterations, w.Stats.GuardRounds, after*1e3)
		if ran := w.Stats.PositionIterations > 0; ran != c.runs || w.Stats.GuardRounds != 0 {
			t.Errorf("%.3f mm deep: position pass ran %v, want %v; %d guard rounds", c.depth*1e3, ran, c.runs, w.Stats.GuardRounds)
		}
		want := c.depth // left alone
		if c.runs {
			want = defaults.PenetrationSlop // planes' rows remove the whole depth beyond the slop
		}
		if math.Abs(after-want) > 1e-6 {
			t.Errorf("%.3f mm deep: %.4f mm after the step, want %.4f", c.depth*1e3, after*1e3, want*1e3)
		}
	}
}

// The guard repeats a solve only for a point that ends beyond the slop and goes deeper.
func TestDeepens(t *testing.T) {
	for _, c := range []struct {
		reach, depth float64
		want         bool
	}{
		{0.4e-3, 0.3e-3, false},                    // within the slop
		{0.6e-3, 0.6e-3, false},                    // resting deep: the position pass's
		{0.6e-3, 0.6e-3 - guardDeepening/2, false}, // within the tolerance
		{0.6e-3, 0.5e-3, true},                     // going 0.1 mm deeper
		{3e-3, -1e-3, true},                        // a gap closing into the body
	} {
		if got := NewWorld(DefaultSettings()).deepens(c.reach, c.depth); got != c.want {
			t.Errorf("deepens(%g, %g) = %v, want %v", c.reach, c.depth, got, c.want)
		}
	}
}
