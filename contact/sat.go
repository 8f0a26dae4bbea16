package contact

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
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

// posed is a polyhedron placed in the world: its corners and face normals in world
// coordinates, and its centre of mass.
type posed struct {
	poly    *polyhedron
	verts   []mgl64.Vec3
	normals []mgl64.Vec3
	// arcs holds per edge n(f1) × n(f0), world frame: the normal of the edge's arc on the
	// Gauss map (and parallel to the edge).
	arcs   []mgl64.Vec3
	centre mgl64.Vec3
	// detection is contactState.detections when posed: a posed hull is valid for one
	// detection only.
	detection int
}

// pose fills q with polyhedron p placed by rotation r and translation t, reusing q's storage.
func (q *posed) pose(p *polyhedron, r mgl64.Mat3, t mgl64.Vec3) {
	q.poly, q.centre = p, t
	q.verts, q.normals = q.verts[:0], q.normals[:0]
	for _, v := range p.verts {
		q.verts = append(q.verts, r.Mul3x1(v).Add(t))
	}
	for i := range p.faces {
		q.normals = append(q.normals, r.Mul3x1(p.faces[i].n))
	}
	q.arcs = q.arcs[:0]
	for _, e := range p.edges {
		q.arcs = append(q.arcs, q.normals[e.f1].Cross(q.normals[e.f0]))
	}
}

// faceOffset returns n·x on face f's plane, world frame.
func (q *posed) faceOffset(f int) float64 {
	return q.normals[f].Dot(q.verts[q.poly.faces[f].loop[0]])
}

// queryFaces returns the face of p along whose normal q lies farthest out.
func queryFaces(p, q *posed) faceQuery {
	best := faceQuery{face: -1, sep: math.Inf(-1)}
	for f, n := range p.normals {
		lo := math.Inf(1)
		for _, v := range q.verts {
			lo = min(lo, n.Dot(v))
		}
		if sep := lo - p.faceOffset(f); sep > best.sep {
			best = faceQuery{face: f, sep: sep}
		}
	}
	return best
}

// queryEdges returns the edge pair of p and q with the largest separation among those that
// build a face of the Minkowski difference.
func queryEdges(p, q *posed) edgeQuery {
	best := edgeQuery{ea: -1, eb: -1, sep: math.Inf(-1)}
	for i, e := range p.poly.edges {
		a, b, bxa := p.normals[e.f0], p.normals[e.f1], p.arcs[i]
		pa := p.verts[e.v0]
		for j, g := range q.poly.edges {
			// The arcs a–b and c–d cross on the Gauss map, with c, d the negated normals of
			// q's edge (the Minkowski difference's): the arcs' great circles separate each
			// other's endpoints, and the arcs lie on the same hemisphere.
			dxc := q.arcs[j] // (−d) × (−c) = d × c
			cba, dba := -q.normals[g.f0].Dot(bxa), -q.normals[g.f1].Dot(bxa)
			adc, bdc := a.Dot(dxc), b.Dot(dxc)
			if !(cba*dba < 0 && adc*bdc < 0 && cba*bdc > 0) {
				continue
			}
			n := bxa.Cross(dxc) // along both edges' cross product
			l := n.Len()
			if l < 1e-6*bxa.Len()*dxc.Len() { // parallel edges: a face axis covers them
				continue
			}
			n = n.Mul(1 / l)
			if n.Dot(pa.Sub(p.centre)) < 0 {
				n = n.Mul(-1)
			}
			if sep := n.Dot(q.verts[g.v0].Sub(pa)); sep > best.sep {
				best = edgeQuery{ea: i, eb: j, sep: sep, n: n}
			}
		}
	}
	return best
}

// Axis preferences. An edge axis must beat the best face axis by edgeTolerance (m), and
// the second body's face the first's by faceTolerance, before it is chosen: near ties then
// resolve the same way every step (a face contact with four points rather than one edge
// point, body A's face rather than B's), so the manifold and its ids do not flicker.
const (
	edgeTolerance = 5e-4
	faceTolerance = 5e-4
)
