package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A cube resting on the floor shows one manifold of four corners on the floor whose normal
// impulses carry its weight: Σλ = m g dt.
func TestManifoldsOfRestingCube(t *testing.T) {
	cube := boxBody(mgl64.Vec3{1, 1, 1}, 2, mgl64.Vec3{0, 0.5, 0})
	w := floorWorld(0.5, cube)
	for range 60 {
		mustStep(t, w)
	}
	ms := w.Manifolds(nil)
	if len(ms) != 1 || ms[0].N != 4 || ms[0].Touch != (Touch{A: w.ID(0), Plane: 0}) {
		t.Fatalf("manifolds %+v, want one of 4 points between body 0 and plane 0", ms)
	}
	sum := 0.0
	for _, p := range ms[0].Points[:ms[0].N] {
		sum += p.NormalImpulse
		if math.Abs(p.Position[1]) > 1e-3 || math.Abs(math.Abs(p.LocalA[0])-0.5) > 1e-12 {
			t.Errorf("point %+v is not a bottom corner on the floor", p)
		}
	}
	if want := 2 * 9.81 * w.Dt; math.Abs(sum-want) > 1e-6*want {
		t.Errorf("normal impulses sum to %g N·s, want m g dt = %g", sum, want)
	}
}
