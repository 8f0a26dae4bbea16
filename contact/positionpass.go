package contact

import (
	"tumble/pgs"

	"github.com/go-gl/mathgl/mgl64"
)

// positionPass sets s.pseudo to pseudo-velocities (6 per body) that remove the fraction
// PositionCorrection of the depth beyond PenetrationSlop that each contact point would have
// after the step's motion (its depth, plus its solved approach over the step, plus the dip
// of the step's rotation: a fast-spinning corner that the linear rows let swing in is
// caught within the step, not after it). It runs when some point would end deeper than
// the slop, and then every point of every manifold gets a row: the shallow ones, and the
// gaps, may close to the slop but no further, so a box pushed out of one neighbour is not
// pushed into another (pile1000: without them, boxes in a heap ended 20 cm deep in each
// other). It solves normal rows only, without friction (as Rapier's position pass does:
// friction there would drag bodies sideways), starting from zero velocity and without warm
// start, so that it pushes no more than the depth asks; the pseudo-velocities never reach
// V or Omega. Hull corners outside the manifolds that the step would carry behind a plane
// get rows too (deepCorners).
func (s *contactState) positionPass(w *World, solver pgs.Solver, budgeted bool, sweeps int) {
	clear(s.pseudo)
	w.Stats.PositionRows, w.Stats.PositionIterations = 0, 0
	s.deepCorners(w)
	if len(s.corners) == 0 && !s.anyDeep(w) {
		return
	}
	s.bodyBlocks(w)
	p := &s.pos
	p.Reset(6)
	p.Mass, p.InvMass, p.V = s.rowMemo.mass, s.rowMemo.inv, grow(p.V, len(s.post))
	p.Level = append(p.Level, s.level...)
	s.addCornerRows(w, p, true)
	for _, i := range s.order {
		m := &s.cur[i]
		// Rows the solver has seen in the last velocity round, whose work it keeps.
		seen := s.rowMemo.seenNormals(int(i), m)
		for j := range m.N {
			c := &m.Points[j]
			// The depth the point will have after the step's motion: what is left to remove.
			depth, _ := w.pointReach(m, c)
			a, b := int(m.Pair.A), int(m.Pair.B)
			var jn [12]float64
			rB := mgl64.Vec3{}
			if b >= 0 {
				rB = c.Position.Sub(w.Bodies[b].P)
			} else {
				b = -1
			}
			jacobian(jn[:], m.Normal, c.Position.Sub(w.Bodies[a].P), rB, b >= 0)
			bias := min(PositionCorrection*(depth-PenetrationSlop), depth-PenetrationSlop) / w.Dt
			if b < 0 { // a plane does not move: its rows remove the whole depth
				bias = (depth - PenetrationSlop) / w.Dt
			}
			if seen >= 0 {
				s.rowMemo.padSame(p)
				p.Same = append(p.Same, seen+j)
			}
			p.AddRow(pgs.NormalRow(a, b, bias), jn[:6], jn[6:], 0)
		}
	}
	s.addCornerRows(w, p, false)
	s.rowMemo.padSame(p)
	st, err := s.solve(solver, budgeted, p, sweeps)
	if err != nil {
		w.Stats.Err = err
		return
	}
	w.Stats.PositionRows, w.Stats.PositionIterations = len(p.Rows), st.Iterations
	copy(s.pseudo, p.V)
}

// anyDeep reports whether a manifold point would end the step deeper than PenetrationSlop.
func (s *contactState) anyDeep(w *World) bool {
	for i := range s.cur {
		m := &s.cur[i]
		for j := range m.N {
			if depth, _ := w.pointReach(m, &m.Points[j]); depth > PenetrationSlop {
				return true
			}
		}
	}
	return false
}
