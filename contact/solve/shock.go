package solve

// The shock-propagation sweep (Guendelman, Bridson and Fedkiw 2003): the last sweep of a
// solve that runs all its sweeps treats, in each manifold between two moving bodies of
// different levels, the body of the lower level as infinitely heavy: its velocity is read
// but not changed. Visited bottom-up, one such sweep leaves every contact of a stack
// non-approaching however slowly the plain sweeps carried the weight down, and a heavy box
// cannot crush a light one under it. Its impulses act on one body only, so they do not
// conserve momentum, and they depend on the order in which a body's supports are visited:
// the next step's warm start keeps the plain sweeps' impulses, except on the normal rows
// whose frozen body is lighter than the one it holds, where the plain sweeps cannot carry a
// heavy body's weight through a light one (docs/contact.md, "The solver").

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

// shockOne is the shock-propagation sweep's visit of manifold con.
func (c *Contacts) shockOne(con *constraint) float64 {
	sc := &c.scratch.con
	*sc = *con
	f := c.frozen(con)
	keep := f >= 0 && c.keepsShock(con, f)
	if f >= 0 {
		sc.freeze(f, !keep)
	}
	va, vb := c.vel[con.a], velocity{}
	if con.b >= 0 {
		vb = c.vel[con.b]
	}
	res := c.visit(sc, &va, &vb)
	c.store(sc, va, vb)
	if keep {
		for i := range con.n {
			con.pts[i].lambda[0] = sc.pts[i].lambda[0]
		}
	}
	return res
}

// freeze makes con one-sided: body A (f = 0) or B (f = 1) is treated as infinitely heavy.
// With still, the frozen body's motion into the other counts as rest (normalSpeed).
func (con *constraint) freeze(f int, still bool) {
	if still {
		con.frozenSide = int8(f + 1)
	}
	if f == 0 {
		con.mA, con.moveA = 0, false
	} else {
		con.mB, con.moveB = 0, false
	}
	for i := range con.n {
		for d := range 3 {
			r := &con.pts[i].rows[d]
			dd := con.dir[d].dot(con.dir[d])
			if f == 0 {
				r.iA = vec{}
				r.d = float64(con.mB*dd) + r.jB.dot(r.iB)
			} else {
				r.iB = vec{}
				r.d = float64(con.mA*dd) + r.jA.dot(r.iA)
			}
			r.invD = 0
			if r.d > 0 {
				r.invD = 1 / r.d
			}
		}
	}
	con.setBlock(shockRegularization)
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
