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
	for _, pr := range s.detector.pairs {
		a, b := s.body(w, int(pr[0])), s.body(w, int(pr[1]))
		if !a.Shape.Convex || !b.Shape.Convex {
			continue
		}
		if !clip {
			if !collide.Separated(&a, &b, &st) {
				n++
			}
			continue
		}
		if m := (Manifold{Pair: Pair{A: pr[0], B: pr[1]}}); s.detector.narrow.own.Convex(&a, &b, &st, nil, &m) {
			n++
		}
	}
	return n
}
