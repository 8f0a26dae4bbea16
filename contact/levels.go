package contact

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/collide"
	"github.com/tumble-physics/tumble/contact/solve"
)

// levels levels this step's contact graph and sets the solve order (contact/levels): the
// ties of a level alternate between detection order and its reverse from step to step.
// When the built-in solve will share its sweeps among goroutines, the order is laid out in
// one part per goroutine, cut across the scene (solve.Layout), which gives the sweeps the
// same bits.
func (s *contactState) levels(w *World) {
	s.graph.Build(w.Bodies, s.cur, s.normals, w.Gravity, w.Steps%2 == 1)
	if w.Solver != nil || !solve.Shares(w.narrowWorkers(), len(s.graph.Order)) {
		s.layout.Reset()
		return
	}
	axis := spreadAxis(w.Bodies, s.cur, w.Gravity)
	s.layout.Sort(s.graph.Order, len(w.Bodies), solve.Team(w.narrowWorkers()), func(k int32) float64 {
		p := s.cur[k].Pair
		if p.B < 0 {
			return w.Bodies[p.A].P[axis]
		}
		return float64(w.Bodies[p.A].P[axis]+w.Bodies[p.B].P[axis]) / 2
	}, func(k int32) (a, b int32) {
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

// spreadAxis returns the axis along which the bodies of manifolds ms spread widest, the one
// closest to gravity aside: cut across it, a heap's parts share only the contacts along the
// cut, and each part still reaches from the ground to the top.
func spreadAxis(bodies []*body.Body, ms []collide.Manifold, gravity mgl64.Vec3) int {
	lo, hi := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for i := range ms {
		p := bodies[ms[i].Pair.A].P
		for d := range 3 {
			if p[d] < lo[d] { // not min and max, which a NaN would take
				lo[d] = p[d]
			}
			if p[d] > hi[d] {
				hi[d] = p[d]
			}
		}
	}
	down := 0
	for d := range 3 {
		if math.Abs(gravity[d]) > math.Abs(gravity[down]) {
			down = d
		}
	}
	axis, widest := -1, 0.0
	for d := range 3 {
		if d == down && gravity[d] != 0 {
			continue
		}
		if e := hi[d] - lo[d]; axis < 0 || e > widest {
			axis, widest = d, e
		}
	}
	return axis
}

// solved reports whether the velocity solve moves body b.
func solved(b *body.Body) bool { return !b.Fixed && b.InvMass != 0 }
