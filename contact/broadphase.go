package contact

import (
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
)

// broadPhase finds the pairs of bodies that may touch within the step: sweep and prune
// (sweep.go) over each body's world box, fattened by how far it can travel in the step plus
// SpeculativeMargin, so that every pair the narrow phase could make a speculative contact of
// is found.
type broadPhase struct {
	sweep  sweepPrune
	boxes  []aabb.Box  // per body: this step's fattened world box
	moving []bool      // per body: neither fixed nor asleep
	local  []aabb.Box  // per body: its hull's box in the body frame
	of     []*bodyHull // per body: the hull local was computed from
}

// broadPairs fills s.pairs with the pairs of bodies (a < b, ascending by a then b) whose
// fattened boxes overlap and of which at least one moves: pairs of two fixed or sleeping
// bodies are left out (docs/contact.md); beyond the pair budget, the pairs the sweep meets
// last (budget.go).
func (s *contactState) broadPairs(w *World) {
	bp := &s.broad
	n := len(w.Bodies)
	bp.boxes = bp.boxes[:0]
	bp.moving = bp.moving[:0]
	for len(bp.of) < n {
		bp.of = append(bp.of, nil)
		bp.local = append(bp.local, aabb.Empty)
	}
	for i, b := range w.Bodies {
		hull := s.hulls[i]
		if bp.of[i] != hull {
			bp.of[i], bp.local[i] = hull, aabb.Of(hull.corners)
		}
		fat := w.SpeculativeMargin + float64(w.Dt*(rounded.Len(b.V)+float64(rounded.Len(b.Omega)*hull.radius)))
		bp.boxes = append(bp.boxes, aabb.Posed(b, bp.local[i], fat))
		bp.moving = append(bp.moving, !b.Fixed && w.awake(i))
	}
	s.pairs = s.pairs[:0]
	limit := w.pairBudget()
	for _, p := range bp.sweep.find(bp.boxes, bp.moving, limit) {
		s.pairs = append(s.pairs, [2]int32{p.A, p.B})
	}
	if sp := &bp.sweep; sp.over > 0 {
		s.overflow(w, "pairs", limit, sp.over, [2]int32{sp.first.A, sp.first.B})
	}
}
