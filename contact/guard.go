package contact

import (
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/collide"
)

// guardRounds is how many times a step may repeat its velocity solve when the solved
// velocities would drive a corner deeper than PenetrationSlop by the end of the step, and
// deeper than it is (deepens). Four points cannot always hold a polygonal body that lands
// on many corners at once (a torus slapping down flat): the impulses at the kept points can
// turn the body into the others, which are then swapped in. And on a hard impact on a few
// close points ten sweeps may not converge; the repeat continues them from their impulses.
// It costs a solve on the steps that need it, never at rest: while a heap falls, nearly every
// step (pile1000: 1.74 rounds a step over its first 5 s).
const guardRounds = 2

// deepens reports whether a point now depth deep (m) that would end the step reach deep
// goes beyond PenetrationSlop, and deeper than it is by more than guardDeepening.
func (w *World) deepens(reach, depth float64) bool {
	return reach > w.PenetrationSlop && reach-depth > guardDeepening
}

// run runs the guards after a velocity solve, the reach guard first (reachguard.go), then
// the corner guard, which swaps into each manifold the candidate corner that the solved
// velocities would drive deepest past PenetrationSlop by the end of the step, in place of
// the kept point with the smallest normal impulse. It reports whether the solve should run
// again: a manifold changed, or one of its points would end deeper than the slop (the
// sweeps had not converged; the next round starts from their impulses).
//
// The corner guard also notes whether a point would end deeper than the slop by more than
// positionTrigger: when the solve does not run again, that answers anyDeep, which would
// find the same with the same velocities.
func (g *guards) run(s *contactState, w *World) bool {
	changed := g.reach(s, w) // first: it may bring new spare corners and manifolds
	s.share(w, len(s.cur), manifoldChunk, minLight, guardCorners)
	g.deep = s.pool.Count() > 0
	return s.pool.Any() || changed
}

// guardCorners is the corner guard for manifolds lo..hi−1, on goroutine g: each changes
// only its own manifold; it counts those with a point deep enough for the position pass.
func guardCorners(s *contactState, w *World, g, lo, hi int) {
	changed, deep := false, 0
	for i := lo; i < hi; i++ {
		c, d := guardCorner(s, w, i)
		changed = c || changed
		if d {
			deep++
		}
	}
	s.pool.Parts[g].Any = s.pool.Parts[g].Any || changed
	s.pool.Parts[g].Count += deep
}

// guardCorner is the corner guard for manifold i: it reports whether it changed it, or
// whether one of its points against a plane would end deeper than the slop; and whether
// one of its points would end deeper than the slop by more than positionTrigger.
//
// Between two bodies a point going deeper asks for no round: their points come from
// clipping, with no spare corners to swap in, and the shock sweep leaves a frozen body's
// motion into the one it holds unanswered by design (solve/shock.go), so a repeat would
// find much the same; the position pass removes the depth. Asked for, rounds ran on nearly
// every step of large_pyramid and made its step 1.6 times as long.
func guardCorner(s *contactState, w *World, i int) (changed, deep bool) {
	m := &s.cur[i]
	for j := range m.N {
		// The sweeps did not converge, or the rotation they left dips the point deeper
		// than the row allowed for: another round, with the new dip.
		reach, d := w.pointReach(m, &m.Points[j])
		if w.deepens(reach, m.Points[j].Depth) {
			m.Points[j].Dip = d
			changed = changed || m.Pair.B < 0
		}
		deep = deep || w.positionDeep(reach)
	}
	if m.Pair.B >= 0 {
		return changed, deep // a body pair's points come from clipping: no spare candidates
	}
	b := w.Bodies[m.Pair.A]
	worst, wi := w.PenetrationSlop, -1
	turn := s.turns[m.Pair.A]
	for k := s.span[i][0]; k < s.span[i][1]; k++ {
		c := &s.cands[k]
		if collide.Has(m, c.ID) {
			continue
		}
		// m.Normal points into the plane: the approach speed is along it.
		r := rounded.MulVec(b.R, c.Local)
		d := collide.Dip(m.Normal.Mul(-1), turn, r, b.Omega, w.Dt)
		if reach := c.Depth + float64(w.Dt*collide.AlongVelocity(&m.Normal, &b.V, &b.Omega, &r)) + d; reach > worst && w.deepens(reach, c.Depth) {
			worst, wi = reach, k
		}
	}
	if wi < 0 {
		return changed, deep
	}
	j := m.N
	if j == MaxManifoldPoints {
		j = 0
		for q := range m.N {
			if m.Points[q].NormalImpulse < m.Points[j].NormalImpulse {
				j = q
			}
		}
	} else {
		m.N++
	}
	c := s.cands[wi]
	m.Points[j] = c.Point()
	return true, deep
}
