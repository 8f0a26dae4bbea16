package contact

// broadPairs fills d.pairs with the pairs of bodies (a < b, ascending by a then b) whose
// fattened boxes overlap and of which at least one moves: pairs of two fixed or sleeping
// bodies are left out (docs/contact.md); beyond the pair budget, the pairs the sweep meets
// last (budget.go). The broad phase (package broad) sweeps each body's world box, fattened
// by how far it can travel in the step plus SpeculativeMargin.
func (d *detector) broadPairs(s *contactState, w *World) {
	bp := &d.broad
	bp.Reset()
	for i, b := range w.Bodies {
		hull := s.hulls[i]
		bp.Add(b, hull.Box, hull.Radius, w.SpeculativeMargin, w.Dt, !b.Fixed && w.awake(i))
	}
	d.pairs = d.pairs[:0]
	limit := w.pairBudget()
	for _, p := range bp.Pairs(limit) {
		d.pairs = append(d.pairs, [2]int32{p.A, p.B})
	}
	if over, first := bp.Dropped(); over > 0 {
		s.overflow(w, "pairs", limit, over, [2]int32{first.A, first.B})
	}
}
