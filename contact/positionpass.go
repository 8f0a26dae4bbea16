package contact

import (
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/pgs"
)

// positionPass is the step's position pass and what it works in: the deep corners it adds
// rows for (cornerrows.go) and, with a caller's Solver, the problem it hands that solver.
type positionPass struct {
	corners []cornerRow   // the hull corners the step would leave deep behind a plane (deepCorners)
	chunks  [][]cornerRow // per chunk of bodies, its part of corners
	// planeRun is how many of s.cur's manifolds are detection's plane ones: they come first,
	// in body then plane order (deepCorners)
	planeRun int
	rows     pgs.Problem // the rows a caller's Solver solves (solverRows)
}

// run sets s.pseudo to pseudo-velocities (6 per body) that remove the fraction
// PositionCorrection of the depth beyond PenetrationSlop that each contact point would have
// after the step's motion (its depth, plus its solved approach over the step, plus the dip
// of the step's rotation: a fast-spinning corner that the linear rows let swing in is
// caught within the step, not after it). It runs when some point would end deeper than
// the slop by more than positionTrigger, and then every point of every manifold gets a
// row: the shallow ones, and the gaps, may close to the slop but no further, so a box
// pushed out of one neighbour is not pushed into another (pile1000: without them, boxes in
// a heap ended 20 cm deep in each other). It solves normal rows only, without friction (as
// Rapier's position pass does: friction there would drag bodies sideways), starting from
// zero velocity and without warm start, so that it pushes no more than the depth asks; the
// pseudo-velocities never reach V or Omega. Hull corners outside the manifolds that the
// step would carry behind a plane get rows too (deepCorners). With the built-in solver it
// has the sweeps left of the step's budget; a caller's Solver solves it as a pgs.Problem.
func (p *positionPass) run(s *contactState, w *World, sweeps int) {
	clear(s.pseudo)
	w.Stats.PositionRows, w.Stats.PositionIterations = 0, 0
	p.deepCorners(s, w)
	if !p.cornerTriggers(w) && !anyDeep(s, w) {
		return
	}
	if w.Solver != nil {
		p.solverRows(s, w)
		return
	}
	s.con.BeginPosition()
	p.addCorners(w, func(c cornerRow, bias float64) {
		s.con.AddCorner(c.body, s.normals[c.plane].Mul(-1), c.r, bias, s.graph.Ground[c.plane])
	})
	s.share(w, len(s.graph.Order), manifoldChunk, minLight, positionBiases)
	w.Stats.PositionIterations = s.con.Position(sweeps, sweepTolerance)
	w.Stats.PositionRows = len(p.corners)
	for i := range w.Bodies {
		v, o := s.con.Pseudo(i)
		velocity6(s.pseudo[6*i:], v, o)
	}
	for _, i := range s.graph.Order {
		w.Stats.PositionRows += s.cur[i].N
	}
}

// positionBiases sets the position pass's biases of the manifolds s.graph.Order[lo:hi].
func positionBiases(s *contactState, w *World, _, lo, hi int) {
	var bias [MaxManifoldPoints]float64
	for q := lo; q < hi; q++ {
		m := &s.cur[s.graph.Order[q]]
		for j := range m.N {
			bias[j] = w.positionBias(m, &m.Points[j])
		}
		s.con.SetPositionBias(q, bias[:m.N])
	}
}

// positionBias returns the bias of point c's row in the position pass: the depth it will
// have after the step's motion, beyond the slop, removed by the fraction PositionCorrection
// (all of it against a plane, which does not move), per unit time.
func (w *World) positionBias(m *Manifold, c *ContactPoint) float64 {
	depth, _ := w.pointReach(m, c)
	if m.Pair.B < 0 {
		return (depth - w.PenetrationSlop) / w.Dt
	}
	return min(w.PositionCorrection*(depth-w.PenetrationSlop), depth-w.PenetrationSlop) / w.Dt
}

// solverRows solves the position pass with a caller's Solver: the corner rows against
// ground planes, every manifold's normal rows in s.graph.Order, then the other corner rows.
func (pp *positionPass) solverRows(s *contactState, w *World) {
	p := &pp.rows
	p.Reset(6)
	p.Mass, p.InvMass, p.V = append(p.Mass, s.vel.Mass...), append(p.InvMass, s.vel.InvMass...), grow(p.V, len(s.post))
	p.Level = append(p.Level, s.graph.Level...)
	var jn [12]float64
	add := func(ground bool) {
		pp.addCorners(w, func(c cornerRow, bias float64) {
			if s.graph.Ground[c.plane] == ground {
				jacobian(jn[:], s.normals[c.plane].Mul(-1), c.r, mgl64.Vec3{}, false)
				p.AddRow(pgs.NormalRow(c.body, -1, bias), jn[:6], jn[6:], 0)
			}
		})
	}
	add(true)
	for _, i := range s.graph.Order {
		m := &s.cur[i]
		a, b := int(m.Pair.A), int(m.Pair.B)
		if b < 0 {
			b = -1
		}
		for j := range m.N {
			c := &m.Points[j]
			rA, rB := offsets(w, m, c)
			jacobian(jn[:], m.Normal, rA, rB, b >= 0)
			p.AddRow(pgs.NormalRow(a, b, w.positionBias(m, c)), jn[:6], jn[6:], 0)
		}
	}
	add(false)
	st, err := w.Solver.Solve(p)
	if err != nil {
		w.Stats.Err = err
		return
	}
	w.Stats.PositionRows, w.Stats.PositionIterations = len(p.Rows), st.Iterations
	copy(s.pseudo, p.V)
}

// anyDeep reports whether a point of the step's manifolds would end the step deeper than
// PenetrationSlop by more than positionTrigger: what the corner guard found, when it ran on
// the final velocities, or else on the workers.
func anyDeep(s *contactState, w *World) bool {
	if s.guards.final {
		return s.guards.deep
	}
	s.share(w, len(s.cur), manifoldChunk, minLight, deepOf)
	return s.pool.Any()
}

// positionDeep reports whether a point that would end the step reach deep (m) asks for the
// position pass: deeper than PenetrationSlop by more than positionTrigger.
func (w *World) positionDeep(reach float64) bool {
	return reach > w.PenetrationSlop+positionTrigger
}

// deepOf is anyDeep for manifolds lo..hi−1, on goroutine g.
func deepOf(s *contactState, w *World, g, lo, hi int) {
	part := &s.pool.Parts[g]
	for i := lo; i < hi && !part.Any; i++ {
		m := &s.cur[i]
		for j := range m.N {
			if reach, _ := w.pointReach(m, &m.Points[j]); w.positionDeep(reach) {
				part.Any = true
				break
			}
		}
	}
}

// cornerTriggers reports whether a deep corner (deepCorners) would end the step deeper than
// PenetrationSlop by more than positionTrigger.
func (p *positionPass) cornerTriggers(w *World) bool {
	return slices.ContainsFunc(p.corners, func(c cornerRow) bool { return c.depth > w.PenetrationSlop+positionTrigger })
}
