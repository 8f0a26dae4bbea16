package solve

import (
	"math"

	"github.com/tumble-physics/tumble/contact/internal/work"
)

// The exact stage (after Silcowitz, Niebe and Erleben's PGS-SM, 2010): the sweeps find
// which normal rows push and, per manifold and tangent, whether friction sticks or slides;
// on each island whose system is cheap to factor (small, or a chain whose rows make a
// narrow band) the stage solves that set of equalities directly (exactsolve.go), checks
// the answer against the bounds, moves what fails to the other set and solves again
// (activeset.go); an island whose set does not settle within a few rounds keeps the sweeps'
// answer. Where Gauss–Seidel converges slowly, the exact answer holds what the sweeps
// cannot: a heavy body on a light one converges at rate M/(M + m) per sweep, and where
// friction is at its bound every error in a normal impulse becomes slip.

// ExactStats describes the last exact stage.
type ExactStats struct {
	Islands   int // islands solved exactly
	Held      int // islands whose sweeps' answer already met the stage's conditions
	Rows      int // their rows
	Unsettled int // islands left to the sweeps because their active set did not settle
	Skipped   int // islands whose factorization would cost more than the budget
	Rolling   int // islands left to the sweeps because a manifold resists rolling (SetRolling)
	Cost      int // multiplications of the factorizations run
}

const (
	// exactRounds is the most active sets the stage tries on an island, and exactRoundsAll
	// the first rounds, in which every row that fails changes set.
	exactRounds    = 12
	exactRoundsAll = 3
	// exactTolerance (m/s) is how far a row's relative velocity may miss its bound, and how
	// far an impulse may cross its bound in terms of relative velocity, before the row
	// changes set.
	exactTolerance = 1e-6
	// holdTolerance (m/s) is how close the sweeps' answer must come to every condition of
	// the stage for the stage to keep it without solving.
	holdTolerance = 1e-9
	// exactRegularization is added, relative, to the diagonal of an island's matrix: it makes
	// the rows of statically indeterminate supports (a box on two boxes) solvable, and the
	// solve's refinement removes its error on the rest.
	exactRegularization = 1e-9
)

// exactStage is the exact stage's state and its goroutines' scratch.
type exactStage struct {
	free    []velocity // per body: the velocities the solve started from
	settled bool       // the sweeps' first sweep already met their tolerance
	islands islands
	budget  int          // the running stage's
	work    []islandWork // per goroutine
}

// islandWork is what a goroutine of the exact stage works in: an island's active set, its
// reduced rows and their factorization, and per body the velocities the island's impulses
// give. Islands share no moving body, and each writes only its own manifolds' impulses and
// its bodies' velocities: they are solved on several goroutines to the serial bits.
type islandWork struct {
	c       *Contacts
	status  []rowStatus // per island manifold and row (point·3 + direction)
	slide   []int8      // per island manifold and tangent: 0 where its patch sticks, ±1 the sign of its friction where it slides
	lambda  []float64   // per island manifold and row: its impulse
	patches []patch     // per island manifold
	at      []int32     // per island manifold: its first reduced row
	wr      []wrenchRow // the island's reduced rows
	first   []int32     // per reduced row: the first column of its envelope
	vel     []velocity  // per body: the island's velocities being built
	bodyAt  []int32     // per body: the first reduced row that touches it in the island, −1 if none
	k       profile
	rhs     []float64
	x, r    []float64

	stats ExactStats
}

// Exact runs the exact stage after Solve on every island whose factorization costs at most
// budget multiplications, and returns what it did. With Share, the islands are shared out
// among the goroutines as the sweeps are.
func (c *Contacts) Exact(budget int) ExactStats {
	e := &c.exact
	e.islands.find(c)
	e.budget = budget
	workers := 1
	if Shares(c.team.workers, len(c.cons)) && e.islands.count() > 1 {
		workers = Team(c.team.workers)
	}
	for len(e.work) < workers {
		e.work = append(e.work, islandWork{})
	}
	for g := range workers {
		iw := &e.work[g]
		iw.c, iw.stats = c, ExactStats{}
		iw.bodyAt = resizeInt32(iw.bodyAt, len(c.bodies), -1)
		iw.vel = work.Resize(iw.vel, len(c.vel))
	}
	if workers > 1 {
		c.team.pool.Share(workers, e.islands.count(), 1, 1, e)
	} else {
		e.Run(0, 0, e.islands.count())
	}
	var st ExactStats
	for g := range workers {
		st.add(&e.work[g].stats)
		e.work[g].c = nil
	}
	return st
}

// add adds o's counts to s's.
func (s *ExactStats) add(o *ExactStats) {
	s.Islands, s.Held, s.Rows = s.Islands+o.Islands, s.Held+o.Held, s.Rows+o.Rows
	s.Unsettled, s.Skipped, s.Rolling = s.Unsettled+o.Unsettled, s.Skipped+o.Skipped, s.Rolling+o.Rolling
	s.Cost += o.Cost
}

// Run runs the exact stage on islands lo..hi−1 as goroutine g (work.Task).
func (e *exactStage) Run(g, lo, hi int) {
	iw := &e.work[g]
	for is := lo; is < hi; is++ {
		ms := e.islands.members(is)
		if e.settled && iw.c.holds(ms) {
			iw.stats.Held++
			continue
		}
		iw.exactIsland(ms, e.budget)
	}
}

// holds reports whether the sweeps' answer on the island of manifolds ms already meets the
// conditions the exact stage would check, to holdTolerance: every normal row that pushes
// at its bias and none approaching beyond it, every friction row within its bound at rest
// and at its bound not driving the slip. A settled stack, warm started from last step's
// exact answer, costs the stage no more than this.
func (c *Contacts) holds(ms []int32) bool {
	for _, k := range ms {
		con := &c.cons[k]
		va, vb := c.vel[con.a], velocity{}
		if con.b >= 0 {
			vb = c.vel[con.b]
		}
		for i := range int(con.n) {
			p := &con.pts[i]
			w := relative(&p.rows[0], con.dir[0], &va, &vb) - p.bias
			if w < -holdTolerance || p.lambda[0] > 0 && w > holdTolerance {
				return false
			}
			hi := float64(con.mu * p.lambda[0])
			for d := 1; d < 3; d++ {
				w := relative(&p.rows[d], con.dir[d], &va, &vb)
				switch l := p.lambda[d]; {
				case l >= hi && hi > 0:
					w = -w
				case l <= -hi && hi > 0:
				default:
					if math.Abs(w) > holdTolerance {
						return false
					}
					continue
				}
				if w < -holdTolerance {
					return false
				}
			}
		}
	}
	return true
}

// exactIsland runs the exact stage on the island of manifolds ms (in sweep order).
func (e *islandWork) exactIsland(ms []int32, budget int) {
	if e.c.anyRolls(ms) {
		e.stats.Rolling++
		return
	}
	if e.boundCost(ms) > budget {
		e.stats.Skipped++
		return
	}
	m := len(ms)
	e.status = work.Resize(e.status, maxRows*m)
	e.slide = work.Resize(e.slide, 2*m)
	e.lambda = work.Resize(e.lambda, maxRows*m)
	e.patches = work.Resize(e.patches, m)
	e.at = resizeInt32(e.at, m+1, 0)
	for j, k := range ms {
		con := &e.c.cons[k]
		for i := range int(con.n) {
			copy(e.lambda[maxRows*j+3*i:], con.pts[i].lambda[:])
		}
		initialStatus(con, e.status[maxRows*j:], e.slide[2*j:2*j+2])
	}
	for round := range exactRounds {
		e.exactReduce(ms)
		e.stats.Cost += profileCost(e.first)
		e.assemble()
		if !e.k.factor(exactRegularization) {
			break
		}
		e.exactSolve(ms)
		worst := e.exactCheck(ms, math.Inf(1))
		if worst == 0 {
			e.accept(ms)
			return
		}
		if math.IsInf(worst, 1) {
			break
		}
		// Every row that fails changes set at first; when that has not settled the island,
		// only the worst does, which cannot cycle as many changes at once can.
		limit := 0.0
		if round >= exactRoundsAll {
			limit = worst
		}
		e.exactCheck(ms, limit)
	}
	e.stats.Unsettled++
}

// anyRolls reports whether a manifold of ms has rolling rows, which the stage's patches do
// not hold: its island keeps the sweeps' answer.
func (c *Contacts) anyRolls(ms []int32) bool {
	for _, k := range ms {
		if c.cons[k].roll >= 0 {
			return true
		}
	}
	return false
}

// boundCost returns the cost of factoring the island's system were every manifold's patch
// six rows: a bound that needs no reduction.
func (e *islandWork) boundCost(ms []int32) int {
	e.first = e.first[:0]
	for j, k := range ms {
		f := e.envelope(&e.c.cons[k], int32(6*j))
		for range 6 {
			e.first = append(e.first, f)
		}
	}
	e.clearBodyAt(ms)
	return profileCost(e.first)
}

// accept writes the island's impulses and velocities into the solve's, normal impulses
// within the tolerance of 0 clamped to it.
func (e *islandWork) accept(ms []int32) {
	for j, k := range ms {
		for i := range int(e.c.cons[k].n) {
			l := &e.lambda[maxRows*j+3*i]
			*l = max(*l, 0)
		}
	}
	e.finalVelocities(ms)
	rows := 0
	for j, k := range ms {
		con := &e.c.cons[k]
		lam := e.lambda[maxRows*j:]
		for i := range int(con.n) {
			copy(con.pts[i].lambda[:], lam[3*i:3*i+3])
		}
		rows += 3 * int(con.n)
		if con.moveA {
			e.c.vel[con.a].v, e.c.vel[con.a].w = e.vel[con.a].v, e.vel[con.a].w
		}
		if con.moveB {
			e.c.vel[con.b].v, e.c.vel[con.b].w = e.vel[con.b].v, e.vel[con.b].w
		}
	}
	e.stats.Islands++
	e.stats.Rows += rows
}
