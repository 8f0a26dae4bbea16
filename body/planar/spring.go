package planar

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// World marks a spring end fixed in the world instead of on a body.
const World = -1

// Spring is a zero-mass linear spring between two attachment points. End A is body I at the
// body-space offset PI from its centre of mass, or, when I is World, the world point PI;
// likewise end B with J and PJ. With ends a and b, length l = |b − a| and unit vector
// n = (b − a)/l, body I gets the force K (l − L0) n and body J its opposite, each with
// the torque of its attachment offset.
type Spring struct {
	I, J   int
	PI, PJ mgl64.Vec2
	K      float64 // stiffness (N/m)
	L0     float64 // rest length (m)
}

// arm returns the world-axes offset of a spring end from its body's centre of mass, R p,
// or the world point p itself for a World end.
func arm(bodies []Body, i int, p mgl64.Vec2) mgl64.Vec2 {
	if i == World {
		return p
	}
	return bodies[i].Rotation().Apply(p)
}

// geometry returns both ends' arms and the separation d = b − a in the reference's order
// ((r_j − r_i) − X_i) + X_j, and the length l = √(d_y² + d_x²).
func (s *Spring) geometry(bodies []Body) (ri, rj, d mgl64.Vec2, l float64) {
	ri = arm(bodies, s.I, s.PI)
	rj = arm(bodies, s.J, s.PJ)
	d = mgl64.Vec2{rj[0] - ri[0], rj[1] - ri[1]}
	if s.I != World {
		d[0] -= bodies[s.I].X[0]
		d[1] -= bodies[s.I].X[1]
	}
	if s.J != World {
		d[0] += bodies[s.J].X[0]
		d[1] += bodies[s.J].X[1]
	}
	l = math.Sqrt(float64(d[1]*d[1]) + float64(d[0]*d[0]))
	return ri, rj, d, l
}

// Ends returns the world positions of the spring's two ends (m), for drawing.
func (s *Spring) Ends(bodies []Body) (a, b mgl64.Vec2) {
	ri, rj, _, _ := s.geometry(bodies)
	a, b = ri, rj
	if s.I != World {
		a = bodies[s.I].X.Add(ri)
	}
	if s.J != World {
		b = bodies[s.J].X.Add(rj)
	}
	return a, b
}

// Accumulate adds the spring force and its torques to the free bodies at its ends. A spring
// of zero length has no direction: it exerts nothing (the reference divides 0 by 0 there
// when L0 ≠ 0 and produces NaN; Tumble treats it as the unstable equilibrium it is).
func (s *Spring) Accumulate(bodies []Body) {
	ri, rj, d, l := s.geometry(bodies)
	if l == 0 {
		return
	}
	inv, mag := 1/l, float64((l-s.L0)*s.K)
	f := mgl64.Vec2{float64(float64(d[0]*inv) * mag), float64(float64(d[1]*inv) * mag)}
	if s.I != World && !bodies[s.I].Fixed {
		b := &bodies[s.I]
		b.F[0] += f[0]
		b.F[1] += f[1]
		b.Tau += Cross(ri, f)
	}
	if s.J != World && !bodies[s.J].Fixed {
		b := &bodies[s.J]
		b.F[0] += -f[0]
		b.F[1] += -f[1]
		b.Tau += -Cross(rj, f)
	}
}

// Potential returns ½ K (l − L0)².
func (s *Spring) Potential(bodies []Body) float64 {
	_, _, _, l := s.geometry(bodies)
	stretch := l - s.L0
	return 0.5 * s.K * float64(stretch*stretch)
}
