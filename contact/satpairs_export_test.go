package contact

import "github.com/tumble-physics/tumble/contact/collide"

// ConvexPairs runs the separating-axis test on every convex pair of the last step's broad
// phase, on one goroutine and without the remembered axes, and clips those it finds
// touching when clip is set; it returns how many touch. BenchmarkConvexPairs times it: the
// convex–convex narrow phase alone.
func (w *World) ConvexPairs(clip bool) int {
	s := &w.contacts
	st := s.step(w)
	n := 0
	for _, pr := range s.pairs {
		a, b := int(pr[0]), int(pr[1])
		if !s.hulls[a].Convex || !s.hulls[b].Convex {
			continue
		}
		m := Manifold{Pair: Pair{A: int32(a), B: int32(b)}}
		if clip && s.narrow.own.Convex(s.body(w, a), s.body(w, b), st, nil, &m) ||
			!clip && !collide.Separated(s.body(w, a), s.body(w, b), st) {
			n++
		}
	}
	return n
}
