package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// droppedTower drops n cubes of side size (m), 10% of their size apart and each 5% off the
// one below, onto the floor with settings s (lengths and speeds scaled to the size), runs
// 2 s without sleeping, and returns how far the top cube's centre ends below where it would
// rest on an exact tower, as a fraction of the size.
func droppedTower(t *testing.T, size float64, n int, dt float64) float64 {
	s := DefaultSettings()
	s.Dt, s.EnableSleep = dt, false
	s.PenetrationSlop *= size
	s.SpeculativeMargin *= size
	s.RestitutionThreshold *= math.Sqrt(size)
	s.SleepLinearVelocity *= math.Sqrt(size)
	w := NewWorld(s)
	w.Planes = []Plane{{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5}}
	cube := builtinMesh(t, "cube").Transformed(mgl64.Vec3{size, size, size})
	var top BodyID
	for k := range n {
		top = create(t, w, cube, mgl64.Vec3{0.05 * size * float64(k%2), size * (2.5 + 1.1*float64(k)), 0})
	}
	for range int(2 / dt) {
		mustStep(t, w)
	}
	return (size*(float64(n)-0.5) - w.Body(top).P[1]) / size
}

// Settings' doc, measured: towers of millimetre cubes, with lengths and speeds scaled, fall
// at the default step of 1/60 s and at (1/60 s)·√(L / 1 m); at (1/240 s)·√(L / 1 m) they
// stand, as metre cubes do at 1/240 s.
func TestSmallBodiesNeedASmallerStep(t *testing.T) {
	const mm = 1e-3
	for _, tc := range []struct {
		size, dt float64
		n        int
		stands   bool
	}{
		{1, 1.0 / 240, 5, true},
		{mm, 1.0 / 60, 5, false},
		{mm, 1.0 / 60 * math.Sqrt(mm), 10, false},
		{mm, 1.0 / 240 * math.Sqrt(mm), 10, true},
	} {
		sunk := droppedTower(t, tc.size, tc.n, tc.dt)
		t.Logf("%g m cubes, %d dropped, Dt = 1/%.0f s: the top one sinks %.2g of its size", tc.size, tc.n, 1/tc.dt, sunk)
		// Standing, each of its contacts sits at the slop (scaled: 5e-4 of the size) or above;
		// fallen, it is a good part of a cube low.
		if stands := sunk < float64(tc.n)*5e-4; stands != tc.stands {
			t.Errorf("%g m cubes at Dt = 1/%.0f s: the top one sinks %.3g of its size; want the tower standing %v", tc.size, 1/tc.dt, sunk, tc.stands)
		}
	}
}
