package planar

import (
	"github.com/go-gl/mathgl/mgl64"

	rigid "github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/pgs"
)

// DOF is the width of a planar body's velocity block in a pgs.Problem: (vx, vy, ω).
const DOF = 3

// Column returns contact c's column of N for the bodies in their current state: for body
// I1 the block [n; (R r1) × n], for body I0 the block −[n; (R r0) × n] (R from a fresh sine
// and cosine of each body's θ, × the 2D cross product). Nᵀq̇ is then the normal velocity of
// I1's contact point relative to I0's: positive when they separate.
func Column(bodies []rigid.Body, c *Contact) (j0, j1 [DOF]float64) {
	w0 := bodies[c.I0].Rotation().Apply(c.R0)
	w1 := bodies[c.I1].Rotation().Apply(c.R1)
	n := c.N
	j0 = [DOF]float64{-n[0], -n[1], -rigid.Cross(w0, n)}
	j1 = [DOF]float64{n[0], n[1], rigid.Cross(w1, n)}
	return j0, j1
}

// Build fills p with the contact problem: one body block per planar body, in order (mass
// diag(M, M, I) and its inverse; zeros for fixed bodies, whose velocity stays in V as the
// scene gave it), and one contact normal row per contact in the set's order, with body A = I0
// and body B = I1, Jacobian the contact's column of N and bias 0 (plain non-penetration).
// It reuses p's storage.
func Build(p *pgs.Problem, bodies []rigid.Body, contacts Set) {
	p.Reset(DOF)
	for i := range bodies {
		b := &bodies[i]
		v := [DOF]float64{b.V[0], b.V[1], b.Omega}
		if b.Fixed {
			p.AddBody(nil, nil, v[:])
			continue
		}
		m := [DOF * DOF]float64{b.M, 0, 0, 0, b.M, 0, 0, 0, b.I}
		inv := [DOF * DOF]float64{1 / b.M, 0, 0, 0, 1 / b.M, 0, 0, 0, 1 / b.I}
		p.AddBody(m[:], inv[:], v[:])
	}
	for k := range contacts {
		c := &contacts[k]
		j0, j1 := Column(bodies, c)
		p.AddRow(pgs.NormalRow(c.I0, c.I1, 0), j0[:], j1[:], 0)
	}
}

// Apply writes the solved velocities of p back to the free bodies (fixed bodies keep theirs).
func Apply(p *pgs.Problem, bodies []rigid.Body) {
	for i := range bodies {
		if b := &bodies[i]; !b.Fixed {
			v := p.Velocity(i)
			b.V, b.Omega = mgl64.Vec2{v[0], v[1]}, v[2]
		}
	}
}
