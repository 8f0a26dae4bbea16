package planar

import "github.com/go-gl/mathgl/mgl64"

// Gravity is a uniform acceleration G (m/s²) on every body: the force M G at the centre of
// mass, no torque. Several gravity forces add up.
type Gravity struct {
	G mgl64.Vec2
}

// Accumulate adds M G to every free body's force.
func (g *Gravity) Accumulate(bodies []Body) {
	for i := range bodies {
		b := &bodies[i]
		if b.Fixed {
			continue
		}
		b.F[0] += float64(b.M * g.G[0])
		b.F[1] += float64(b.M * g.G[1])
	}
}

// Potential returns Σ −M G·X over all bodies, fixed ones included (as the reference counts
// them).
func (g *Gravity) Potential(bodies []Body) float64 {
	u := 0.0
	for i := range bodies {
		b := &bodies[i]
		u += float64(-b.M * (float64(g.G[0]*b.X[0]) + float64(g.G[1]*b.X[1])))
	}
	return u
}
