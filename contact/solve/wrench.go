package solve

// wrenchRow is a patch's reduced row acting on the bodies. As a constraint it measures the
// relative velocity l·(v_B − v_A) + j_B·ω_B − j_A·ω_A, like a contact row's but along any
// linear and angular direction; its impulse acts along h, which is the same direction plus
// the sliding friction that the patch's normal impulses carry with them (μ times each
// point's share, along the slip): this keeps sliding friction exact without iterating.
type wrenchRow struct {
	con    int32   // manifold
	a, b   int32   // its bodies that the solve moves, −1 for none
	mA, mB float64 // their inverse masses
	l      vec     // linear direction of the relative velocity
	jA, jB vec     // its angular directions for each body
	hl     vec     // linear direction of the impulse
	hA, hB vec     // its angular directions
	iA, iB vec     // I⁻¹ h of each body, zero for a body the solve does not move
}

// wrench returns the reduced row q (linear, angular at A's centre of mass) of manifold k,
// with its impulse direction before sliding friction.
func (c *Contacts) wrench(k int32, q *[6]float64) wrenchRow {
	con := &c.cons[k]
	l, ang := vec{q[0], q[1], q[2]}, vec{q[3], q[4], q[5]}
	w := wrenchRow{con: k, a: -1, b: -1, l: l, jA: ang}
	if con.moveA {
		w.a, w.mA = con.a, con.mA
	}
	if con.moveB {
		w.b, w.mB = con.b, con.mB
	}
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
func (e *islandWork) assemble() {
	e.k.reset(e.first)
	for i := range e.wr {
		for j := int(e.first[i]); j <= i; j++ {
			e.k.set(i, j, e.c.coupling(&e.wr[i], &e.wr[j]))
			if j < i {
				e.k.set(j, i, e.c.coupling(&e.wr[j], &e.wr[i]))
			}
		}
	}
}

// coupling returns how row r's relative velocity changes per unit impulse of row s: over
// the bodies they share, r's velocity directions (negative on A) times s's impulse on that
// body (negative on A).
func (c *Contacts) coupling(r, s *wrenchRow) float64 {
	x := 0.0
	if r.a >= 0 {
		if r.a == s.a {
			x += float64(s.mA*r.l.dot(s.hl)) + r.jA.dot(s.iA)
		} else if r.a == s.b {
			x -= float64(s.mB*r.l.dot(s.hl)) + r.jA.dot(s.iB)
		}
	}
	if r.b >= 0 {
		if r.b == s.a {
			x -= float64(s.mA*r.l.dot(s.hl)) + r.jB.dot(s.iA)
		} else if r.b == s.b {
			x += float64(s.mB*r.l.dot(s.hl)) + r.jB.dot(s.iB)
		}
	}
	return x
}

// wrenchVelocity returns reduced row r's relative velocity in e.vel.
func (e *islandWork) wrenchVelocity(r *wrenchRow) float64 {
	con := &e.c.cons[r.con]
	va, vb := e.vel[con.a], velocity{}
	if con.b >= 0 {
		vb = e.vel[con.b]
	}
	return r.l.dot(vb.v.sub(va.v)) + r.jB.dot(vb.w) - r.jA.dot(va.w)
}
