package contact

// ConvexPairs runs the separating-axis test on every convex pair of the last step's broad
// phase, on one goroutine and without the remembered axes, and clips those it finds
// touching when clip is set; it returns how many touch. BenchmarkConvexPairs times it: the
// convex–convex narrow phase alone.
func (w *World) ConvexPairs(clip bool) int {
	s := &w.contacts
	n := 0
	for _, pr := range s.pairs {
		a, b := int(pr[0]), int(pr[1])
		if !s.hulls[a].convex || !s.hulls[b].convex {
			continue
		}
		pa, pb := s.posedFor(w, a), s.posedFor(w, b)
		margin := s.convexMargin(w, a, b)
		sq := querySAT(pa, pb, margin)
		if sq.axis.kind != axisNone {
			continue
		}
		m := Manifold{Pair: Pair{A: int32(a), B: int32(b)}}
		if !clip || s.clipConvex(w, pa, pb, &sq, margin, nil, &m) {
			n++
		}
	}
	return n
}
