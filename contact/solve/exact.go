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
	sticking                  // a friction row of a patch that sticks: its relative velocity is zero
	sliding                   // a friction row of a patch that slides: its impulse is ±μ times its point's normal one
)

// solved reports whether the row's impulse is an unknown of the exact solve.
func (s rowStatus) solved() bool { return s == pushing || s == sticking }

// ExactStats describes the last exact stage.
type ExactStats struct {
	Islands   int // islands solved exactly
	Rows      int // their rows
	Unsettled int // islands left to the sweeps because their active set did not settle
	Skipped   int // islands whose factorization would cost more than the budget
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
	slide   []int8      // per island manifold and tangent: 0 where its patch sticks, ±1 the sign of its friction where it slides
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
	e.slide = work.Resize(e.slide, 2*m)
	e.lambda = resizeZero(e.lambda, maxRows*m)
	e.patches = work.Resize(e.patches, m)
	e.at = resizeInt32(e.at, m+1, 0)
	if c.boundCost(ms) > budget {
		e.stats.Skipped++
		return
	}
	for j, k := range ms {
		con := &c.cons[k]
		for i := range int(con.n) {
			copy(e.lambda[maxRows*j+3*i:], con.pts[i].lambda[:])
		}
		c.initialStatus(con, e.status[maxRows*j:], e.slide[2*j:2*j+2])
	}
	for round := range exactRounds {
		c.exactReduce(ms)
		e.stats.Cost += profileCost(e.first)
		c.assemble()
		if !e.k.factor(exactRegularization) {
			break
		}
		c.exactSolve(ms)
		worst := c.exactCheck(ms, math.Inf(1))
		if worst == 0 {
			c.accept(ms)
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
		c.exactCheck(ms, limit)
	}
	e.stats.Unsettled++
}

// boundCost returns the cost of factoring the island's system were every manifold's patch
// six rows: a bound that needs no reduction.
func (c *Contacts) boundCost(ms []int32) int {
	e := &c.exact
	e.first = e.first[:0]
	for j, k := range ms {
		con := &c.cons[k]
		f := int32(6 * j)
		for _, b := range [2]int32{con.a, con.b} {
			if b < 0 || c.bodies[b].invMass == 0 {
				continue
			}
			if e.bodyAt[b] < 0 {
				e.bodyAt[b] = int32(6 * j)
			}
			f = min(f, e.bodyAt[b])
		}
		for range 6 {
			e.first = append(e.first, f)
		}
	}
	c.clearBodyAt(ms)
	return profileCost(e.first)
}

// initialStatus sets the rows of con from the sweeps' impulses: a normal row pushes where
// its impulse is positive, and the patch's friction along each tangent slides where its
// total is at μ times the total normal impulse, and sticks otherwise.
func (c *Contacts) initialStatus(con *constraint, status []rowStatus, slide []int8) {
	var total [3]float64
	for i := range int(con.n) {
		if l := &con.pts[i].lambda; l[0] > 0 {
			for d := range 3 {
				total[d] += l[d]
			}
		}
	}
	for d := 1; d < 3; d++ {
		slide[d-1] = 0
		if f := total[d]; con.mu > 0 && math.Abs(f) >= (1-1e-9)*float64(con.mu*total[0]) {
			slide[d-1] = 1
			if f < 0 {
				slide[d-1] = -1
			}
		}
	}
	for i := range int(con.n) {
		status[3*i] = off
		if con.pts[i].lambda[0] > 0 {
			status[3*i] = pushing
		}
		setFriction(con, status[3*i:3*i+3], slide)
	}
}

// setFriction sets one point's friction rows (status[1:3]) from its normal row's status
// and its patch's friction.
func setFriction(con *constraint, status []rowStatus, slide []int8) {
	for d := 1; d < 3; d++ {
		switch {
		case status[0] == off || con.mu == 0:
			status[d] = off
		case slide[d-1] != 0:
			status[d] = sliding
		default:
			status[d] = sticking
		}
	}
}

// exactCheck checks the island's answer against the bounds and returns by how much, as a
// relative velocity (m/s), the worst row misses them, or 0 when every row is within
// exactTolerance: a pushing normal row whose impulse is negative, a normal row that does
// not push but approaches, a patch's friction along a tangent whose total exceeds μ times
// the patch's normal impulse where it sticks, or which would drive the slip where it
// slides. Each that misses by limit or more moves to the other set.
func (c *Contacts) exactCheck(ms []int32, limit float64) float64 {
	e := &c.exact
	worst := 0.0
	miss := func(by float64) bool {
		if by <= exactTolerance {
			return false
		}

		worst = max(worst, by)
		return by >= limit
	}
	for j, k := range ms {
		con := &c.cons[k]
		st, lam, slide := e.status[maxRows*j:], e.lambda[maxRows*j:], e.slide[2*j:2*j+2]
		va, vb := e.vel[con.a], velocity{}
		if con.b >= 0 {
			vb = e.vel[con.b]
		}
		var total, slip [3]float64
		var scale [3]float64 // the patch's largest 1/D: impulse per relative velocity
		pushed := 0
		for i := range int(con.n) {
			p := &con.pts[i]
			r := &p.rows[0]
			if !(math.Abs(lam[3*i])+math.Abs(lam[3*i+1])+math.Abs(lam[3*i+2]) <= math.MaxFloat64) {
				return math.Inf(1) // not finite: keep the sweeps' answer
			}
			if st[3*i] == off {
				if miss(p.bias - relative(r, con.dir[0], &va, &vb)) {
					st[3*i] = pushing
					setFriction(con, st[3*i:3*i+3], slide)
				}
				continue
			}
			if miss(float64(-lam[3*i] * r.d)) {
				st[3*i] = off
				setFriction(con, st[3*i:3*i+3], slide)
				continue
			}
			pushed++
			for d := range 3 {
				total[d] += lam[3*i+d]
				slip[d] += relative(&p.rows[d], con.dir[d], &va, &vb)
				scale[d] = max(scale[d], p.rows[d].invD)
			}
		}
		if pushed == 0 || con.mu == 0 {
			continue
		}
		for d := 1; d < 3; d++ {
			switch s := slide[d-1]; {
			case s == 0 && scale[d] > 0 && miss((math.Abs(total[d])-float64(con.mu*total[0]))/scale[d]):
				slide[d-1] = 1
				if total[d] < 0 {
					slide[d-1] = -1
				}
			case s != 0 && miss(float64(s)*slip[d]/float64(pushed)):
				slide[d-1] = 0
			default:
				continue
			}
			for i := range int(con.n) {
				setFriction(con, st[3*i:3*i+3], slide)
			}
		}
	}
	return worst
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
		base := len(e.wr)
		for a := range p.k {
			e.wr = append(e.wr, c.wrench(k, &p.q[a]))
			e.first = append(e.first, f)
		}
		c.foldSliding(con, p, e.status[maxRows*j:], e.slide[2*j:2*j+2], e.wr[base:])
		for a := range p.k {
			c.inertia(&e.wr[base+a])
		}
	}
	e.at[len(ms)] = int32(len(e.wr))
	c.clearBodyAt(ms)
}

// foldSliding adds to the reduced rows' impulses (wr, of con's patch p) the sliding friction
// that each pushing point's normal impulse carries: ±μ times it along each tangent whose
// friction slides.
func (c *Contacts) foldSliding(con *constraint, p *patch, status []rowStatus, slide []int8, wr []wrenchRow) {
	for t := range p.n {
		pt := int(p.row[t])
		if pt%3 != 0 {
			continue
		}
		i := pt / 3
		for d := 1; d < 3; d++ {
			if status[3*i+d] != sliding {
				continue
			}
			share := p.shareRow(t)
			s := float64(slide[d-1]) * con.mu
			for a := range p.k {
				wr[a].addSliding(&con.pts[i].rows[d], con.dir[d], float64(s*share[a]))
			}
		}
	}
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
	for j, k := range ms {
		con := &c.cons[k]
		p := &e.patches[j]
		st, lam, slide := e.status[maxRows*j:], e.lambda[maxRows*j:maxRows*(j+1)], e.slide[2*j:2*j+2]
		clear(lam)
		var out [maxRows]float64
		p.share(e.x[e.at[j]:e.at[j+1]], out[:])
		for i := range p.n {
			lam[p.row[i]] = out[i]
		}
		for i := range int(con.n) {
			for d := 1; d < 3; d++ {
				if st[3*i+d] == sliding {
					lam[3*i+d] = float64(slide[d-1]) * float64(con.mu*lam[3*i])
				}
			}
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

// accept writes the island's impulses and velocities into the solve's, normal impulses
// within the tolerance of 0 clamped to it.
func (c *Contacts) accept(ms []int32) {
	e := &c.exact
	for j, k := range ms {
		for i := range int(c.cons[k].n) {
			l := &e.lambda[maxRows*j+3*i]
			*l = max(*l, 0)
		}
	}
	c.finalVelocities(ms)
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
