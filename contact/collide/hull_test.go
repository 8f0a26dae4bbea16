package collide

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/internal/aabb"
	"github.com/tumble-physics/tumble/contact/internal/bodytest"
	"github.com/tumble-physics/tumble/inertia/meshtest"
)

// cubePoints returns the 8 corners of the unit cube centred on the origin plus its 6 face
// centres, 12 edge midpoints and centre: 27 points, 8 of them corners.
func cubePoints() []mgl64.Vec3 {
	var p []mgl64.Vec3
	for _, x := range []float64{-0.5, 0, 0.5} {
		for _, y := range []float64{-0.5, 0, 0.5} {
			for _, z := range []float64{-0.5, 0, 0.5} {
				p = append(p, mgl64.Vec3{x, y, z})
			}
		}
	}
	return p
}

// cylinderPoints returns a cylinder of radius r and height 2 with k points around each cap
// and the caps' centres.
var cylinderPoints = bodytest.CylinderPoints

// checkHull asserts what makes h the convex hull of p: a closed two-manifold triangulation
// (every directed edge has its reverse) with Euler characteristic 2, every point on the
// inner side of every face, and every corner on some face.
func checkHull(t *testing.T, p []mgl64.Vec3, h Hull) {
	t.Helper()
	edges := map[[2]int32]int{}
	used := map[int32]bool{}
	for _, tr := range h.Triangles {
		used[tr[0]], used[tr[1]], used[tr[2]] = true, true, true
		for e := range 3 {
			edges[[2]int32{tr[e], tr[(e+1)%3]}]++
		}
		a, b, c := p[tr[0]], p[tr[1]], p[tr[2]]
		n := b.Sub(a).Cross(c.Sub(a))
		if n.Len() == 0 {
			t.Errorf("degenerate triangle %v", tr)
			continue
		}
		n = n.Normalize()
		for i, x := range p {
			if d := n.Dot(x.Sub(a)); d > 1e-8 {
				t.Fatalf("point %d is %g outside triangle %v", i, d, tr)
			}
		}
	}
	for e, k := range edges {
		if k != 1 || edges[[2]int32{e[1], e[0]}] != 1 {
			t.Fatalf("edge %v used %d times, reverse %d", e, k, edges[[2]int32{e[1], e[0]}])
		}
	}
	if v, e, f := len(used), len(edges)/2, len(h.Triangles); v-e+f != 2 {
		t.Errorf("V − E + F = %d − %d + %d ≠ 2", v, e, f)
	}
}

func TestConvexHullCorners(t *testing.T) {
	sphere := make([]mgl64.Vec3, 300)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range sphere {
		sphere[i] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
	}
	// Points inside the unit ball never become corners.
	ball := append([]mgl64.Vec3{}, sphere...)
	for range 500 {
		ball = append(ball, sphere[rng.IntN(len(sphere))].Mul(rng.Float64()*0.99))
	}
	tests := []struct {
		name    string
		points  []mgl64.Vec3
		corners int
	}{
		{"cube with face and edge points", cubePoints(), 8},
		{"cylinder with cap centres", cylinderPoints(32, 0.5), 64},
		{"flat cylinder, 1 mm thick", scaleAll(cylinderPoints(16, 1), mgl64.Vec3{1, 5e-4, 1}), 32},
		{"points on a sphere", sphere, 300},
		{"sphere plus interior", ball, 300},
		{"cube scaled to micrometres", scaleAll(cubePoints(), mgl64.Vec3{1e-6, 1e-6, 1e-6}), 8},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := ConvexHull(tc.points)
			if len(h.Vertices) != tc.corners {
				t.Errorf("%d corners, want %d", len(h.Vertices), tc.corners)
			}
			checkHull(t, tc.points, h)
		})
	}
}

func TestConvexHullCubeCorners(t *testing.T) {
	p := cubePoints()
	for _, i := range ConvexHull(p).Vertices {
		for a := range 3 {
			if math.Abs(p[i][a]) != 0.5 {
				t.Errorf("corner %d = %v is not a cube corner", i, p[i])
			}
		}
	}
}

func TestConvexHullFlat(t *testing.T) {
	// Coplanar points span no volume: every point is kept and there are no triangles.
	p := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}, {0.5, 0, 0.5}}
	h := ConvexHull(p)
	if len(h.Vertices) != len(p) || len(h.Triangles) != 0 {
		t.Errorf("flat input: %d vertices, %d triangles; want %d, 0", len(h.Vertices), len(h.Triangles), len(p))
	}
}

func scaleAll(p []mgl64.Vec3, s mgl64.Vec3) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(p))
	for i, x := range p {
		out[i] = mgl64.Vec3{x[0] * s[0], x[1] * s[1], x[2] * s[2]}
	}
	return out
}

// BenchmarkConvexHull times exact hulls of points on a sphere, every one a corner (the worst
// case for quickhull), at sizes whose times grow about as n log n.
func BenchmarkConvexHull(b *testing.B) {
	for _, n := range []int{1000, 4096, 10000, 40000} {
		rng := rand.New(rand.NewPCG(3, 4))
		p := make([]mgl64.Vec3, n)
		for i := range p {
			p[i] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		}
		b.Run(fmt.Sprintf("points=%d", n), func(b *testing.B) {
			for b.Loop() {
				exactHull(p)
			}
		})
	}
}

// BenchmarkSampledHull times the hull of a million-triangle sphere's 500,002 vertices.
func BenchmarkSampledHull(b *testing.B) {
	p := meshtest.Sphere(1, 1000, 501).Vertices
	for b.Loop() {
		ConvexHull(p)
	}
}

// More than ExactHullPoints points get the hull of a sample: at most HullSampleDirections
// corners, touching the points' bounding box on every side, and on a sphere no point more
// than the documented 1.42% of the radius outside it; a box's corners are found exactly.
func TestSampledHull(t *testing.T) {
	sphere := meshtest.Sphere(1, 200, 101).Vertices
	h := ConvexHull(sphere)
	if !h.Sampled || len(h.Vertices) > HullSampleDirections || len(h.Vertices) < HullSampleDirections/2 {
		t.Fatalf("%d points: sampled %v, %d corners; want sampled, at most %d", len(sphere), h.Sampled, len(h.Vertices), HullSampleDirections)
	}
	// The hull of the sample, renumbered: a closed convex surface holding every sampled point.
	var sample []mgl64.Vec3
	at := map[int32]int32{}
	for _, i := range h.Vertices {
		at[i] = int32(len(sample))
		sample = append(sample, sphere[i])
	}
	var own Hull
	for _, tr := range h.Triangles {
		own.Triangles = append(own.Triangles, [3]int32{at[tr[0]], at[tr[1]], at[tr[2]]})
	}
	checkHull(t, sample, own)
	if got, want := aabb.Of(sample), aabb.Of(sphere); got != want {
		t.Errorf("the sample spans %v, the points %v", got, want)
	}
	worst := 0.0
	for _, x := range sphere {
		inside := math.Inf(-1)
		for _, tr := range h.Triangles {
			a, b, c := sphere[tr[0]], sphere[tr[1]], sphere[tr[2]]
			n := b.Sub(a).Cross(c.Sub(a)).Normalize()
			inside = max(inside, n.Dot(x.Sub(a)))
		}
		worst = max(worst, inside)
	}
	if worst > 0.0142 || worst < 1e-4 {
		t.Errorf("a point of the unit sphere lies %.4g outside the sampled hull; want (0, 0.0142]", worst)
	}

	// A box's surface divided into a grid: its corners are found exactly.
	var box []mgl64.Vec3
	for i := range 41 {
		for j := range 41 {
			u, v := float64(i)/40-0.5, float64(j)/40-0.5
			for _, s := range []float64{-0.5, 0.5} {
				box = append(box, mgl64.Vec3{s, u, v}, mgl64.Vec3{u, s, v}, mgl64.Vec3{u, v, s})
			}
		}
	}
	h = ConvexHull(box)
	if !h.Sampled || len(h.Vertices) != 8 {
		t.Fatalf("%d points of a box's surface: sampled %v, %d corners; want sampled, 8", len(box), h.Sampled, len(h.Vertices))
	}
	checkHull(t, box, h)
}

// FuzzConvexHull builds hulls of points on a coarse integer grid, where duplicates and
// coplanar and collinear points abound: the result is either the flat fallback or a closed
// convex triangulation that has every point inside.
func FuzzConvexHull(f *testing.F) {
	f.Add([]byte{0, 0, 0, 9, 0, 0, 0, 9, 0, 0, 0, 9, 3, 3, 3})
	f.Add([]byte{0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		var p []mgl64.Vec3
		for i := 0; i+2 < len(b) && len(p) < 200; i += 3 {
			p = append(p, mgl64.Vec3{float64(b[i] % 8), float64(b[i+1] % 8), float64(b[i+2] % 8)})
		}
		h := ConvexHull(p)
		if len(h.Triangles) == 0 {
			return
		}
		checkHull(t, p, h)
	})
}
