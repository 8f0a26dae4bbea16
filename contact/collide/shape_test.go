package collide

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/internal/bodytest"
)

// Bodies whose meshes are equal copies share one hull; a mesh of another shape gets its own.
func TestEqualMeshesShareTheirHull(t *testing.T) {
	m := bodytest.Mesh(t, "cube")
	var s Shapes
	a := s.For(m)
	if b := s.For(m.Transformed(mgl64.Vec3{1, 1, 1})); b != a {
		t.Errorf("a copy of the cube got a hull of its own")
	}
	if c := s.For(m.Transformed(mgl64.Vec3{2, 1, 1})); c == a || c.Radius <= a.Radius {
		t.Errorf("a box twice as long shares the cube's hull (radius %g, cube's %g)", c.Radius, a.Radius)
	}
}
