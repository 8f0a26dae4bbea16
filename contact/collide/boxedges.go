package collide

import (
	"math"
	"math/bits"
)

// The edge query of two boxes. A box's six faces come in three pairs whose normals are
// exactly opposite, and its twelve edges in three classes of four parallel ones, whose arcs
// are each other's negatives. That holds in the world frame too, for the numbers: the
// rotation, the cross products and the dot products are sums of products, and negating
// an input negates each product exactly and so each rounded sum (a sum that comes to
// zero may come out +0 where the other gives −0, but ±0 are the same number). So every
// number queryEdges's loop computes for edge pair (i, j), up to the separation and its
// comparison with the best so far, is ± a number computed once per class pair:
//   - the Gauss-map test's products of one box's face normals with the other's arcs: nine
//     each way (three face classes against three edge classes), with the signs of the face
//     and of the edge. The test's first two halves depend only on the edges' classes, and
//     are read off as sets of edges;
//   - edgeSeparation's axis u × v, its length and the reciprocal (nine axes: one square
//     root and one division per class pair instead of per edge pair), with the sign of
//     the two edges; then the side of p's centre and the separation, one dot product each.
// The loop's comparisons are of products with zero and of separations with each other,
// which are the same for the same numbers; so the pairs are tested and compared in the
// loop's order (i, then j ascending) and the same pair wins. Its separation and axis are
// then computed by edgeSeparation itself, so that even the signs of zero components are
// the loop's (docs/contact.md, "Narrow phase speed").

// boxClasses is the structure of a hull with six faces in three pairs of exactly opposite
// normals (a box, or any parallelepiped whose opposite normals come out exactly opposite).
type boxClasses struct {
	// Face f's normal is faceSign[f] times that of face classFace[faceClass[f]]; the face
	// opposite classFace[c] is oppFace[c].
	faceClass          [6]uint8
	faceSign           [6]float64
	classFace, oppFace [3]int32
	// Edge k joins faces of the two classes other than edgeClass[k]; its arc is edgeSign[k]
	// times that of edge classEdge[edgeClass[k]]. Its faces f0 and f1 are of the classes
	// and signs in ends[k] (the loop's lookups, one load each).
	edgeClass []uint8
	edgeSign  []float64
	ends      []edgeEnds
	classEdge [3]int32
	// edges[c] is the set of class c's edges (edge k is bit k); agree[c] those of them whose
	// two faces have the same sign, and the rest the ones whose faces' signs differ.
	edges, agree [3]uint64
}

// edgeEnds are the classes and signs of an edge's faces f0 and f1.
type edgeEnds struct {
	class0, class1 uint8
	sign0, sign1   float64
}

// newBoxClasses returns the classes of p's faces and edges, or nil when p is not a box: it
// has other than six faces, more than 64 edges, or a face without an exactly opposite one.
func newBoxClasses(p *polyhedron) *boxClasses {
	if len(p.faces) != 6 || len(p.edges) > 64 {
		return nil
	}
	b := &boxClasses{edgeClass: make([]uint8, len(p.edges)), edgeSign: make([]float64, len(p.edges)),
		ends: make([]edgeEnds, len(p.edges))}
	classes := uint8(0)
	for f := range b.faceClass {
		b.faceClass[f] = 3
	}
	for f := range p.faces {
		if b.faceClass[f] < 3 {
			continue
		}
		g := oppositeFace(p, f)
		if g < 0 || b.faceClass[g] < 3 {
			return nil
		}
		b.faceClass[f], b.faceClass[g] = classes, classes
		b.faceSign[f], b.faceSign[g] = 1, -1
		b.classFace[classes], b.oppFace[classes] = int32(f), int32(g)
		classes++
	}
	for c := range b.classEdge {
		b.classEdge[c] = -1
	}
	for k, e := range p.edges {
		c0, c1 := b.faceClass[e.f0], b.faceClass[e.f1]
		if c0 == c1 {
			return nil
		}
		c := 3 - c0 - c1
		sign := b.faceSign[e.f0] * b.faceSign[e.f1]
		b.edgeClass[k] = c
		b.ends[k] = edgeEnds{class0: c0, class1: c1, sign0: b.faceSign[e.f0], sign1: b.faceSign[e.f1]}
		b.edges[c] |= 1 << k
		if sign > 0 {
			b.agree[c] |= 1 << k
		}
		// The arc n(f1) × n(f0) is sign·(N(c1) × N(c0)), and N(a) × N(b) = −N(b) × N(a).
		r := b.classEdge[c]
		if r < 0 {
			b.classEdge[c], b.edgeSign[k] = int32(k), 1
			continue
		}
		re := p.edges[r]
		b.edgeSign[k] = sign * b.faceSign[re.f0] * b.faceSign[re.f1]
		if c1 != b.faceClass[re.f1] {
			b.edgeSign[k] = -b.edgeSign[k]
		}
	}
	return b
}

// oppositeFace returns the face of p whose normal is exactly −n(f), or −1.
func oppositeFace(p *polyhedron, f int) int {
	n := p.faces[f].n
	for g := range p.faces {
		if m := p.faces[g].n; m[0] == -n[0] && m[1] == -n[1] && m[2] == -n[2] {
			return g
		}
	}
	return -1
}

// crossing returns the edges whose two faces' normals have products of opposite signs with
// a direction (the Gauss-map test's halves), given x[F], the product of face class F's
// normal with it.
func (b *boxClasses) crossing(x *[3]float64) uint64 {
	// The edges of class c join faces of the other two classes; their products multiply
	// to ±x[A]·x[B], + where the faces' signs agree.
	var set uint64
	for c, xx := range [3]float64{x[1] * x[2], x[0] * x[2], x[0] * x[1]} {
		if xx < 0 {
			set |= b.agree[c]
		} else if xx > 0 {
			set |= b.edges[c] &^ b.agree[c]
		}
	}
	return set
}

// classAxis is edgeSeparation's unit axis for a pair of edge classes, and whether the
// classes' edges are far enough from parallel to have one.
type classAxis struct {
	n  [3]float64
	ok bool
}

// queryBoxEdges is queryEdges for two boxes (boxClasses).
func queryBoxEdges(p, q *Pose) edgeQuery {
	pb, qb := p.poly.box, q.poly.box
	// x[c][F] is the normal of q's face class F against the arc of p's edge class c; y the
	// same of p's faces against q's arcs.
	var x, y [3][3]float64
	for c := range 3 {
		for f := range 3 {
			x[c][f] = dot(&q.normals[qb.classFace[f]], &p.arcs[pb.classEdge[c]])
			y[c][f] = dot(&p.normals[pb.classFace[f]], &q.arcs[qb.classEdge[c]])
		}
	}
	// first[c] holds q's edges that pass the test's first half with p's edges of class c;
	// second[c] p's edges that pass its second half with q's edges of class c.
	var first, second [3]uint64
	var axes [3][3]classAxis
	for c := range 3 {
		first[c], second[c] = qb.crossing(&x[c]), pb.crossing(&y[c])
		for d := range 3 {
			axes[c][d].set(p, q, int(pb.classEdge[c]), int(qb.classEdge[d]))
		}
	}
	best := edgeQuery{ea: -1, eb: -1, sep: math.Inf(-1)}
	c := &p.centre
	for i, e := range p.poly.edges {
		ci, ei := pb.edgeClass[i], &pb.ends[i]
		set := first[ci]
		for d := range 3 {
			if second[d]>>i&1 == 0 {
				set &^= qb.edges[d]
			}
		}
		for ; set != 0; set &= set - 1 {
			j := bits.TrailingZeros64(set)
			cj, ej := qb.edgeClass[j], &qb.ends[j]
			cn := pb.edgeSign[i] * ej.sign0 * x[ci][ej.class0]
			bdc := qb.edgeSign[j] * ei.sign1 * y[cj][ei.class1]
			ax := &axes[ci][cj]
			if !(cn*bdc < 0) || !ax.ok {
				continue
			}
			// edgeSeparation's axis is sign·ax.n, turned away from p's centre.
			n, pa, qv := &ax.n, &p.verts[e.v0], &q.verts[q.poly.edges[j].v0]
			sign := pb.edgeSign[i] * qb.edgeSign[j]
			if sign*(float64(n[0]*(pa[0]-c[0]))+float64(n[1]*(pa[1]-c[1]))+float64(n[2]*(pa[2]-c[2]))) < 0 {
				sign = -sign
			}
			sep := sign * (float64(n[0]*(qv[0]-pa[0])) + float64(n[1]*(qv[1]-pa[1])) + float64(n[2]*(qv[2]-pa[2])))
			if sep > best.sep {
				best.ea, best.eb, best.sep = i, j, sep
			}
		}
	}
	if best.ea >= 0 {
		best.sep, best.n, _ = edgeSeparation(p, q, best.ea, best.eb)
	}
	return best
}

// set makes a the unit axis edgeSeparation finds for p's edge i and q's edge j before it
// turns it away from p's centre, in its arithmetic, or not ok where it finds none.
func (a *classAxis) set(p, q *Pose, i, j int) {
	u, v := &p.arcs[i], &q.arcs[j]
	c := cross(u, v)
	l := math.Sqrt(dot(&c, &c))
	a.ok = !(l < 1e-6*p.arcLens[i]*q.arcLens[j])
	s := 1 / l
	a.n = [3]float64{c[0] * s, c[1] * s, c[2] * s}
}
