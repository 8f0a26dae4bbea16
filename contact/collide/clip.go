package collide

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// Scratch is one goroutine's scratch for the convex pairs: the clipping buffers and the
// candidate points of the pair being clipped. The zero Scratch is ready.
type Scratch struct {
	clipIn, clipOut []clipVertex
	pairCands       []Candidate
}

// clipped is the pair being clipped, for its candidates' local points and reach: bodies A
// and B and the step's length h (s).
type clipped struct {
	a, b *Body
	h    float64
}

// clipVertex is a point of the incident polygon while it is clipped, with the feature id
// that made it (an incident corner, or an incident edge cut by a reference side).
type clipVertex struct {
	x  mgl64.Vec3
	id uint32
}

// Convex finds the contact of two convex bodies a and b (a < b) into m, whose Pair,
// Friction and Restitution are set; prev is the pair's manifold of the last step, or nil.
// It reports whether the bodies touch or may touch within the step: m then holds 1 to 4
// points, their ids stable across steps, without impulses (the caller warm starts). The
// separating-axis test (sat.go) picks the axis of least penetration (or largest
// separation); a face axis gives a manifold by clipping the other body's most anti-parallel
// face (the incident face) against the side planes of the axis's face (the reference face)
// and keeping the clipped points that lie below the reference face or within the
// speculative margin of it; an edge axis gives one point, the closest points of the two
// edges. More than four points are reduced as plane manifolds are (Reduce). Ids hash the
// features (reference body and face, incident face, and the incident corner or incident
// edge and reference side that made the point), so they stay the same while the bodies keep
// touching the same way.
func (sc *Scratch) Convex(a, b *Body, st *Step, prev *Manifold, m *Manifold) bool {
	pa, pb := a.Posed(st.Detection), b.Posed(st.Detection)
	margin := PairMargin(a, b, st)
	sq := querySAT(pa, pb, margin)
	return sq.axis.kind == axisNone && sc.clipConvex(a, b, st, pa, pb, &sq, margin, prev, m)
}

// Separated reports whether an axis separates convex bodies a and b by more than the
// margin plus what they can close within the step: the separating-axis test alone, which
// Convex runs before it clips.
func Separated(a, b *Body, st *Step) bool {
	return querySAT(a.Posed(st.Detection), b.Posed(st.Detection), PairMargin(a, b, st)).axis.kind != axisNone
}

// clipConvex is Convex for a and b posed as pa and pb, with sq their queries, which found
// no axis that separates them beyond margin.
func (sc *Scratch) clipConvex(a, b *Body, st *Step, pa, pb *Pose, sq *satQueries, margin float64, prev *Manifold, m *Manifold) bool {
	fa, fb, eq := sq.fa, sq.fb, sq.eq
	sc.pairCands = sc.pairCands[:0]
	p := clipped{a, b, st.H}
	// Apart (a speculative contact), a face manifold is kept even when an edge pair is
	// closer: a tilted box about to land flat has its two lowest edges closest, and one
	// edge point cannot hold its other corners when it tips onto them within the step
	// (measured: 5.7 cm deep). Each clipped point carries its own gap to the reference
	// plane, never more than its true distance, so the rows stay conservative.
	apart := max(fa.sep, fb.sep, eq.sep) > 0
	switch {
	case eq.ea >= 0 && eq.sep > max(fa.sep, fb.sep)+max(edgeTolerance, -edgeDepthShare*eq.sep) && !apart:
		m.Normal = eq.n
		sc.edgeContact(&p, m, pa, pb, eq)
	case fb.sep > fa.sep+faceTolerance:
		m.Normal = pb.normals[fb.face].Mul(-1)
		sc.faceContact(&p, m, pb, pa, fb.face, true, margin)
	default:
		m.Normal = pa.normals[fa.face]
		sc.faceContact(&p, m, pa, pb, fa.face, false, margin)
	}
	if len(sc.pairCands) == 0 && apart && eq.ea >= 0 { // the faces' regions miss each other
		m.Normal = eq.n
		sc.edgeContact(&p, m, pa, pb, eq)
	}
	if len(sc.pairCands) == 0 {
		return false
	}
	Reduce(m, sc.pairCands, m.Normal, prev)
	return m.N > 0
}

// edgeDepthShare is the fraction of its depth by which an edge axis must beat both face
// axes of overlapping bodies to be chosen. An edge contact is one point: between boxes that
// overlap by centimetres along nearly as good a face axis (a box in a heap struck at
// 15 m/s) it lets the pair turn about it and sink into each other (pile1000: 70 cm), where
// the face manifold's four points hold.
const edgeDepthShare = 0.25

// faceContact appends to sc.pairCands the points of the face contact with reference face
// ref of body r and the incident face of body q; flipped says r is the pair's body B.
// The arithmetic is mgl64's, in scalars (docs/contact.md, "Narrow phase speed").
func (sc *Scratch) faceContact(p *clipped, m *Manifold, r, q *Pose, ref int, flipped bool, margin float64) {
	n := &r.normals[ref]
	inc, lo := 0, 2.0
	for f := range q.normals {
		if d := dot(&q.normals[f], n); d < lo {
			inc, lo = f, d
		}
	}
	tag := uint32(0)
	if flipped {
		tag = 1
	}
	base := featureHash(tag, uint32(ref), uint32(inc))
	in, out := sc.clipIn[:0], sc.clipOut[:0]
	for _, v := range q.poly.faces[inc].loop {
		in = append(in, clipVertex{x: q.verts[v], id: featureHash(base, 0, uint32(v))})
	}
	loop := r.poly.faces[ref].loop
	for k := 0; k < len(loop) && len(in) > 0; k++ { // nothing is left of an empty polygon
		next := loop[0]
		if k+1 < len(loop) {
			next = loop[k+1]
		}
		side, off := sidePlane(&r.verts[loop[k]], &r.verts[next], n)
		out = clipPolygon(out[:0], in, &side, off, uint32(k))
		in, out = out, in
	}
	sc.clipIn, sc.clipOut = in, out
	off := r.faceOffset(ref)
	for i := range in {
		x := &in[i].x
		sep := dot(n, x) - off
		if sep > margin {
			continue
		}
		onRef := mgl64.Vec3{x[0] - float64(n[0]*sep), x[1] - float64(n[1]*sep), x[2] - float64(n[2]*sep)}
		xa, xb := &onRef, x
		if flipped {
			xa, xb = x, &onRef
		}
		sc.addPairCandidate(p, m, xa, xb, in[i].id)
	}
}

// sidePlane returns the outward unit normal and offset of the side plane through the
// reference face's edge p0 → p1 (counter-clockwise seen along n):
// (p1 − p0) × n, normalized, as mgl64's Sub, Cross and Normalize compute it.
func sidePlane(p0, p1, n *mgl64.Vec3) (mgl64.Vec3, float64) {
	e0, e1, e2 := p1[0]-p0[0], p1[1]-p0[1], p1[2]-p0[2]
	x, y, z := float64(e1*n[2])-float64(e2*n[1]), float64(e2*n[0])-float64(e0*n[2]), float64(e0*n[1])-float64(e1*n[0])
	l := 1.0 / math.Sqrt(float64(x*x)+float64(y*y)+float64(z*z))
	side := mgl64.Vec3{x * l, y * l, z * l}
	return side, dot(&side, p0)
}

// clipTolerance (m) is how far outside a reference side plane an incident corner may lie
// and still be kept as it is. A box stacked square on another has its corners exactly on
// the side planes; without it, rounding would cut them one step and keep them the next, and
// the point's id (corner, or edge and side) would flicker and lose its warm start.
const clipTolerance = 1e-5

// clipPolygon appends to dst the part of polygon in the half-space side·x ≤ off (side a unit
// normal) (Sutherland–Hodgman) and returns it. A point made by cutting an edge gets an id
// from the edge's first corner's id and the clipping side k. Each corner's distance is
// taken once, as the end of one edge and carried to the start of the next.
func clipPolygon(dst, polygon []clipVertex, side *mgl64.Vec3, off float64, k uint32) []clipVertex {
	if len(polygon) == 0 {
		return dst
	}
	d0 := dot(side, &polygon[0].x) - off
	dp := d0
	for i := range polygon {
		p, q, dq := &polygon[i], &polygon[0], d0 // the last edge closes the loop
		if i+1 < len(polygon) {
			q = &polygon[i+1]
			dq = dot(side, &q.x) - off
		}
		if dp <= clipTolerance {
			dst = append(dst, *p)
		}
		if (dp <= clipTolerance) != (dq <= clipTolerance) {
			t := clamp01(dp / (dp - dq)) // a corner kept within clipTolerance may lie outside
			a, b := &p.x, &q.x
			x := mgl64.Vec3{a[0] + float64((b[0]-a[0])*t), a[1] + float64((b[1]-a[1])*t), a[2] + float64((b[2]-a[2])*t)}
			dst = append(dst, clipVertex{x: x, id: featureHash(p.id, 1, k)})
		}
		dp = dq
	}
	return dst
}

// edgeContact appends to sc.pairCands the one point of an edge–edge contact: the closest
// points of the two edges.
func (sc *Scratch) edgeContact(p *clipped, m *Manifold, pa, pb *Pose, eq edgeQuery) {
	ea, eb := pa.poly.edges[eq.ea], pb.poly.edges[eq.eb]
	xa, xb := closestOnSegments(pa.verts[ea.v0], pa.verts[ea.v1], pb.verts[eb.v0], pb.verts[eb.v1])
	sc.addPairCandidate(p, m, &xa, &xb, featureHash(2, uint32(eq.ea), uint32(eq.eb)))
}

// closestOnSegments returns the closest points of segments p0p1 and q0q1.
func closestOnSegments(p0, p1, q0, q1 mgl64.Vec3) (mgl64.Vec3, mgl64.Vec3) {
	d1, d2, r := p1.Sub(p0), q1.Sub(q0), p0.Sub(q0)
	a, e, f := rounded.Dot(d1, d1), rounded.Dot(d2, d2), rounded.Dot(d2, r)
	c, b := rounded.Dot(d1, r), rounded.Dot(d1, d2)
	den := float64(a*e) - float64(b*b)
	s := 0.0
	if den > 1e-12*a*e {
		s = clamp01((float64(b*f) - float64(c*e)) / den)
	}
	t := (float64(b*s) + f) / e
	if t < 0 || t > 1 {
		t = clamp01(t)
		s = clamp01((float64(b*t) - c) / a)
	}
	return p0.Add(d1.Mul(s)), q0.Add(d2.Mul(t))
}

// clamp01 clamps x to [0, 1].
func clamp01(x float64) float64 { return min(max(x, 0), 1) }

// addPairCandidate appends the candidate with surface points xa on body A and xb on body B
// (world) to sc.pairCands, of the pair p; m.Normal must be set. The arithmetic is mgl64's,
// in scalars.
func (sc *Scratch) addPairCandidate(p *clipped, m *Manifold, xa, xb *mgl64.Vec3, id uint32) {
	ba, bb := p.a.Body, p.b.Body
	n := &m.Normal
	depth := float64(n[0]*(xa[0]-xb[0])) + float64(n[1]*(xa[1]-xb[1])) + float64(n[2]*(xa[2]-xb[2]))
	c := ContactPoint{LocalA: bodyPoint(ba, xa), LocalB: bodyPoint(bb, xb), Depth: depth}
	reach, dipped := PointReach(m, &c, ba, bb, p.a.Turn, p.b.Turn, p.h)
	sc.pairCands = append(sc.pairCands, Candidate{Local: c.LocalA, LocalB: c.LocalB,
		X:     mgl64.Vec3{(xa[0] + xb[0]) * 0.5, (xa[1] + xb[1]) * 0.5, (xa[2] + xb[2]) * 0.5},
		Depth: depth, Reach: reach, Dip: dipped, ID: id})
}

// featureHash mixes a feature id with two more numbers (FNV-1a over their bytes): ids need
// only be distinct within one manifold and the same from step to step.
func featureHash(h, a, b uint32) uint32 {
	x := uint32(2166136261) ^ h
	for _, v := range [2]uint32{a, b} {
		for range 4 {
			x = (x ^ (v & 0xff)) * 16777619
			v >>= 8
		}
	}
	return x
}
