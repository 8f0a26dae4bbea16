package meshtest

import (
	"math"
	"testing"

	"github.com/tumble-physics/tumble/inertia"
)

// The meshes are closed and wound outward: their volumes approach the solids'.
func TestVolumes(t *testing.T) {
	for _, tc := range []struct {
		m    *inertia.Mesh
		want float64
	}{
		{Sphere(0.5, 200, 101), 4.0 / 3 * math.Pi * 0.125},
		{Torus(1, 0.25, 200, 60), 2 * math.Pi * math.Pi * 1 * 0.25 * 0.25},
	} {
		p, err := inertia.Compute(tc.m, 1, inertia.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if p.Flipped || math.Abs(p.Volume-tc.want) > 2e-3*tc.want {
			t.Errorf("%s: volume %g (flipped %v), want %g", tc.m.Name, p.Volume, p.Flipped, tc.want)
		}
	}
}
