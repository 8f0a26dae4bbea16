package contact

// Temporal coherence of separated pairs. Most pairs the broad phase hands to the narrow
// phase are apart (in pile1000 mid-fall about six in ten), and an axis that separated a
// pair by more than the speculative margin at the last step mostly still does: the pair
// remembers it, and its separation along that one axis, found beyond the margin, settles
// the pair. The separating-axis test would have found a separation at least as large
// (it takes the largest over the axes, this one among them) and reported the pair apart,
// so the result is the same to the bit; only a pair whose remembered axis no longer
// separates it runs the whole test (docs/contact.md, "Narrow phase speed").

// stillApart reports whether pair (a, b) is convex and still farther apart than the
// speculative margin along x, its remembered axis: then collide would report it apart.
func (s *contactState) stillApart(w *World, a, b int, x *sepAxis) bool {
	if !s.hulls[a].convex || !s.hulls[b].convex || x.kind == axisNone || x.kind == axisTouching {
		return false
	}
	return x.apart(s.posedFor(w, a), s.posedFor(w, b), s.convexMargin(w, a, b))
}

// convexMargin returns how far apart (m) convex bodies a and b may be and still make a
// contact, as collideConvex has it.
func (s *contactState) convexMargin(w *World, a, b int) float64 {
	return w.SpeculativeMargin + s.pairReach(w, a, b)
}

// collideRemembering is collide for pair (a, b), not stillApart, with x, the pair's
// remembered axis, which it updates: the axis at which the separating-axis test stopped,
// axisTouching when the pair touches, or axisNone when it found no separating axis but
// clipping found no point. collideConvex's queries are the test: each pair runs it once.
func (s *contactState) collideRemembering(w *World, a, b int, prev *Manifold, m *Manifold, x *sepAxis) bool {
	if !s.hulls[a].convex || !s.hulls[b].convex {
		return s.collide(w, a, b, prev, m)
	}
	pa, pb := s.posedFor(w, a), s.posedFor(w, b)
	margin := s.convexMargin(w, a, b)
	sq := querySAT(pa, pb, margin)
	if *x = sq.axis; x.kind != axisNone {
		return false
	}
	if s.clipConvex(w, pa, pb, &sq, margin, prev, m) && m.N > 0 {
		*x = sepAxis{kind: axisTouching}
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

// sepAxis is a pair's remembered separating axis.
type sepAxis struct {
	kind axisKind
	i, j int32
}

// apart reports whether the bodies posed as pa and pb (A and B) are farther apart along x
// than margin (m). An axis whose features the hulls do not have (a body changed its mesh)
// or an edge pair that no longer builds a face of the Minkowski difference says nothing.
func (x sepAxis) apart(pa, pb *posed, margin float64) bool {
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
	axis sepAxis
}

// querySAT runs the separating-axis test's queries of pa and pb (A and B) in order, up to
// the first axis along which they are farther apart than margin (m).
func querySAT(pa, pb *posed, margin float64) satQueries {
	var sq satQueries
	if sq.fa = queryFaces(pa, pb); sq.fa.sep > margin {
		sq.axis = sepAxis{kind: axisFaceA, i: int32(sq.fa.face)}
	} else if sq.fb = queryFaces(pb, pa); sq.fb.sep > margin {
		sq.axis = sepAxis{kind: axisFaceB, i: int32(sq.fb.face)}
	} else if sq.eq = queryEdges(pa, pb); sq.eq.sep > margin {
		sq.axis = sepAxis{kind: axisEdges, i: int32(sq.eq.ea), j: int32(sq.eq.eb)}
	}
	return sq
}

// minkowskiFace reports whether p's edge i and q's edge j build a face of the Minkowski
// difference: queryEdges's test, for one pair.
func minkowskiFace(p, q *posed, i, j int) bool {
	e, g := p.poly.edges[i], q.poly.edges[j]
	bxa, dxc := &p.arcs[i], &q.arcs[j]
	cba, dba := -dot(&q.normals[g.f0], bxa), -dot(&q.normals[g.f1], bxa)
	adc, bdc := dot(&p.normals[e.f0], dxc), dot(&p.normals[e.f1], dxc)
	return cba*dba < 0 && adc*bdc < 0 && cba*bdc > 0
}

// recallAxes sets np.axes[k] to the axis remembered for s.pairs[k] from the last
// detection, or axisNone. Both lists of pairs are sorted by (A, B): one merge walk.
func (s *contactState) recallAxes() {
	np := &s.narrow
	np.axes = resize(np.axes, len(s.pairs))
	j := 0
	for k, pr := range s.pairs {
		for j < len(np.lastPairs) && pairBefore(np.lastPairs[j], pr) {
			j++
		}
		np.axes[k] = sepAxis{}
		if j < len(np.lastPairs) && np.lastPairs[j] == pr {
			np.axes[k] = np.lastAxes[j]
		}
	}
}

// keepAxes remembers this detection's pairs and axes for the next one.
func (s *contactState) keepAxes() {
	np := &s.narrow
	np.lastPairs = append(np.lastPairs[:0], s.pairs...)
	np.lastAxes, np.axes = np.axes, np.lastAxes
}

// pairBefore reports whether pair p sorts before q, by A then B.
func pairBefore(p, q [2]int32) bool {
	return p[0] < q[0] || p[0] == q[0] && p[1] < q[1]
}
