package contact

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Bodies whose meshes are equal copies share one hull; a mesh of another shape gets its own.
func TestEqualMeshesShareTheirHull(t *testing.T) {
	m := builtinMesh(t, "cube")
	var s contactState
	a := s.hullFor(m)
	if b := s.hullFor(m.Transformed(mgl64.Vec3{1, 1, 1})); b != a {
		t.Errorf("a copy of the cube got a hull of its own")
	}
	if c := s.hullFor(m.Transformed(mgl64.Vec3{2, 1, 1})); c == a || c.radius <= a.radius {
		t.Errorf("a box twice as long shares the cube's hull (radius %g, cube's %g)", c.radius, a.radius)
	}
}
