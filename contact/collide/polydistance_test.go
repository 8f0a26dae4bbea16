package collide

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/internal/bodytest"
)

// A convex mesh's polyhedron gives the exact signed distance to its triangles, with the
// closest point and normal: at random points in and around each built-in convex mesh the
// distance matches the triangles' (meshDistance, by brute force over a hierarchy) to
// 1e-12 m, the closest point lies that distance from the point, and the normal points from
// it to the point (into the mesh from inside). No face plane lies farther, and asked for
// distances just above it, signedDistance gives the same.
func TestPolyhedronDistanceIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	gauss := gaussianVectors(rng)
	for _, name := range []string{"box", "cube", "cylinder", "icosphere", "tetrahedron"} {
		m := bodytest.Mesh(t, name)
		p := newPolyhedron(m.Vertices, ConvexHull(m.Vertices))
		md := newMeshDistance(m)
		for range 2000 {
			x := gauss(0.6)
			d, closest, n, ok := p.signedDistance(x, math.Inf(1))
			if !ok {
				t.Fatalf("%s at %v: no distance", name, x)
			}
			want, _, _ := md.signed(x, -1, false)
			if math.Abs(d-want) > 1e-12 {
				t.Fatalf("%s at %v: distance %.15g, the triangles' %.15g", name, x, d, want)
			}
			if r := rounded.Len(x.Sub(closest)); math.Abs(r-math.Abs(d)) > 1e-12 {
				t.Fatalf("%s at %v: closest point %.15g away, distance %.15g", name, x, r, d)
			}
			if e := rounded.Len(closest.Add(n.Mul(d)).Sub(x)); e > 1e-12 {
				t.Fatalf("%s at %v: closest + d·n misses the point by %g", name, x, e)
			}
			if p.planeDistanceAbove(x, d+1e-15) {
				t.Fatalf("%s at %v: a face plane farther than the distance %.15g", name, x, d)
			}
			if d2, _, _, ok := p.signedDistance(x, d+1e-9); !ok || d2 != d {
				t.Fatalf("%s at %v: asked for distances below %.15g, got %.15g (%v)", name, x, d+1e-9, d2, ok)
			}
		}
	}
}
