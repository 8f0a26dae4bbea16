package contact

import "github.com/tumble-physics/tumble/contact/collide"

// nonConvexState is a World's non-convex contact: the narrow phase's (its meshes' shapes and
// scratch), and last step's body-pair manifolds indexed by pair.
type nonConvexState struct {
	collide.NonConvex
	// prevOf indexes last step's body-pair manifolds by pair (sorted), built once per step
	// (at step indexed − 1): a non-convex pair may have several, not next to each other.
	prevOf  []collide.PairIndex
	indexed int
}

// prevOfPair returns the indices in s.prev of last step's manifolds of pair, in order.
func (d *detector) prevOfPair(s *contactState, w *World, pair Pair) []collide.PairIndex {
	nc := &d.nc
	if nc.indexed != w.Steps+1 {
		nc.indexed = w.Steps + 1
		nc.prevOf = collide.IndexPairs(nc.prevOf, s.prev)
	}
	return collide.OfPair(nc.prevOf, pair)
}

// collideNonConvex finds the contact between bodies a and b when either is not convex
// (collide.NonConvex.Collide): the deepest patch fills m and the others are appended to
// s.cur (and s.span) as further manifolds of the same pair, their points warm started from
// all of the pair's last manifolds. The pair's samples are kept for the reach guard. It
// must run serially, on the stepping goroutine (the narrow phase does so for non-convex
// pairs).
func (d *detector) collideNonConvex(s *contactState, w *World, a, b int, m *Manifold) bool {
	nc := &d.nc
	va, vb, st := s.body(w, a), s.body(w, b), s.step(w)
	ok := nc.Collide(&va, &vb, &st, s.prev, d.prevOfPair(s, w, m.Pair), m)
	s.guards.nc.keep(d.detections, m.Pair, nc.Margin, nc.Samples)
	for _, x := range nc.Extra {
		s.span = append(s.span, [2]int{len(s.cands), len(s.cands)})
		s.cur = append(s.cur, x)
	}
	return ok
}
