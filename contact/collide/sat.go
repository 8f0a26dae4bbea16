package collide

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/internal/work"
)

// The separating-axis test of two convex polyhedra, as Dirk Gregorius presents it (GDC 2013,
// "The Separating Axis Test between Convex Polyhedra"): the candidate axes are the face
// normals of either body and the cross products of edge pairs whose arcs cross on the
// Gauss map (only those edge pairs form a face of the Minkowski difference). The deepest
// separation over the axes is the signed distance of the two bodies when they are apart,
// and a penetration depth when they overlap.

// faceQuery is the best face axis of a polyhedron against another: the face index and the
// separation along its normal (m; negative when overlapping).
type faceQuery struct {
	face int
	sep  float64
}

// edgeQuery is the best edge-pair axis: the two edge indices, the separation (m) and the
// unit axis pointing from the first body to the second.
type edgeQuery struct {
	ea, eb int
	sep    float64
	n      mgl64.Vec3
}

// Pose is a convex shape's polyhedron placed in the world for one detection: its corners
// and face planes in world coordinates, and its centre of mass. The zero Pose holds none.
type Pose struct {
	poly    *polyhedron
	verts   []mgl64.Vec3
	normals []mgl64.Vec3
	// offsets holds per face n·x on its plane (m), world frame: faceOffset, once per pose
	// rather than once per pair and axis.
	offsets []float64
	// arcs holds per edge n(f1) × n(f0), world frame: the normal of the edge's arc on the
	// Gauss map (and parallel to the edge); arcLens their lengths.
	arcs    []mgl64.Vec3
	arcLens []float64
	centre  mgl64.Vec3
	// detection is the Step.Detection it was posed for: it is valid for that one only.
	detection int
}

// pose fills q with polyhedron p placed by rotation r and translation t, reusing q's storage.
// Every body in a pair is posed each step, before the pairs are shared out: the arithmetic
// is in scalars, in mgl64's order (r.Mul3x1(v).Add(t), n1.Cross(n0), Len).
func (q *Pose) pose(p *polyhedron, r mgl64.Mat3, t mgl64.Vec3) {
	q.poly, q.centre = p, t
	// Filled by index through local slices: appending to q's own stores each new length
	// back through q.
	verts := work.Resize(q.verts, len(p.verts))
	for i := range verts {
		x, y, z := mulVec(&r, &p.verts[i])
		verts[i] = mgl64.Vec3{x + t[0], y + t[1], z + t[2]}
	}
	normals, offsets := work.Resize(q.normals, len(p.faces)), work.Resize(q.offsets, len(p.faces))
	for i := range normals {
		n := &normals[i]
		n[0], n[1], n[2] = mulVec(&r, &p.faces[i].n)
		offsets[i] = dot(n, &verts[p.faces[i].loop[0]])
	}
	arcs, arcLens := work.Resize(q.arcs, len(p.edges)), work.Resize(q.arcLens, len(p.edges))
	for i, e := range p.edges {
		u, v := &normals[e.f1], &normals[e.f0]
		arcs[i] = cross(u, v)
		arcLens[i] = math.Sqrt(dot(&arcs[i], &arcs[i]))
	}
	q.verts, q.normals, q.offsets, q.arcs, q.arcLens = verts, normals, offsets, arcs, arcLens
}

// faceOffset returns n·x on face f's plane, world frame.
func (q *Pose) faceOffset(f int) float64 { return q.offsets[f] }

// The queries below give bit for bit what the plain loops over every axis give (the loops
// are kept in sat_test.go as their reference): they only skip work whose result cannot
// change the answer, and they spell the dot products out in scalars in mgl64's order,
// since a Vec3 (an array) lives in memory rather than in registers (docs/contact.md,
// "Narrow phase speed").

// dot is a·b in mgl64.Vec3.Dot's order of operations, on pointers.
func dot(a, b *mgl64.Vec3) float64 {
	return float64(a[0]*b[0]) + float64(a[1]*b[1]) + float64(a[2]*b[2])
}

// cross is a×b in mgl64.Vec3.Cross's order of operations, on pointers.
func cross(a, b *mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		float64(a[1]*b[2]) - float64(a[2]*b[1]),
		float64(a[2]*b[0]) - float64(a[0]*b[2]),
		float64(a[0]*b[1]) - float64(a[1]*b[0]),
	}
}

// queryFaces returns the face of p along whose normal q lies farthest out.
func queryFaces(p, q *Pose) faceQuery {
	if p.poly.box != nil {
		return queryBoxFaces(p, q)
	}
	best := faceQuery{face: -1, sep: math.Inf(-1)}
	for f := range p.normals {
		if sep := faceSeparation(p, q, f, best.sep); sep > best.sep {
			best = faceQuery{face: f, sep: sep}
		}
	}
	return best
}

// faceSeparation returns how far q lies out along face f of p (m), or, as soon as it is
// sure to be at most beat (the minimum over q's corners only falls as corners are added),
// some value not above beat. The corners are taken four at a time, their minimum as a
// tree: one chain of minima through every corner made each wait for the one before, and
// min is the same in any order (NaN wins, −0 is below +0).
func faceSeparation(p, q *Pose, f int, beat float64) float64 {
	n, off, v := &p.normals[f], p.offsets[f], q.verts
	lo := math.Inf(1)
	i := 0
	for ; i+4 <= len(v); i += 4 {
		lo = min(lo, min(dot(n, &v[i]), dot(n, &v[i+1])), min(dot(n, &v[i+2]), dot(n, &v[i+3])))
		if lo-off <= beat {
			return lo - off
		}
	}
	for ; i < len(v); i++ {
		lo = min(lo, dot(n, &v[i]))
		if lo-off <= beat {
			break
		}
	}
	return lo - off
}

// maxFaceDots is how many faces of the second body queryEdges keeps the dot products of
// with the first body's edge in a stack buffer; a hull with more faces has them computed
// per edge pair.
const maxFaceDots = 128

// queryEdges returns the edge pair of p and q with the largest separation among those that
// build a face of the Minkowski difference.
func queryEdges(p, q *Pose) edgeQuery {
	if p.poly.box != nil && q.poly.box != nil {
		return queryBoxEdges(p, q)
	}
	best := edgeQuery{ea: -1, eb: -1, sep: math.Inf(-1)}
	// The arcs a–b and c–d cross on the Gauss map, with c, d the negated normals of q's
	// edge (the Minkowski difference's): the arcs' great circles separate each other's
	// endpoints, and the arcs lie on the same hemisphere. The first half of the test needs
	// only q's face normals against p's edge: those products are taken once per p edge.
	var buf [maxFaceDots]float64
	var qn []float64
	if len(q.normals) <= len(buf) {
		qn = buf[:len(q.normals)]
	}
	for i, e := range p.poly.edges {
		bxa := &p.arcs[i]
		for f := range qn {
			qn[f] = dot(&q.normals[f], bxa)
		}
		a, b := &p.normals[e.f0], &p.normals[e.f1]
		a0, a1, a2, b0, b1, b2 := a[0], a[1], a[2], b[0], b[1], b[2]
		for j, g := range q.poly.edges {
			// q's face normals against b × a; the test is on c = −n(f0), d = −n(f1), whose
			// products with these differ from the ones below by their sign only, exactly.
			cn, dn := faceDot(qn, q.normals, g.f0, bxa), faceDot(qn, q.normals, g.f1, bxa)
			if !(cn*dn < 0) {
				continue
			}
			dxc := &q.arcs[j] // (−d) × (−c) = d × c
			adc := float64(a0*dxc[0]) + float64(a1*dxc[1]) + float64(a2*dxc[2])
			bdc := float64(b0*dxc[0]) + float64(b1*dxc[1]) + float64(b2*dxc[2])
			if !(adc*bdc < 0 && cn*bdc < 0) {
				continue
			}
			if sep, n, ok := edgeSeparation(p, q, i, j); ok && sep > best.sep {
				best = edgeQuery{ea: i, eb: j, sep: sep, n: n}
			}
		}
	}
	return best
}

// faceDot returns normals[f]·v, from qn when it holds the products.
func faceDot(qn []float64, normals []mgl64.Vec3, f int32, v *mgl64.Vec3) float64 {
	if qn != nil {
		return qn[f]
	}
	return dot(&normals[f], v)
}

// edgeSeparation returns the separation (m) of p's edge i and q's edge j along their
// common normal, and that unit normal pointing from p to q; ok is false for parallel
// edges, whose axis a face axis covers.
func edgeSeparation(p, q *Pose, i, j int) (sep float64, n mgl64.Vec3, ok bool) {
	u, v := &p.arcs[i], &q.arcs[j]
	n = cross(u, v)
	l := math.Sqrt(dot(&n, &n))
	if l < 1e-6*p.arcLens[i]*q.arcLens[j] {
		return 0, n, false
	}
	s := 1 / l
	n = mgl64.Vec3{n[0] * s, n[1] * s, n[2] * s}
	pa, qb := &p.verts[p.poly.edges[i].v0], &q.verts[q.poly.edges[j].v0]
	c := &p.centre
	if float64(n[0]*(pa[0]-c[0]))+float64(n[1]*(pa[1]-c[1]))+float64(n[2]*(pa[2]-c[2])) < 0 {
		n = mgl64.Vec3{-n[0], -n[1], -n[2]}
	}
	return float64(n[0]*(qb[0]-pa[0])) + float64(n[1]*(qb[1]-pa[1])) + float64(n[2]*(qb[2]-pa[2])), n, true
}

// Axis preferences. An edge axis must beat the best face axis by edgeTolerance (m), and
// the second body's face the first's by faceTolerance, before it is chosen: near ties then
// resolve the same way every step (a face contact with four points rather than one edge
// point, body A's face rather than B's), so the manifold and its ids do not flicker.
const (
	edgeTolerance = 5e-4
	faceTolerance = 5e-4
)
