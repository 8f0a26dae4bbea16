package collide

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/inertia"
	"github.com/tumble-physics/tumble/inertia/meshtest"
)

// A mesh whose hull is sampled is judged convex by its own surface: a sphere is, and a torus,
// a dented sphere, two spheres in one mesh and a sphere with a face turned inside out are not.
func TestIsConvexSampled(t *testing.T) {
	sphere := meshtest.Sphere(1, 100, 51)
	dented := meshtest.Sphere(1, 100, 51)
	dented.Vertices[1000] = dented.Vertices[1000].Mul(0.99)
	twice := meshtest.Sphere(1, 100, 51)
	n := int32(len(twice.Vertices))
	for _, v := range sphere.Vertices {
		twice.Vertices = append(twice.Vertices, v.Add(mgl64.Vec3{3, 0, 0}))
	}
	for _, tr := range sphere.Triangles {
		twice.Triangles = append(twice.Triangles, [3]int32{tr[0] + n, tr[1] + n, tr[2] + n})
	}
	turned := meshtest.Sphere(1, 100, 51)
	turned.Triangles[500][1], turned.Triangles[500][2] = turned.Triangles[500][2], turned.Triangles[500][1]
	for _, tc := range []struct {
		m    *inertia.Mesh
		want bool
	}{
		{sphere, true},
		{meshtest.Torus(1, 0.25, 100, 50), false},
		{dented, false},
		{twice, false},
		{turned, false},
	} {
		h := ConvexHull(tc.m.Vertices)
		if !h.Sampled {
			t.Fatalf("%d vertices: the hull is not sampled", len(tc.m.Vertices))
		}
		if got := isConvex(tc.m.Vertices, tc.m.Triangles, h); got != tc.want {
			t.Errorf("%s of %d vertices: convex %v, want %v", tc.m.Name, len(tc.m.Vertices), got, tc.want)
		}
	}
}
