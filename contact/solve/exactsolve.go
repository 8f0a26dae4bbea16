package solve

import "github.com/tumble-physics/tumble/contact/internal/work"

// The exact stage's solve for a given active set: every manifold reduced to its patch, the
// island's matrix J M⁻¹ Hᵀ of the reduced rows assembled in its envelope and factored, the
// impulses shared back to the points, and the velocities they give.

// exactReduce reduces every manifold of the island to its patch and lays out the reduced
// rows and their envelopes: a row's envelope begins at the first reduced row of the
// island that shares a moving body with it.
func (e *islandWork) exactReduce(ms []int32) {
	e.wr = e.wr[:0]
	e.first = e.first[:0]
	for j, k := range ms {
		con := &e.c.cons[k]
		p := &e.patches[j]
		p.reduce(con, e.status[maxRows*j:])
		e.at[j] = int32(len(e.wr))
		f := e.envelope(con, e.at[j])
		base := len(e.wr)
		for a := range p.k {
			e.wr = append(e.wr, e.c.wrench(k, &p.q[a]))
			e.first = append(e.first, f)
		}
		e.c.foldSliding(con, p, e.status[maxRows*j:], e.slide[2*j:2*j+2], e.wr[base:])
		for a := range p.k {
			e.c.inertia(&e.wr[base+a])
		}
	}
	e.at[len(ms)] = int32(len(e.wr))
	e.clearBodyAt(ms)
}

// envelope returns where the envelope of manifold con's reduced rows begins, their first
// row being own: at the first row of the island that shares a moving body with them
// (e.bodyAt, which it keeps; clearBodyAt resets it).
func (e *islandWork) envelope(con *constraint, own int32) int32 {
	f := own
	for _, b := range [2]int32{con.a, con.b} {
		if b < 0 || e.c.bodies[b].invMass == 0 {
			continue
		}
		if e.bodyAt[b] < 0 {
			e.bodyAt[b] = own
		}
		f = min(f, e.bodyAt[b])
	}
	return f
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
func (e *islandWork) clearBodyAt(ms []int32) {
	for _, k := range ms {
		con := &e.c.cons[k]
		e.bodyAt[con.a] = -1
		if con.b >= 0 {
			e.bodyAt[con.b] = -1
		}
	}
}

// exactSolve solves the island's equalities for its present active set and leaves the
// impulses in e.lambda and the velocities in e.vel.
func (e *islandWork) exactSolve(ms []int32) {
	n := len(e.wr)
	e.rhs = work.Resize(e.rhs, n)
	e.x = work.Resize(e.x, n)
	e.r = work.Resize(e.r, n)
	e.startVelocities(ms)
	for j := range ms {
		p := &e.patches[j]
		y := p.targets()
		for a := range p.k {
			i := int(e.at[j]) + a
			e.rhs[i] = y[a] - e.wrenchVelocity(&e.wr[i])
		}
	}
	e.k.solve(e.rhs, e.x, e.r)
	for j, k := range ms {
		con := &e.c.cons[k]
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
	e.finalVelocities(ms)
}

// startVelocities sets e.vel of the island's bodies to the solve's starting velocities.
func (e *islandWork) startVelocities(ms []int32) {
	for _, k := range ms {
		con := &e.c.cons[k]
		e.vel[con.a] = e.c.exact.free[con.a]
		if con.b >= 0 {
			e.vel[con.b] = e.c.exact.free[con.b]
		}
	}
}

// finalVelocities sets e.vel of the island's bodies to the starting velocities plus every
// row's impulse.
func (e *islandWork) finalVelocities(ms []int32) {
	e.startVelocities(ms)
	for j, k := range ms {
		e.applyRows(&e.c.cons[k], e.lambda[maxRows*j:])
	}
}

// applyRows applies con's impulses lambda to e.vel.
func (e *islandWork) applyRows(con *constraint, lambda []float64) {
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
