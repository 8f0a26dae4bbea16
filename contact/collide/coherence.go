package collide

// Temporal coherence of separated pairs. Most pairs the broad phase hands to the narrow
// phase are apart (in pile1000 mid-fall about six in ten), and an axis that separated a
// pair by more than the speculative margin at the last step mostly still does: the pair
// remembers it, and its separation along that one axis, found beyond the margin, settles
// the pair. The separating-axis test would have found a separation at least as large
// (it takes the largest over the axes, this one among them) and reported the pair apart,
// so the result is the same to the bit; only a pair whose remembered axis no longer
// separates it runs the whole test (docs/contact.md, "Narrow phase speed").

// StillApart reports whether a and b are convex and still farther apart than the margin
// along x, the pair's remembered axis: then Convex would report them apart.
func StillApart(a, b *Body, st *Step, x *Axis) bool {
	if !a.Shape.Convex || !b.Shape.Convex || x.kind == axisNone || x.kind == axisTouching {
		return false
	}
	return x.apart(a.Posed(st.Detection), b.Posed(st.Detection), PairMargin(a, b, st))
}

// PairMargin returns how far apart (m) bodies a and b may be and still make a contact in
// step st: the speculative margin and the distance they can close within the step.
func PairMargin(a, b *Body, st *Step) float64 {
	return st.Margin + PairReach(a, b, st.H)
}

// Remembering is Convex for convex bodies a and b that are not StillApart, with x, the
// pair's remembered axis, which it updates: the axis at which the separating-axis test
// stopped, a mark that the pair touches, or none when it found no separating axis but
// clipping found no point. Convex's queries are the test: each pair runs it once.
func (sc *Scratch) Remembering(a, b *Body, st *Step, prev *Manifold, m *Manifold, x *Axis) bool {
	pa, pb := a.Posed(st.Detection), b.Posed(st.Detection)
	margin := PairMargin(a, b, st)
	sq := querySAT(pa, pb, margin)
	if *x = sq.axis; x.kind != axisNone {
		return false
	}
	if sc.clipConvex(a, b, st, pa, pb, &sq, margin, prev, m) && m.N > 0 {
		*x = Axis{kind: axisTouching}
		return true
	}
	return false
}

// axisKind says which feature of a pair a remembered separating axis belongs to.
type axisKind uint8

const (
	axisNone     axisKind = iota // nothing remembered
	axisFaceA                    // the normal of face i of body A
	axisFaceB                    // the normal of face i of body B
	axisEdges                    // the cross product of A's edge i and B's edge j
	axisTouching                 // none: the pair touched
)

// Axis is a pair's remembered separating axis (the zero Axis remembers none).
type Axis struct {
	kind axisKind
	i, j int32
}

// apart reports whether the bodies posed as pa and pb (A and B) are farther apart along x
// than margin (m). An axis whose features the hulls do not have (a body changed its mesh)
// or an edge pair that no longer builds a face of the Minkowski difference says nothing.
func (x Axis) apart(pa, pb *Pose, margin float64) bool {
	switch x.kind {
	case axisFaceA:
		return int(x.i) < len(pa.normals) && faceSeparation(pa, pb, int(x.i), margin) > margin
	case axisFaceB:
		return int(x.i) < len(pb.normals) && faceSeparation(pb, pa, int(x.i), margin) > margin
	case axisEdges:
		i, j := int(x.i), int(x.j)
		if i >= len(pa.arcs) || j >= len(pb.arcs) || !minkowskiFace(pa, pb, i, j) {
			return false
		}
		sep, _, ok := edgeSeparation(pa, pb, i, j)
		return ok && sep > margin
	}
	return false
}

// satQueries are the separating-axis test's queries of a pair, as far as it ran: A's best
// face, B's best face and the best edge pair, and the axis it stopped at.
type satQueries struct {
	fa, fb faceQuery
	eq     edgeQuery
	// axis is the first of the three along which the bodies are farther apart than the
	// margin (the queries after it were not run), or axisNone.
	axis Axis
}

// querySAT runs the separating-axis test's queries of pa and pb (A and B) in order, up to
// the first axis along which they are farther apart than margin (m).
func querySAT(pa, pb *Pose, margin float64) satQueries {
	var sq satQueries
	if sq.fa = queryFaces(pa, pb); sq.fa.sep > margin {
		sq.axis = Axis{kind: axisFaceA, i: int32(sq.fa.face)}
	} else if sq.fb = queryFaces(pb, pa); sq.fb.sep > margin {
		sq.axis = Axis{kind: axisFaceB, i: int32(sq.fb.face)}
	} else if sq.eq = queryEdges(pa, pb); sq.eq.sep > margin {
		sq.axis = Axis{kind: axisEdges, i: int32(sq.eq.ea), j: int32(sq.eq.eb)}
	}
	return sq
}

// minkowskiFace reports whether p's edge i and q's edge j build a face of the Minkowski
// difference: queryEdges's test, for one pair.
func minkowskiFace(p, q *Pose, i, j int) bool {
	e, g := p.poly.edges[i], q.poly.edges[j]
	bxa, dxc := &p.arcs[i], &q.arcs[j]
	cba, dba := -dot(&q.normals[g.f0], bxa), -dot(&q.normals[g.f1], bxa)
	adc, bdc := dot(&p.normals[e.f0], dxc), dot(&p.normals[e.f1], dxc)
	return cba*dba < 0 && adc*bdc < 0 && cba*bdc > 0
}
