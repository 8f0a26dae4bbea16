package solve

import (
	"math"

	"github.com/tumble-physics/tumble/contact/internal/work"
)

// The exact stage (after Silcowitz, Niebe and Erleben's PGS-SM, 2010): the sweeps find
// which normal rows push and which friction rows stick; on each island whose system is
// cheap to factor (small, or a chain whose rows make a narrow band), the stage solves that
// set of equalities exactly: a pushing normal row's relative velocity is its bias, a
// sticking friction row's is zero. It then checks the answer against the bounds: normal
// impulses ≥ 0, no approach on the rows that do not push, friction within μ times its
// normal. A normal row that fails moves to the other set and the island is solved again;
// an island whose friction slides, or whose set does not settle within a few rounds, keeps
// the sweeps' answer. Where Gauss–Seidel converges slowly, the exact answer holds what the
// sweeps cannot: a heavy body on a light one converges at rate M/(M + m) per sweep, and in a
// column on a slope every error in a normal impulse becomes slip.
//
// Sliding friction is left to the sweeps: its impulse is μ times a normal impulse, and a
// face's normal impulses are not unique (four coplanar corners on six degrees of freedom),
// so the friction of a box-shaped bound per row, solved exactly, depends on a choice of
// load the sweeps make differently.

// rowStatus is a row's part in the exact stage's active set.
type rowStatus uint8

const (
	off      rowStatus = iota // a normal row that does not push, or a friction row of such a point or of μ = 0
	pushing                   // a normal row that pushes: its relative velocity is its bias
	sticking                  // a friction row within its bound: its relative velocity is zero
)

// solved reports whether the row's impulse is an unknown of the exact solve.
func (s rowStatus) solved() bool { return s != off }

// ExactStats describes the last exact stage.
type ExactStats struct {
	Islands   int // islands solved exactly
	Rows      int // their rows
	Sliding   int // islands left to the sweeps because friction slides somewhere in them
	Unsettled int // islands left to the sweeps because their active set did not settle
	Skipped   int // islands whose factorization would cost more than the budget
	Cost      int // multiplications of the factorizations run
}

const (
	// exactRounds is the most active sets the stage tries on an island.
	exactRounds = 4
	// exactTolerance (m/s) is how far a row's relative velocity may miss its bound, and how
	// far an impulse may cross its bound in terms of relative velocity, before the row
	// changes set.
	exactTolerance = 1e-6
	// exactRegularization is added, relative, to the diagonal of an island's matrix: it makes
	// the rows of statically indeterminate supports (a box on two boxes) solvable, and the
	// solve's refinement removes its error on the rest.
	exactRegularization = 1e-9
)

// exactStage is the exact stage's state and scratch.
type exactStage struct {
	free    []velocity // per body: the velocities the solve started from
	vel     []velocity // per body: the island's velocities being built
	islands islands

	status  []rowStatus // per island manifold and row (point·3 + direction)
	lambda  []float64   // per island manifold and row: its impulse
	patches []patch     // per island manifold
	at      []int32     // per island manifold: its first reduced row
	wr      []wrenchRow // the island's reduced rows
	first   []int32     // per reduced row: the first column of its envelope
	bodyAt  []int32     // per body: the first reduced row that touches it in the island, −1 if none
	k       profile
	rhs     []float64
	x, r    []float64

	stats ExactStats
}

// Exact runs the exact stage after Solve on every island whose factorization costs at most
// budget multiplications, and returns what it did.
func (c *Contacts) Exact(budget int) ExactStats {
	e := &c.exact
	e.stats = ExactStats{}
	e.islands.find(c)
	e.bodyAt = resizeInt32(e.bodyAt, len(c.bodies), -1)
	e.vel = work.Resize(e.vel, len(c.vel))
	for is := range e.islands.count() {
		c.exactIsland(e.islands.members(is), budget)
	}
	return e.stats
}

// exactIsland runs the exact stage on the island of manifolds ms (in sweep order).
func (c *Contacts) exactIsland(ms []int32, budget int) {
	e := &c.exact
	m := len(ms)
	e.status = work.Resize(e.status, maxRows*m)
	e.lambda = resizeZero(e.lambda, maxRows*m)
	e.patches = work.Resize(e.patches, m)
	e.at = resizeInt32(e.at, m+1, 0)
	for j, k := range ms {
		if !c.initialStatus(&c.cons[k], e.status[maxRows*j:]) {
			e.stats.Sliding++
			return
		}
	}
	for range exactRounds {
		c.exactReduce(ms)
		cost := profileCost(e.first)
		if cost > budget {
			e.stats.Skipped++
			return
		}
		e.stats.Cost += cost
		c.assemble()
		if !e.k.factor(exactRegularization) {
			break
		}
		c.exactSolve(ms)
		switch c.exactCheck(ms) {
		case settled:
			c.accept(ms)
			return
		case slides:
			e.stats.Sliding++
			return
		}
	}
	e.stats.Unsettled++
}

// initialStatus sets the rows of con from the sweeps' impulses, and reports false when a
// friction row is at its bound.
func (c *Contacts) initialStatus(con *constraint, status []rowStatus) bool {
	for i := range int(con.n) {
		l := &con.pts[i].lambda
		status[3*i], status[3*i+1], status[3*i+2] = off, off, off
		if !(l[0] > 0) {
			continue
		}
		status[3*i] = pushing
		if con.mu == 0 {
			continue
		}
		hi := float64(con.mu * l[0])
		if math.Abs(l[1]) >= hi || math.Abs(l[2]) >= hi {
			return false
		}
		status[3*i+1], status[3*i+2] = sticking, sticking
	}
	return true
}

// verdict is what the check of an island's exact answer found.
type verdict int

const (
	settled verdict = iota // every row within its bounds
	changed                // a normal row changed set: solve again
	slides                 // friction beyond its bound somewhere
)

// exactCheck checks the island's answer against the bounds and moves each normal row that
// fails to the other set. Impulses within the tolerance of their bounds are clamped to
// them, and the velocities follow.
func (c *Contacts) exactCheck(ms []int32) verdict {
	e := &c.exact
	v := settled
	for j, k := range ms {
		con := &c.cons[k]
		st, lam := e.status[maxRows*j:], e.lambda[maxRows*j:]
		va, vb := e.vel[con.a], velocity{}
		if con.b >= 0 {
			vb = e.vel[con.b]
		}
		for i := range int(con.n) {
			p := &con.pts[i]
			if !(math.Abs(lam[3*i])+math.Abs(lam[3*i+1])+math.Abs(lam[3*i+2]) <= math.MaxFloat64) {
				return slides // not finite: keep the sweeps' answer
			}
			r := &p.rows[0]
			if st[3*i] == off {
				if relative(r, con.dir[0], &va, &vb)-p.bias < -exactTolerance {
					st[3*i] = pushing
					if con.mu > 0 {
						st[3*i+1], st[3*i+2] = sticking, sticking
					}
					v = changed
				}
				continue
			}
			if lam[3*i] < -exactTolerance*r.invD {
				st[3*i], st[3*i+1], st[3*i+2] = off, off, off
				v = changed
				continue
			}
			lam[3*i] = max(lam[3*i], 0)
			hi := float64(con.mu * lam[3*i])
			for d := 1; d < 3; d++ {
				l := lam[3*i+d]
				if math.Abs(l) > hi+exactTolerance*p.rows[d].invD {
					return slides
				}
				lam[3*i+d] = min(max(l, -hi), hi)
			}
		}
	}
	if v == settled {
		c.finalVelocities(ms)
	}
	return v
}

// exactReduce reduces every manifold of the island to its patch and lays out the reduced
// rows and their envelopes: a row's envelope begins at the first reduced row of the
// island that shares a moving body with it.
func (c *Contacts) exactReduce(ms []int32) {
	e := &c.exact
	e.wr = e.wr[:0]
	e.first = e.first[:0]
	for j, k := range ms {
		con := &c.cons[k]
		p := &e.patches[j]
		p.reduce(con, e.status[maxRows*j:])
		e.at[j] = int32(len(e.wr))
		own := int32(len(e.wr))
		f := own
		for _, b := range [2]int32{con.a, con.b} {
			if b < 0 || c.bodies[b].invMass == 0 {
				continue
			}
			if e.bodyAt[b] < 0 {
				e.bodyAt[b] = own
			}
			f = min(f, e.bodyAt[b])
		}
		for a := range p.k {
			e.wr = append(e.wr, c.wrench(k, &p.q[a]))
			e.first = append(e.first, f)
		}
	}
	e.at[len(ms)] = int32(len(e.wr))
	c.clearBodyAt(ms)
}

// clearBodyAt resets bodyAt for the island's bodies.
func (c *Contacts) clearBodyAt(ms []int32) {
	for _, k := range ms {
		con := &c.cons[k]
		c.exact.bodyAt[con.a] = -1
		if con.b >= 0 {
			c.exact.bodyAt[con.b] = -1
		}
	}
}

// exactSolve solves the island's equalities for its present active set and leaves the
// impulses in e.lambda and the velocities in e.vel.
func (c *Contacts) exactSolve(ms []int32) {
	e := &c.exact
	n := len(e.wr)
	e.rhs = resizeZero(e.rhs, n)
	e.x = resizeZero(e.x, n)
	e.r = resizeZero(e.r, n)
	c.startVelocities(ms)
	for j := range ms {
		p := &e.patches[j]
		y := p.targets()
		for a := range p.k {
			i := int(e.at[j]) + a
			e.rhs[i] = y[a] - c.wrenchVelocity(&e.wr[i])
		}
	}
	e.k.solve(e.rhs, e.x, e.r)
	for j := range ms {
		p := &e.patches[j]
		lam := e.lambda[maxRows*j : maxRows*(j+1)]
		clear(lam)
		var out [maxRows]float64
		p.share(e.x[e.at[j]:e.at[j+1]], out[:])
		for i := range p.n {
			lam[p.row[i]] = out[i]
		}
	}
	c.finalVelocities(ms)
}

// startVelocities sets e.vel of the island's bodies to the solve's starting velocities.
func (c *Contacts) startVelocities(ms []int32) {
	e := &c.exact
	for _, k := range ms {
		con := &c.cons[k]
		e.vel[con.a] = e.free[con.a]
		if con.b >= 0 {
			e.vel[con.b] = e.free[con.b]
		}
	}
}

// finalVelocities sets e.vel of the island's bodies to the starting velocities plus every
// row's impulse.
func (c *Contacts) finalVelocities(ms []int32) {
	e := &c.exact
	c.startVelocities(ms)
	for j, k := range ms {
		c.applyRows(&c.cons[k], e.lambda[maxRows*j:])
	}
}

// applyRows applies con's impulses lambda to e.vel.
func (c *Contacts) applyRows(con *constraint, lambda []float64) {
	e := &c.exact
	va, vb := e.vel[con.a], velocity{}
	if con.b >= 0 {
		vb = e.vel[con.b]
	}
	for i := range int(con.n) {
		for d := range 3 {
			if l := lambda[3*i+d]; l != 0 {
				con.push(&va, &vb, &con.pts[i].rows[d], con.dir[d], l)
			}
		}
	}
	e.vel[con.a] = va
	if con.b >= 0 {
		e.vel[con.b] = vb
	}
}

// accept writes the island's impulses and velocities into the solve's.
func (c *Contacts) accept(ms []int32) {
	e := &c.exact
	rows := 0
	for j, k := range ms {
		con := &c.cons[k]
		lam := e.lambda[maxRows*j:]
		for i := range int(con.n) {
			copy(con.pts[i].lambda[:], lam[3*i:3*i+3])
		}
		rows += 3 * int(con.n)
		if con.moveA {
			c.vel[con.a] = e.vel[con.a]
		}
		if con.moveB {
			c.vel[con.b] = e.vel[con.b]
		}
	}
	e.stats.Islands++
	e.stats.Rows += rows
}
