package collide

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/internal/bodytest"

	"github.com/go-gl/mathgl/mgl64"
)

// plainQueryFaces is queryFaces as the plain loop over every face and every corner: the
// reference the fast query must match bit for bit.
func plainQueryFaces(p, q *Pose) faceQuery {
	best := faceQuery{face: -1, sep: math.Inf(-1)}
	for f, n := range p.normals {
		lo := math.Inf(1)
		for _, v := range q.verts {
			lo = min(lo, rounded.Dot(n, v))
		}
		off := rounded.Dot(n, p.verts[p.poly.faces[f].loop[0]])
		if sep := lo - off; sep > best.sep {
			best = faceQuery{face: f, sep: sep}
		}
	}
	return best
}

// plainQueryEdges is queryEdges as the plain loop over every edge pair, in value arithmetic
// (body/rounded's, mgl64's on a build that never fuses): the reference the fast query must
// match bit for bit.
func plainQueryEdges(p, q *Pose) edgeQuery {
	best := edgeQuery{ea: -1, eb: -1, sep: math.Inf(-1)}
	for i, e := range p.poly.edges {
		a, b := p.normals[e.f0], p.normals[e.f1]
		bxa := rounded.Cross(b, a)
		pa := p.verts[e.v0]
		for j, g := range q.poly.edges {
			dxc := rounded.Cross(q.normals[g.f1], q.normals[g.f0])
			cba, dba := -rounded.Dot(q.normals[g.f0], bxa), -rounded.Dot(q.normals[g.f1], bxa)
			adc, bdc := rounded.Dot(a, dxc), rounded.Dot(b, dxc)
			if !(cba*dba < 0 && adc*bdc < 0 && cba*bdc > 0) {
				continue
			}
			n := rounded.Cross(bxa, dxc)
			l := rounded.Len(n)
			if l < 1e-6*rounded.Len(bxa)*rounded.Len(dxc) {
				continue
			}
			n = n.Mul(1 / l)
			if rounded.Dot(n, pa.Sub(p.centre)) < 0 {
				n = n.Mul(-1)
			}
			if sep := rounded.Dot(n, q.verts[g.v0].Sub(pa)); sep > best.sep {
				best = edgeQuery{ea: i, eb: j, sep: sep, n: n}
			}
		}
	}
	return best
}

// testShapes returns the polyhedra of the built-in convex meshes and of two random point
// clouds on a sphere, one with more faces than queryEdges keeps in its buffer.
func testShapes(t *testing.T) map[string]*polyhedron {
	t.Helper()
	shapes := map[string]*polyhedron{}
	for _, name := range []string{"cube", "box", "cylinder", "icosphere", "tetrahedron"} {
		m := bodytest.Mesh(t, name)
		shapes[name] = newPolyhedron(m.Vertices, ConvexHull(m.Vertices))
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for name, n := range map[string]int{"cloud40": 40, "cloud300": 300} {
		pts := make([]mgl64.Vec3, n)
		for i := range pts {
			pts[i] = rounded.Normalize(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}).Mul(0.6)
		}
		shapes[name] = newPolyhedron(pts, ConvexHull(pts))
	}
	if f := len(shapes["cloud300"].faces); f <= maxFaceDots {
		t.Fatalf("cloud300 has %d faces: it does not test the unbuffered path", f)
	}
	return shapes
}

// The fast face and edge queries give exactly what the plain loops give, for every pair
// of shapes in random poses (apart, touching, deep), in poses that share their rotation
// (parallel faces and edges, exact ties) and turned by right angles.
func TestQueriesMatchPlainLoops(t *testing.T) {
	shapes := testShapes(t)
	rng := rand.New(rand.NewPCG(1, 2))
	turn := func() mgl64.Mat3 {
		switch rng.IntN(3) {
		case 0:
			return mgl64.Ident3()
		case 1:
			return body.Exp(mgl64.Vec3{0, math.Pi / 2 * float64(rng.IntN(4)), 0})
		}
		return body.Exp(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
	}
	var p, q Pose
	for na, a := range shapes {
		for nb, b := range shapes {
			trials := 300
			if len(a.edges)*len(b.edges) > 1e4 { // the large clouds: fewer, the loops are long
				trials = 6
			}
			for trial := range trials {
				d := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.8 * rng.Float64())
				if trial%5 == 0 { // stacked: exactly one unit above
					d = mgl64.Vec3{0, 1, 0}
				}
				ra, rb := turn(), turn()
				p.pose(a, ra, mgl64.Vec3{rng.Float64(), 0, 0})
				q.pose(b, rb, p.centre.Add(d))
				if trial == 0 && (!plainPose(&p, a, ra, p.centre) || !plainPose(&q, b, rb, q.centre)) {
					t.Fatalf("%s–%s: pose differs from value arithmetic", na, nb)
				}
				if got, want := queryFaces(&p, &q), plainQueryFaces(&p, &q); !sameFace(got, want) {
					t.Fatalf("%s–%s trial %d: queryFaces %+v, plain loop %+v", na, nb, trial, got, want)
				}
				if got, want := queryEdges(&p, &q), plainQueryEdges(&p, &q); !sameEdge(got, want) {
					t.Fatalf("%s–%s trial %d: queryEdges %+v, plain loop %+v", na, nb, trial, got, want)
				}
			}
		}
	}
}

// plainPose reports whether q is polyhedron p posed by r and t as value arithmetic computes
// it, to the bit.
func plainPose(q *Pose, p *polyhedron, r mgl64.Mat3, t mgl64.Vec3) bool {
	same := true
	for i, v := range p.verts {
		same = same && q.verts[i] == rounded.MulVec(r, v).Add(t)
	}
	for i, f := range p.faces {
		n := rounded.MulVec(r, f.n)
		same = same && q.normals[i] == n && q.offsets[i] == rounded.Dot(n, q.verts[f.loop[0]])
	}
	for i, e := range p.edges {
		arc := rounded.Cross(q.normals[e.f1], q.normals[e.f0])
		same = same && q.arcs[i] == arc && q.arcLens[i] == rounded.Len(arc)
	}
	return same
}

// sameFace reports whether two face queries are the same to the bit.
func sameFace(a, b faceQuery) bool {
	return a.face == b.face && math.Float64bits(a.sep) == math.Float64bits(b.sep)
}

// sameEdge reports whether two edge queries are the same to the bit.
func sameEdge(a, b edgeQuery) bool {
	same := a.ea == b.ea && a.eb == b.eb && math.Float64bits(a.sep) == math.Float64bits(b.sep)
	for k := range 3 {
		same = same && math.Float64bits(a.n[k]) == math.Float64bits(b.n[k])
	}
	return same
}

// plainPointReach is PointReach in value arithmetic: the reference.
func plainPointReach(m *Manifold, c *ContactPoint, a, b *body.Body, turnA, turnB mgl64.Mat3, h float64) (reach, dipped float64) {
	n := m.Normal
	plainDip := func(n mgl64.Vec3, turn mgl64.Mat3, rc, omega mgl64.Vec3) float64 {
		return -rounded.Dot(n, rounded.MulVec(turn, rc).Sub(rc).Sub(rounded.Cross(omega, rc).Mul(h)))
	}
	rA := rounded.MulVec(a.R, c.LocalA)
	approach := rounded.Dot(n, a.V.Add(rounded.Cross(a.Omega, rA)))
	dipped = plainDip(n.Mul(-1), turnA, rA, a.Omega)
	if m.Pair.B >= 0 {
		rB := rounded.MulVec(b.R, c.LocalB)
		approach -= rounded.Dot(n, b.V.Add(rounded.Cross(b.Omega, rB)))
		dipped += plainDip(n, turnB, rB, b.Omega)
	}
	return c.Depth + float64(h*approach) + dipped, dipped
}

// turnedBoxes returns a unit cube of 1 kg and a 1×2×1 box of 3 kg at random places (spread
// by spread, m) and random turns, drawn from vec.
func turnedBoxes(vec func(float64) mgl64.Vec3, spread float64) (a, b *body.Body) {
	a = bodytest.Box(mgl64.Vec3{1, 1, 1}, 1, vec(spread))
	b = bodytest.Box(mgl64.Vec3{1, 2, 1}, 3, vec(spread))
	a.R, b.R = body.Exp(vec(2)), body.Exp(vec(2))
	return a, b
}

// PointReach gives exactly what the same formula in value arithmetic gives, for body pairs
// and a body on a plane in random states, and bodyPoint what Body.BodyPoint gives.
func TestPointReachMatchesValueArithmetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vec := gaussianVectors(rng)
	for trial := range 1000 {
		a, b := turnedBoxes(vec, 1)
		for _, bd := range []*body.Body{a, b} {
			bd.V, bd.Omega = vec(3), vec(10)
		}
		turnA, turnB := body.Exp(a.Omega.Mul(dt)), body.Exp(b.Omega.Mul(dt))
		m := Manifold{Pair: Pair{A: 0, B: 1}, Normal: rounded.Normalize(vec(1))}
		if trial%2 == 1 {
			m.Pair = PlanePair(0, 0)
		}
		c := ContactPoint{LocalA: vec(0.5), LocalB: vec(0.5), Depth: 0.01 * rng.NormFloat64()}
		r, d := PointReach(&m, &c, a, b, &turnA, &turnB, dt)
		pr, pd := plainPointReach(&m, &c, a, b, turnA, turnB, dt)
		if math.Float64bits(r) != math.Float64bits(pr) || math.Float64bits(d) != math.Float64bits(pd) {
			t.Fatalf("trial %d: PointReach (%v, %v), value arithmetic (%v, %v)", trial, r, d, pr, pd)
		}
		if x := vec(2); !sameBits(bodyPoint(a, &x), a.BodyPoint(x)) {
			t.Fatalf("trial %d: bodyPoint %v, Body.BodyPoint %v", trial, bodyPoint(a, &x), a.BodyPoint(x))
		}
	}
}

// PointDepth gives exactly what WorldPoint, Sub and Dot give, for body pairs and a body
// against a plane in random states.
func TestPointDepthMatchesValueArithmetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	vec := gaussianVectors(rng)
	for trial := range 1000 {
		a, b := turnedBoxes(vec, 3)
		point, normal := vec(2), vec(1)
		n := rounded.Normalize(normal) // the plane's unit normal, as the World takes it
		m := Manifold{Pair: Pair{A: 0, B: 1}, Normal: rounded.Normalize(vec(1))}
		c := ContactPoint{LocalA: vec(0.5), LocalB: vec(0.5)}
		want := rounded.Dot(m.Normal, a.WorldPoint(c.LocalA).Sub(b.WorldPoint(c.LocalB)))
		if trial%2 == 1 {
			m.Pair = PlanePair(0, 0)
			want = -rounded.Dot(rounded.Normalize(normal), a.WorldPoint(c.LocalA).Sub(point))
		}
		if got := PointDepth(&m, &c, a, b, &n, &point); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("trial %d: PointDepth %v, value arithmetic %v", trial, got, want)
		}
	}
}

// A pair that remembers its separating axis from step to step gets exactly what Convex
// gets afresh, at every step of boxes and hulls passing by each other, turning, touching
// and parting; the remembered axis settles most of the steps they are apart.
func TestRememberedAxisAgreesWithCollide(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, shape := range []string{"cube", "box", "cylinder", "icosphere", "tetrahedron"} {
		mesh := bodytest.Mesh(t, shape)
		settled, apart := 0, 0
		for run := range 8 {
			var shapes Shapes
			var sc Scratch
			a := newBody(&shapes, &body.Body{Mesh: mesh, R: mgl64.Ident3()})
			b := newBody(&shapes, &body.Body{Mesh: mesh, R: mgl64.Ident3()})
			from := rounded.Normalize(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}).Mul(3)
			b.V = from.Mul(-1.0 / 1.5).Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.3))
			b.Omega = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
			var x Axis
			for i := range 180 {
				tm := float64(i) * dt
				b.P = from.Add(b.V.Mul(tm))
				b.R = body.Exp(b.Omega.Mul(tm))
				st := step(i + 1)
				turn(a)
				turn(b)
				fresh := Manifold{Pair: Pair{A: 0, B: 1}}
				ok := sc.Convex(a, b, st, nil, &fresh) && fresh.N > 0
				kept := Manifold{Pair: Pair{A: 0, B: 1}}
				still := StillApart(a, b, st, &x)
				okKept := !still && sc.Remembering(a, b, st, nil, &kept, &x) && kept.N > 0
				if ok != okKept || ok && fresh != kept {
					t.Fatalf("%s run %d step %d: Convex %v %+v, remembering %v %+v", shape, run, i, ok, fresh, okKept, kept)
				}
				if !ok {
					apart++
				}
				if still {
					settled++
				}
			}
		}
		t.Logf("%s: %d of %d steps apart settled by the remembered axis", shape, settled, apart)
		if settled < apart/2 {
			t.Errorf("%s: the remembered axis settled %d of %d steps apart", shape, settled, apart)
		}
	}
}
