package solve

// wrenchRow is a patch's reduced row acting on the bodies. As a constraint it measures the
// relative velocity l·(v_B − v_A) + j_B·ω_B − j_A·ω_A, like a contact row's but along any
// linear and angular direction; its impulse acts along h, which is the same direction plus
// the sliding friction that the patch's normal impulses carry with them (μ times each
// point's share, along the slip): this keeps sliding friction exact without iterating.
type wrenchRow struct {
	con    int32 // manifold
	l      vec   // linear direction of the relative velocity
	jA, jB vec   // its angular directions for each body
	hl     vec   // linear direction of the impulse
	hA, hB vec   // its angular directions
	iA, iB vec   // I⁻¹ h of each body, zero for a body the solve does not move
}

// wrench returns the reduced row q (linear, angular at A's centre of mass) of manifold k,
// with its impulse direction before sliding friction.
func (c *Contacts) wrench(k int32, q *[6]float64) wrenchRow {
	con := &c.cons[k]
	l, ang := vec{q[0], q[1], q[2]}, vec{q[3], q[4], q[5]}
	w := wrenchRow{con: k, l: l, jA: ang}
	if con.b >= 0 {
		// B's velocity at A's centre is v_B + ω_B × (c_A − c_B).
		w.jB = ang.add(con.ab.cross(l))
	}
	w.hl, w.hA, w.hB = w.l, w.jA, w.jB
	return w
}

// addSliding adds to w's impulse the friction of row r (direction dir) of con that slides
// with s times the impulse of w.
func (w *wrenchRow) addSliding(r *row, dir vec, s float64) {
	w.hl = w.hl.addScaled(dir, s)
	w.hA = w.hA.addScaled(r.jA, s)
	w.hB = w.hB.addScaled(r.jB, s)
}

// inertia sets w's impulse directions premultiplied by the inverse inertias.
func (c *Contacts) inertia(w *wrenchRow) {
	con := &c.cons[w.con]
	if con.moveA {
		w.iA = c.bodies[con.a].invI.mul(w.hA)
	}
	if con.moveB {
		w.iB = c.bodies[con.b].invI.mul(w.hB)
	}
}

// assemble fills the island's matrix J M⁻¹ Hᵀ of the reduced rows within the envelope.
func (c *Contacts) assemble() {
	e := &c.exact
	e.k.reset(e.first)
	for i := range e.wr {
		for j := int(e.first[i]); j <= i; j++ {
			e.k.set(i, j, c.coupling(&e.wr[i], &e.wr[j]))
			if j < i {
				e.k.set(j, i, c.coupling(&e.wr[j], &e.wr[i]))
			}
		}
	}
}

// coupling returns how row r's relative velocity changes per unit impulse of row s.
func (c *Contacts) coupling(r, s *wrenchRow) float64 {
	cr, cs := &c.cons[r.con], &c.cons[s.con]
	x := 0.0
	for sr := range 2 {
		br, jr := cr.velocitySide(r, sr)
		if br < 0 {
			continue
		}
		for ss := range 2 {
			bs, m, hl, ih := cs.impulseSide(s, ss)
			if bs != br {
				continue
			}
			y := float64(m*r.l.dot(hl)) + jr.dot(ih)
			if sr != ss {
				y = -y
			}
			x += y
		}
	}
	return x
}

// velocitySide returns body s of con (0 for A, 1 for B) as row r measures it: the body (−1
// for none, or one the solve does not move) and r's angular direction for it.
func (con *constraint) velocitySide(r *wrenchRow, s int) (int32, vec) {
	switch {
	case s == 0 && con.moveA:
		return con.a, r.jA
	case s == 1 && con.moveB:
		return con.b, r.jB
	}
	return -1, vec{}
}

// impulseSide returns body s of con as row r's impulse moves it: the body (−1 for none),
// its inverse mass, r's linear impulse direction and I⁻¹ times its angular one.
func (con *constraint) impulseSide(r *wrenchRow, s int) (int32, float64, vec, vec) {
	switch {
	case s == 0 && con.moveA:
		return con.a, con.mA, r.hl, r.iA
	case s == 1 && con.moveB:
		return con.b, con.mB, r.hl, r.iB
	}
	return -1, 0, vec{}, vec{}
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
