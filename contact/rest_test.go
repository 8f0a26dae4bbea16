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
		w.Step()
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
