package collide

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/internal/bodytest"

	"github.com/go-gl/mathgl/mgl64"
)

// boxShapes returns the polyhedra of the built-in cube and box and of boxes of random
// sizes, all of which have box classes.
func boxShapes(t *testing.T, rng *rand.Rand) []*polyhedron {
	t.Helper()
	var shapes []*polyhedron
	for _, name := range []string{"cube", "box"} {
		m := bodytest.Mesh(t, name)
		shapes = append(shapes, newPolyhedron(m.Vertices, ConvexHull(m.Vertices)))
	}
	for range 4 {
		size := mgl64.Vec3{0.2 + 2*rng.Float64(), 0.2 + 2*rng.Float64(), 0.2 + 2*rng.Float64()}
		m := bodytest.Box(size, 1, mgl64.Vec3{}).Mesh
		shapes = append(shapes, newPolyhedron(m.Vertices, ConvexHull(m.Vertices)))
	}
	for _, p := range shapes {
		if p.box == nil {
			t.Fatal("a box without box classes: the plain loop would be tested against itself")
		}
	}
	return shapes
}

// The box edge and face queries give exactly what the plain loops over every edge pair and
// face give, for boxes of several sizes in random poses and in the poses of stacks:
// unturned, turned by exact and by rounded right angles, turned alike (every edge of one
// parallel to four of the other) and turned by a hair; stacked exactly, side by side,
// apart, deep, and touching on a plane through the origin (a separation of zero, whose
// sign the face query must get right).
func TestBoxQueriesMatchPlainLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	shapes := boxShapes(t, rng)
	vec := gaussianVectors(rng)
	// rightAngle returns a signed permutation matrix: exact zeros and ones.
	rightAngle := func() mgl64.Mat3 {
		var r mgl64.Mat3
		perm := rng.Perm(3)
		for col, row := range perm {
			r[3*col+row] = float64(1 - 2*rng.IntN(2))
		}
		return r
	}
	turn := func() mgl64.Mat3 {
		switch rng.IntN(6) {
		case 0:
			return mgl64.Ident3()
		case 1:
			return rightAngle()
		case 2: // rounded right angles: cos(π/2) is 6e-17, not 0
			return body.Exp(mgl64.Vec3{0, 0, math.Pi / 2 * float64(rng.IntN(4))}).Mul3(body.Exp(mgl64.Vec3{math.Pi / 2, 0, 0}))
		case 3: // a hair off a right angle
			return rightAngle().Mul3(body.Exp(vec(math.Pow(10, -3-10*rng.Float64()))))
		}
		return body.Exp(vec(2))
	}
	var p, q Pose
	for trial := range 40000 {
		a, b := shapes[rng.IntN(len(shapes))], shapes[rng.IntN(len(shapes))]
		ra, rb := turn(), turn()
		switch rng.IntN(4) {
		case 0: // turned alike
			rb = ra
		case 1: // alike up to right angles
			rb = ra.Mul3(rightAngle())
		}
		d := vec(0.7 * rng.Float64())
		switch rng.IntN(5) {
		case 0: // stacked exactly, on either axis
			d = mgl64.Vec3{}
			d[rng.IntN(3)] = float64(rng.IntN(3)) - 1
		case 1: // stacked, shifted by a random amount in the plane
			d = mgl64.Vec3{rng.Float64() - 0.5, 1, rng.Float64() - 0.5}
		case 2: // apart
			d = vec(3)
		}
		pa, pb := mgl64.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}, mgl64.Vec3{}
		pb = pa.Add(d)
		if trial%7 == 0 { // touching on the plane y = 0 through the origin, unturned
			ra, rb = mgl64.Ident3(), mgl64.Ident3()
			up := 1.0 - 2*float64(rng.IntN(2))
			pa = mgl64.Vec3{float64(rng.IntN(3)) - 1, -up * halfHeight(a), 0}
			pb = mgl64.Vec3{0.5 * (float64(rng.IntN(3)) - 1), up * halfHeight(b), 0}
		}
		p.pose(a, ra, pa)
		q.pose(b, rb, pb)
		if got, want := queryEdges(&p, &q), plainQueryEdges(&p, &q); !sameEdge(got, want) {
			t.Fatalf("trial %d: queryEdges %+v, plain loop %+v", trial, got, want)
		}
		for _, pq := range [2][2]*Pose{{&p, &q}, {&q, &p}} {
			if got, want := queryFaces(pq[0], pq[1]), plainQueryFaces(pq[0], pq[1]); !sameFace(got, want) {
				t.Fatalf("trial %d: queryFaces %+v, plain loop %+v", trial, got, want)
			}
		}
	}
}

// halfHeight returns the greatest y of p's corners.
func halfHeight(p *polyhedron) float64 {
	h := math.Inf(-1)
	for _, v := range p.verts {
		h = max(h, v[1])
	}
	return h
}
