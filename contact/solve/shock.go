package solve

// The shock-propagation sweep (Guendelman, Bridson and Fedkiw 2003): in a solve that runs
// all its sweeps, the one before the last treats, in each manifold between two moving bodies
// of different levels, the body of the lower level as infinitely heavy: its velocity is read
// but not changed. Visited bottom-up, one such sweep leaves every contact of a stack
// non-approaching however slowly the plain sweeps carried the weight down, and a heavy box
// cannot crush a light one under it. Its impulses act on one body only, so they do not
// conserve momentum (holdStill keeps them from lifting what a lower body pushes up), and
// they depend on the order in which a body's supports are visited: the next step's warm
// start keeps the plain sweeps' impulses, except on the normal rows whose frozen body is
// lighter than the one it holds, where the plain sweeps cannot carry a heavy body's weight
// through a light one (docs/contact.md, "The solver"). The plain sweep after it gives every
// contact back its two sides (plainAfterShock).

// plainAfterShock is the number of plain sweeps after the shock sweep. As the last sweep,
// the shock sweep left every step's velocities one-sided, and in a heap, where a box rests
// on several others at different levels and leans on its neighbours, that kept the boxes
// creeping: of 18 runs of the peers' pile1000 from initial conditions a micrometre apart,
// sleeping off, 9 had less than 0.1 J of kinetic energy left at 10 s; with one plain sweep
// after the shock sweep 14 did, and pyramid20 moves 1.2 mm rather than 4.6 (TestStacksStand).
// More plain sweeps after it give back more of what it carried down, and the heap settled
// no better: 6, 12 and 9 of the 18 runs with two, three and four. The position pass keeps
// its shock sweep last (Position).
const plainAfterShock = 1

// shockAt returns which of a solve's sweeps (from 0) is the shock sweep, when the solve
// reaches it: with a single sweep, that one.
func shockAt(sweeps int) int { return sweeps - 1 - min(plainAfterShock, sweeps-1) }

// frozen returns which body of con the shock sweep freezes: 0 for A, 1 for B, −1 for none
// (not two moving bodies, or two of one level).
func (c *Contacts) frozen(con *constraint) int {
	if !con.moveA || !con.moveB {
		return -1
	}
	la, lb := c.bodies[con.a].level, c.bodies[con.b].level
	switch {
	case la < lb:
		return 0
	case lb < la:
		return 1
	}
	return -1
}

// anyFrozen reports whether the shock sweep would freeze a body anywhere.
func (c *Contacts) anyFrozen() bool {
	for k := range c.cons {
		if c.frozen(&c.cons[k]) >= 0 {
			return true
		}
	}
	return false
}

// shockOne is the shock-propagation sweep's visit of manifold con, with scratch s.
func (c *Contacts) shockOne(con *constraint, s *scratch) float64 {
	sc := &s.con
	*sc = *con
	f := c.frozen(con)
	keep := f >= 0 && c.keepsShock(con, f)
	if f >= 0 {
		sc.freeze(f)
	}
	va, vb := c.vel[con.a], velocity{}
	if con.b >= 0 {
		vb = c.vel[con.b]
	}
	if f >= 0 && !keep { // hold the frozen body still along the normal
		if f == 0 {
			con.holdStill(&va, 1)
		} else {
			con.holdStill(&vb, -1)
		}
	}
	ro := c.rollingOf(con)
	if ro != nil { // the copy's impulses are dropped, as the other rows' are
		s.roll = *ro
		if f >= 0 {
			s.roll.freeze(f)
		}
		ro = &s.roll
	}
	res := c.visit(sc, ro, &va, &vb, s)
	c.store(sc, va, vb)
	if res != 0 { // the plain sweep after it must not pass over the bodies it moved
		if sc.moveA {
			c.vel[con.a].moves++
		}
		if sc.moveB {
			c.vel[con.b].moves++
		}
	}
	if keep {
		for i := range con.n {
			con.pts[i].lambda[0] = sc.pts[i].lambda[0]
		}
	}
	return res
}

// holdStill takes the frozen body's linear motion along con's normal as rest when, over
// con's points, the body moves into the one it holds (sign 1 for A, whose motion into B is
// along the normal; −1 for B). The plain sweeps leave a lower box moving up into the box it
// holds, and the shock sweep's one-sided impulse, which no body pays back, would carry that
// motion up the stack: large_pyramid's cubes moved 1.2 m in 200 steps. Only the normal
// part of the linear motion: taking all of the frozen body's motion as rest, or its normal
// speed at each point (which makes a block's rows disagree about a turning body), kept the
// peers' pile1000 from coming to rest (683 J and 14 J of kinetic energy at 10 s, against
// 0.95 J). The frozen body's velocity is not stored: only the held body's changes.
func (con *constraint) holdStill(v *velocity, sign float64) {
	n := con.dir[0]
	into := 0.0
	for i := range con.n {
		r := &con.pts[i].rows[0]
		j := r.jA
		if sign < 0 {
			j = r.jB
		}
		into += float64(sign * (n.dot(v.v) + j.dot(v.w)))
	}
	if into > 0 {
		v.v = v.v.addScaled(n, -n.dot(v.v))
	}
}

// freeze makes con one-sided: body A (f = 0) or B (f = 1) is treated as infinitely heavy.
func (con *constraint) freeze(f int) {
	if f == 0 {
		con.mA, con.moveA = 0, false
	} else {
		con.mB, con.moveB = 0, false
	}
	for i := range con.n {
		for d := range 3 {
			dd := con.dir[d].dot(con.dir[d])
			con.pts[i].rows[d].oneSided(f, float64((con.mA+con.mB)*dd)) // one of them is 0 now
		}
	}
	con.setBlock(shockRegularization)
}

// oneSided makes row r one-sided: body A (f = 0) or B (f = 1) infinitely heavy, lin the other
// body's linear term m·d·d of the effective mass (0 for an angular row).
func (r *row) oneSided(f int, lin float64) {
	if f == 0 {
		r.iA = vec{}
		r.d = lin + r.jB.dot(r.iB)
	} else {
		r.iB = vec{}
		r.d = lin + r.jA.dot(r.iA)
	}
	r.invD = 0
	if r.d > 0 {
		r.invD = 1 / r.d
	}
}

// keepsShock reports whether the shock sweep's normal impulses of con, whose body f it
// freezes, become the next warm start: when the frozen body is lighter than the one it
// holds.
func (c *Contacts) keepsShock(con *constraint, f int) bool {
	frozen, held := con.a, con.b
	if f == 1 {
		frozen, held = con.b, con.a
	}
	return c.bodies[frozen].invMass > c.bodies[held].invMass
}
