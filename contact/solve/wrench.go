package solve

// wrenchRow is a patch's reduced row acting on the bodies: a relative velocity
// l·(v_B − v_A) + j_B·ω_B − j_A·ω_A, like a contact row's but along any linear and angular
// direction.
type wrenchRow struct {
	con    int32 // manifold
	l      vec
	jA, jB vec
	iA, iB vec // I⁻¹ j of each body, zero for a body the solve does not move
}

// assemble fills the island's matrix J M⁻¹ Jᵀ of the reduced rows.
func (c *Contacts) assemble() {
	e := &c.exact
	e.k.reset(e.first)
	for i := range e.wr {
		ri := &e.wr[i]
		ci := &c.cons[ri.con]
		for j := int(e.first[i]); j <= i; j++ {
			rj := &e.wr[j]
			cj := &c.cons[rj.con]
			x := 0.0
			for si := range 2 {
				bi, mi, ji, _ := ci.side(ri, si)
				if bi < 0 || mi == 0 && ji == (vec{}) {
					continue
				}
				for sj := range 2 {
					bj, mj, _, ij := cj.side(rj, sj)
					if bj != bi {
						continue
					}
					sign := 1.0
					if si != sj {
						sign = -1
					}
					x += sign * (float64(mj*ri.l.dot(rj.l)) + ji.dot(ij))
				}
			}
			e.k.add(i, j, x)
		}
	}
}

// side returns body s of con (0 for A, 1 for B) as row r sees it: the body (−1 for none or
// one the solve does not move), its inverse mass, r's angular functional and I⁻¹ times it.
func (con *constraint) side(r *wrenchRow, s int) (int32, float64, vec, vec) {
	if s == 0 {
		if !con.moveA {
			return -1, 0, vec{}, vec{}
		}
		return con.a, con.mA, r.jA, r.iA
	}
	if !con.moveB {
		return -1, 0, vec{}, vec{}
	}
	return con.b, con.mB, r.jB, r.iB
}

// wrench returns the reduced row q (linear, angular at A's centre of mass) of manifold k as
// functionals of its bodies' velocities.
func (c *Contacts) wrench(k int32, q *[6]float64) wrenchRow {
	con := &c.cons[k]
	l, ang := vec{q[0], q[1], q[2]}, vec{q[3], q[4], q[5]}
	w := wrenchRow{con: k, l: l, jA: ang}
	if con.moveA {
		w.iA = c.bodies[con.a].invI.mul(w.jA)
	}
	if con.b >= 0 {
		// B's velocity at A's centre is v_B + ω_B × (c_A − c_B).
		w.jB = ang.add(con.ab.cross(l))
		if con.moveB {
			w.iB = c.bodies[con.b].invI.mul(w.jB)
		}
	}
	return w
}

// wrenchVelocity returns reduced row r's relative velocity in e.vel.
func (c *Contacts) wrenchVelocity(r *wrenchRow) float64 {
	con := &c.cons[r.con]
	va, vb := c.exact.vel[con.a], velocity{}
	if con.b >= 0 {
		vb = c.exact.vel[con.b]
	}
	return r.l.dot(vb.v.sub(va.v)) + r.jB.dot(vb.w) - r.jA.dot(va.w)
}
