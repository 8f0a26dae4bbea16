package contact

import (
	"slices"

	"github.com/tumble-physics/tumble/pgs"

	"github.com/go-gl/mathgl/mgl64"
)

// positionPass sets s.pseudo to pseudo-velocities (6 per body) that remove the fraction
// PositionCorrection of the depth beyond PenetrationSlop that each contact point would have
// after the step's motion (its depth, plus its solved approach over the step, plus the dip
// of the step's rotation: a fast-spinning corner that the linear rows let swing in is
// caught within the step, not after it). It runs when some point would end deeper than
// the slop by more than positionTrigger, and then every point of every manifold gets a
// row: the shallow ones, and the gaps, may close to the slop but no further, so a box
// pushed out of one neighbour is not pushed into another (pile1000: without them, boxes in
// a heap ended 20 cm deep in each other). It solves normal rows only, without friction
// (as Rapier's position pass does: friction there would drag bodies sideways), starting
// from zero velocity and without warm start, so that it pushes no more than the depth
// asks; the pseudo-velocities never reach V or Omega. Hull corners outside the manifolds that the step would carry behind a plane
// get rows too (deepCorners).
func (s *contactState) positionPass(w *World, solver pgs.Solver, budgeted bool, sweeps int) {
	clear(s.pseudo)
	w.Stats.PositionRows, w.Stats.PositionIterations = 0, 0
	s.deepCorners(w)
	if !s.cornerTriggers(w) && !s.anyDeep(w) {
		return
	}
	s.bodyBlocks(w)
	p := &s.pos
	p.Reset(6)
	p.Mass, p.InvMass, p.V = s.rowMemo.mass, s.rowMemo.inv, grow(p.V, len(s.post))
	p.Level = append(p.Level, s.level...)
	s.addCornerRows(w, p, true)
	// Each manifold's rows start where those of the manifolds before it in s.order end:
	// chunks of manifolds then fill them on the work pool.
	corners := len(p.Rows)
	k := corners
	s.posBase = resize(s.posBase, len(s.order))
	for q, i := range s.order {
		s.posBase[q] = k
		k += s.cur[i].N
	}
	p.Rows, p.J, p.Lambda = resized(p.Rows, k), resized(p.J, 12*k), resized(p.Lambda, k)
	if s.rowMemo.solved { // the corner rows are new to the solver
		p.Same = resized(p.Same, k)
		for r := range corners {
			p.Same[r] = -1
		}
	}
	s.share(w, len(s.order), manifoldChunk, minLight, (*contactState).positionRows)
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

// positionRows writes the position pass's rows of the manifolds s.order[lo:hi], from row
// s.posBase[lo] on.
func (s *contactState) positionRows(w *World, _, lo, hi int) {
	p := &s.pos
	for q := lo; q < hi; q++ {
		i := s.order[q]
		m := &s.cur[i]
		// Rows the solver has seen in the last velocity round, whose work it keeps.
		seen := s.rowMemo.seenNormals(int(i), m)
		for j := range m.N {
			c, k := &m.Points[j], s.posBase[q]+j
			// The depth the point will have after the step's motion: what is left to remove.
			depth, _ := w.pointReach(m, c)
			a, b := int(m.Pair.A), int(m.Pair.B)
			rB := mgl64.Vec3{}
			if b >= 0 {
				rB = c.Position.Sub(w.Bodies[b].P)
			} else {
				b = -1
			}
			jacobian(p.J[12*k:], m.Normal, c.Position.Sub(w.Bodies[a].P), rB, b >= 0)
			bias := min(w.PositionCorrection*(depth-w.PenetrationSlop), depth-w.PenetrationSlop) / w.Dt
			if b < 0 { // a plane does not move: its rows remove the whole depth
				bias = (depth - w.PenetrationSlop) / w.Dt
			}
			p.Rows[k], p.Lambda[k] = pgs.NormalRow(a, b, bias), 0
			if len(p.Same) > 0 {
				p.Same[k] = -1
				if seen >= 0 {
					p.Same[k] = seen + j
				}
			}
		}
	}
}

// anyDeep reports whether a manifold point would end the step deeper than PenetrationSlop
// by more than positionTrigger.
func (s *contactState) anyDeep(w *World) bool {
	for i := range s.cur {
		m := &s.cur[i]
		for j := range m.N {
			if depth, _ := w.pointReach(m, &m.Points[j]); depth > w.PenetrationSlop+positionTrigger {
				return true
			}
		}
	}
	return false
}

// cornerTriggers reports whether a deep corner (deepCorners) would end the step deeper than
// PenetrationSlop by more than positionTrigger.
func (s *contactState) cornerTriggers(w *World) bool {
	return slices.ContainsFunc(s.corners, func(c cornerRow) bool { return c.depth > w.PenetrationSlop+positionTrigger })
}
