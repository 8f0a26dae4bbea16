package solve

import (
	"math"

	"github.com/tumble-physics/tumble/pgs"
)

// Solve runs the velocity solve on the velocities set with SetBody or SetVelocity: the warm
// start, then at most sweeps sweeps, which stop once a plain sweep's residual is at most tol
// (m/s). A solve that reaches its next-to-last sweep makes it a shock-propagation sweep when
// some manifold joins bodies of different levels, and its last a plain sweep again (its
// only sweep, when it has one). It returns the number of sweeps run; Residuals holds their
// residuals, and Velocity and Impulses the results. With Share, the warm start and the
// sweeps run on several goroutines, to the same bits (team.go).
func (c *Contacts) Solve(sweeps int, tol float64) int {
	for k := range c.cons {
		con := &c.cons[k]
		con.support, con.still = 1<<con.n-1, false
	}
	c.exact.free = append(c.exact.free[:0], c.vel...)
	c.exact.settled = false
	for i := range c.vel {
		c.vel[i].moves = 0
	}
	c.Residuals = c.Residuals[:0]
	c.plan = sweepPlan{sweeps: sweeps, tol: tol, shockAt: shockAt(sweeps)}
	if c.team.shared(c, warmPass) {
		return len(c.Residuals)
	}
	sc := c.scratchOf(0)
	c.pass(warmPass, c.cons, sc)
	for pass := c.plan.first(c); pass != done; {
		r := c.pass(pass, c.cons, sc)
		pass = c.plan.after(c, pass, r)
	}
	return len(c.Residuals)
}

// The passes over a solve's manifolds.
const (
	done          = iota // none: the solve is over
	warmPass             // the warm start
	plainPass            // a plain sweep
	shockPass            // the shock-propagation sweep
	positionPlain        // a sweep of the position pass
	positionShock        // the position pass's shock sweep
)

// sweepPlan decides a solve's sweeps: at most sweeps, stopping early once a plain sweep's
// residual is at most tol. In the velocity solve the one at shockAt is a shock sweep when
// some body is frozen; in the position pass (position) the last is, and ends it.
type sweepPlan struct {
	sweeps, shockAt int
	tol             float64
	position        bool
}

// first returns the solve's first sweep (done with no sweeps).
func (p *sweepPlan) first(c *Contacts) int {
	if p.sweeps <= 0 {
		return done
	}
	return p.kind(c, 0)
}

// kind returns the kind of sweep i.
func (p *sweepPlan) kind(c *Contacts, i int) int {
	switch {
	case i == p.shockAt && c.anyFrozen():
		if p.position {
			return positionShock
		}
		return shockPass
	case p.position:
		return positionPlain
	}
	return plainPass
}

// after records the residual r of the sweep just run, of kind pass, and returns the next
// sweep, or done.
func (p *sweepPlan) after(c *Contacts, pass int, r float64) int {
	c.Residuals = append(c.Residuals, r)
	i := len(c.Residuals) - 1
	if (pass == plainPass || pass == positionPlain) && r <= p.tol {
		c.exact.settled = !p.position && i == 0
		return done
	}
	if i+1 == p.sweeps || pass == positionShock {
		return done
	}
	return p.kind(c, i+1)
}

// pass runs one pass over the manifolds cons with scratch sc and returns its residual (0
// for the warm start).
func (c *Contacts) pass(pass int, cons []constraint, sc *scratch) float64 {
	res := 0.0
	for k := range cons {
		res = max(res, c.visitIn(pass, &cons[k], sc))
	}
	return res
}

// visitIn visits manifold con in a pass of kind pass with scratch sc and returns its
// residual.
func (c *Contacts) visitIn(pass int, con *constraint, sc *scratch) float64 {
	switch pass {
	case plainPass:
		return c.sweepOne(con, sc)
	case shockPass:
		return c.shockOne(con, sc)
	case positionPlain, positionShock:
		return c.positionVisit(con, pass == positionShock, sc)
	}
	c.warmOne(con)
	return 0
}

// warmOne clamps manifold con's impulses into their bounds (normal ≥ 0, friction within μ
// times its normal) and applies them to the velocities: the warm start.
func (c *Contacts) warmOne(con *constraint) {
	va, vb := c.vel[con.a], velocity{}
	if con.b >= 0 {
		vb = c.vel[con.b]
	}
	for i := range con.n {
		p := &con.pts[i]
		l := &p.lambda
		if !(l[0] > 0) { // NaN too
			l[0] = 0
		}
		hi := float64(con.mu * l[0])
		for d := 1; d < 3; d++ {
			if !(l[d] == l[d]) {
				l[d] = 0
			}
			l[d] = min(max(l[d], -hi), hi)
		}
		for d := range 3 {
			con.push(&va, &vb, &p.rows[d], con.dir[d], l[d])
		}
	}
	if ro := c.rollingOf(con); ro != nil {
		ro.warm(con, &va, &vb)
	}
	c.store(con, va, vb)
}

// push applies impulse dl of row r (direction dir) to the velocities va and vb.
func (con *constraint) push(va, vb *velocity, r *row, dir vec, dl float64) {
	va.v = va.v.addScaled(dir, -float64(con.mA*dl))
	va.w = va.w.addScaled(r.iA, -dl)
	vb.v = vb.v.addScaled(dir, float64(con.mB*dl))
	vb.w = vb.w.addScaled(r.iB, dl)
}

// store writes back the velocities of con's bodies that the solve moves.
func (c *Contacts) store(con *constraint, va, vb velocity) {
	if con.moveA {
		c.vel[con.a] = va
	}
	if con.moveB {
		c.vel[con.b] = vb
	}
}

// relative returns row r's relative velocity along dir: dir·(v_B − v_A) + j_B·ω_B − j_A·ω_A.
func relative(r *row, dir vec, va, vb *velocity) float64 {
	return dir.dot(vb.v.sub(va.v)) + r.jB.dot(vb.w) - r.jA.dot(va.w)
}

// sweepOne is a plain sweep's visit of manifold con, with scratch sc.
//
// A manifold whose last visit changed nothing, and whose bodies have not moved since, is
// passed over: its visit would change nothing again, to the bit. In a heap at rest most
// manifolds are, sweep after sweep.
func (c *Contacts) sweepOne(con *constraint, sc *scratch) float64 {
	if c.passOver(con) {
		return 0
	}
	va, vb := c.vel[con.a], velocity{}
	if con.b >= 0 {
		vb = c.vel[con.b]
	}
	res := c.visit(con, c.rollingOf(con), &va, &vb, sc)
	if res != 0 {
		c.store(con, va, vb)
	}
	c.record(con, con, res)
	return res
}

// passOver reports whether manifold con's last visit changed nothing and its bodies have
// not moved since: its visit would change nothing again.
func (c *Contacts) passOver(con *constraint) bool {
	return con.still && c.vel[con.a].moves == con.seenA && (con.b < 0 || c.vel[con.b].moves == con.seenB)
}

// record notes a visit of manifold con, solved as moving (con or its one-sided copy), that
// changed its rows by res: the moves of the bodies it changed, and what it saw.
func (c *Contacts) record(con, moving *constraint, res float64) {
	if con.still = res == 0; !con.still {
		if moving.moveA {
			c.vel[con.a].moves++
		}
		if moving.moveB {
			c.vel[con.b].moves++
		}
	}
	con.seenA = c.vel[con.a].moves
	if con.b >= 0 {
		con.seenB = c.vel[con.b].moves
	}
}

// visit solves manifold con's rows once: each point's two friction rows, its rolling rows ro
// (nil for none), then the normal rows together, updating va, vb and the impulses, and
// returns max D·|Δλ|; sc is the visiting goroutine's scratch.
func (c *Contacts) visit(con *constraint, ro *rolling, va, vb *velocity, sc *scratch) float64 {
	res := 0.0
	for i := range con.n {
		p := &con.pts[i]
		hi := float64(con.mu * p.lambda[0])
		for d := 1; d < 3; d++ {
			r := &p.rows[d]
			if r.invD == 0 {
				continue
			}
			w := relative(r, con.dir[d], va, vb)
			old := p.lambda[d]
			l := old - float64(w*r.invD)
			if l < -hi {
				l = -hi
			} else if l > hi {
				l = hi
			}
			if dl := l - old; dl != 0 {
				p.lambda[d] = l
				con.push(va, vb, r, con.dir[d], dl)
				res = max(res, float64(r.d*math.Abs(dl)))
			}
		}
	}
	if ro != nil {
		res = max(res, ro.visit(con, va, vb))
	}
	return max(res, c.normals(con, va, vb, sc))
}

// normals solves con's normal rows together (one row alone by the plain update) and returns
// max D·|Δλ|.
func (c *Contacts) normals(con *constraint, va, vb *velocity, sc *scratch) float64 {
	n := con.n
	nd := con.dir[0]
	if n == 1 {
		return c.normalsOneByOne(con, va, vb)
	}
	var b, x, l [MaxPoints]float64
	for i := range n {
		l[i] = con.pts[i].lambda[0]
	}
	for i := range n {
		p := &con.pts[i]
		w := relative(&p.rows[0], nd, va, vb) - p.bias
		s := 0.0
		for j, a := range con.block[i*n : i*n+n] {
			s += float64(a * l[j])
		}
		b[i] = w - s
	}
	if !con.inv.solve(&con.support, int(n), con.block[:n*n], b[:n], x[:n]) && !con.lemke(b[:n], x[:n], sc) {
		return c.normalsOneByOne(con, va, vb)
	}
	res, total := 0.0, 0.0
	for i := range n {
		p := &con.pts[i]
		dl := x[i] - p.lambda[0]
		if dl == 0 {
			continue
		}
		p.lambda[0] = x[i]
		total += dl
		r := &p.rows[0]
		va.w = va.w.addScaled(r.iA, -dl)
		vb.w = vb.w.addScaled(r.iB, dl)
		res = max(res, float64(r.d*math.Abs(dl)))
	}
	if total != 0 {
		va.v = va.v.addScaled(nd, -float64(con.mA*total))
		vb.v = vb.v.addScaled(nd, float64(con.mB*total))
	}
	return res
}

// lemke solves con's normal block LCP with right-hand side b into x (pgs.SolveBlock: a
// factorization on the support, then Lemke's method), with scratch sc, and reports whether
// it found a solution.
func (con *constraint) lemke(b, x []float64, sc *scratch) bool {
	n := int(con.n)
	sc.lu.Invalidate()
	return pgs.SolveBlock(&sc.lcp, &con.support, &sc.lu, n, con.block[:n*n], b, x)
}

// normalsOneByOne updates con's normal rows one at a time: a single row, or a block whose
// LCP has no solution on its own (inconsistent redundant rows).
func (c *Contacts) normalsOneByOne(con *constraint, va, vb *velocity) float64 {
	res := 0.0
	for i := range con.n {
		p := &con.pts[i]
		r := &p.rows[0]
		if r.invD == 0 {
			continue
		}
		old := p.lambda[0]
		l := max(old-float64((relative(r, con.dir[0], va, vb)-p.bias)*r.invD), 0)
		if dl := l - old; dl != 0 {
			p.lambda[0] = l
			con.push(va, vb, r, con.dir[0], dl)
			res = max(res, float64(r.d*math.Abs(dl)))
		}
	}
	return res
}
