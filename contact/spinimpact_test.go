package contact

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A 2 m plank spun about its middle axis at hundreds of rad/s, its ends sweeping through a
// fixed plate under it: each step turns it by radians, and whatever the contacts do, the
// total energy (kinetic and potential) never rises above its start. Before a step's rotation
// was split into small turns, the plank left at 3,800 rad/s with twice its energy.
func TestSpinningPlankOnPlateGainsNoEnergy(t *testing.T) {
	cube := builtinMesh(t, "cube")
	for _, spin := range []float64{100, 300, 1000} {
		w := NewWorld(DefaultSettings())
		plate := DefaultBodyDef()
		plate.Mesh, plate.Position, plate.Fixed = cube.Transformed(mgl64.Vec3{1, 0.02, 1}), mgl64.Vec3{0, 1, 0}, true
		plank := DefaultBodyDef()
		plank.Mesh, plank.Position = cube.Transformed(mgl64.Vec3{2, 0.1, 0.2}), mgl64.Vec3{0, 1.6, 0}
		plank.AngularVelocity = mgl64.Vec3{1, 0, spin}
		for _, def := range []BodyDef{plate, plank} {
			if _, err := w.CreateBody(def); err != nil {
				t.Fatal(err)
			}
		}
		b := w.Bodies[1]
		energy := func() float64 { return b.KineticEnergy() - b.Mass*w.Gravity.Dot(b.P) }
		e0, worst, touched := energy(), 0.0, false
		for range 120 {
			mustStep(t, w)
			touched = touched || len(w.Manifolds(nil)) > 0
			worst = max(worst, energy()/e0-1)
		}
		t.Logf("%g rad/s: energy at most %+.2g relative to its start, %.3g J at the end of %.3g J", spin, worst, energy(), e0)
		if !touched || worst > 1e-3 {
			t.Errorf("%g rad/s: touched the plate %v; energy rose by %.3g relative; want a contact and no rise", spin, touched, worst)
		}
	}
}
