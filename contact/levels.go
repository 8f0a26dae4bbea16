package contact

import (
	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/solve"
)

// levels levels this step's contact graph and sets the solve order (contact/levels): the
// ties of a level alternate between detection order and its reverse from step to step.
// When the built-in solve will share its sweeps among goroutines, the order is laid out
// wave by wave (solve.Layout), which gives the sweeps the same bits.
func (s *contactState) levels(w *World) {
	s.graph.Build(w.Bodies, s.cur, s.normals, w.Gravity, w.Steps%2 == 1)
	if w.Solver != nil || !solve.Shares(w.narrowWorkers(), len(s.graph.Order)) {
		return
	}
	s.layout.Sort(s.graph.Order, len(w.Bodies), func(k int32) (a, b int32) {
		p := s.cur[k].Pair
		a, b = -1, -1
		if solved(w.Bodies[p.A]) {
			a = p.A
		}
		if p.B >= 0 && solved(w.Bodies[p.B]) {
			b = p.B
		}
		return a, b
	})
}

// solved reports whether the velocity solve moves body b.
func solved(b *body.Body) bool { return !b.Fixed && b.InvMass != 0 }
