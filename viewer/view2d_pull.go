package viewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/render"
)

// pull2D is the mouse's hold on a 2D body: a damped spring from the picked point of the body
// to the cursor, added to the scene's forces while the button is down (so the run is no
// longer the scene's own). Its stiffness and damping are the 3D picking spring's, per unit of
// the smallest mass the point can show, 1/(1/M + |r|²/I): the point follows the cursor at
// most at grabOmega in any direction, however far from the centre of mass it was picked.
// With ζ = 1 the spring stays stable under either explicit integrator while ω·dt < 2; the
// rate is lowered to keep ω·dt at most pullStep for scenes with a long time step.
type pull2D struct {
	Body   int
	Local  mgl64.Vec2 // the picked point in body space, from the centre of mass (m)
	Target mgl64.Vec2 // where the cursor holds it, world (m)
	omega  float64    // the spring's rate, rad/s
}

// pullStep is the most ω·dt the pull runs at: the 3D picking spring's margin at 60 Hz.
const pullStep = 0.2

// pick2D returns the hold of the free body whose drawn shape (its polygon inflated by its
// radius) covers world point p, the last drawn (topmost) first, for a scene stepped at dt;
// false when p is on no free body.
func pick2D(bodies []planar.Body, p mgl64.Vec2, dt float64) (pull2D, bool) {
	var poly []mgl64.Vec2
	for i := len(bodies) - 1; i >= 0; i-- {
		b := &bodies[i]
		if b.Fixed {
			continue
		}
		r := b.Rotation()
		poly = poly[:0]
		for k := range b.Vertices {
			poly = append(poly, b.WorldVertex(r, k))
		}
		if render.SignedDistance(p, poly) <= b.Radius {
			return pull2D{Body: i, Local: r.ApplyInverse(p.Sub(b.X)), Target: p, omega: math.Min(grabOmega, pullStep/dt)}, true
		}
	}
	return pull2D{}, false
}

// ends returns the spring's two ends, world (m): the picked point and the target.
func (p *pull2D) ends(bodies []planar.Body) (from, to mgl64.Vec2) {
	b := &bodies[p.Body]
	return b.X.Add(b.Rotation().Apply(p.Local)), p.Target
}

// Accumulate adds the spring's force at the picked point and its torque about the centre of
// mass: F = m (ω² (target − x) − 2ζω ẋ), with x and ẋ the point's position and velocity.
func (p *pull2D) Accumulate(bodies []planar.Body) {
	b := &bodies[p.Body]
	if b.Fixed {
		return
	}
	r := b.Rotation().Apply(p.Local)
	x := b.X.Add(r)
	v := mgl64.Vec2{b.V[0] - b.Omega*r[1], b.V[1] + b.Omega*r[0]}
	m := 1 / (1/b.M + r.Dot(r)/b.I)
	f := p.Target.Sub(x).Mul(m * p.omega * p.omega).Sub(v.Mul(m * 2 * grabDamping * p.omega))
	b.F = b.F.Add(f)
	b.Tau += planar.Cross(r, f)
}

// Potential returns 0: the pull is work done from outside the scene, not part of its U.
func (p *pull2D) Potential([]planar.Body) float64 { return 0 }
