package collide

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Clipping keeps a corner that lies within clipTolerance outside a side plane; the edge from
// it to a corner just beyond the tolerance is then cut where the two corners' distances
// would cross zero, which is outside the edge. The cut must stay on the edge: extrapolated,
// it lands 0.75 m away (and 50 m for corners 9.9 and 10.1 µm out), a contact point far
// outside both bodies with a lever arm to match.
func TestClipPolygonCutStaysOnEdge(t *testing.T) {
	side, off := mgl64.Vec3{1, 0, 0}, 0.5
	for _, c := range []struct{ in, out float64 }{{6e-6, 1.4e-5}, {9.9e-6, 1.01e-5}, {-0.25, 0.25}} {
		square := []clipVertex{
			{x: mgl64.Vec3{-0.5, 0, 0}, id: 1}, {x: mgl64.Vec3{off + c.in, 0, 0}, id: 2},
			{x: mgl64.Vec3{off + c.out, 0, 1}, id: 3}, {x: mgl64.Vec3{-0.5, 0, 1}, id: 4}}
		got := clipPolygon(nil, square, &side, off, 0)
		if len(got) != 5 {
			t.Fatalf("%v: %d vertices, want 5 (three kept, two cuts)", c, len(got))
		}
		for _, v := range got {
			if v.x[2] < 0 || v.x[2] > 1 || side.Dot(v.x)-off > clipTolerance {
				t.Errorf("%v: vertex %v outside the clipped square", c, v.x)
			}
		}
		// The cut of edge 2→3 lies on it: for the real crossing (last case) at z = 1/2.
		if cut := got[2].x; c.in < 0 && mgl64.Abs(cut[2]-0.5) > 1e-12 {
			t.Errorf("%v: cut at %v, want z = 0.5", c, cut)
		}
	}
}
