package collide

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
)

// Where a contact point goes with its bodies' motion. The arithmetic is spelled out in
// scalars, in mgl64's order of operations (so that the result is the same to the bit),
// rather than chained through mgl64 values: it runs for every candidate point, and again in
// the step's guards and position pass.

// PointReach returns the depth contact point c of manifold m would have at the end of a
// step of h seconds if the bodies kept their velocities (m: its depth, its approach over
// the step, and the dip of the step's rotations), and that dip. a and b are the manifold's
// bodies (b unused for a plane) and turnA, turnB their turns exp(h[ω]×) for their ω.
func PointReach(m *Manifold, c *ContactPoint, a, b *body.Body, turnA, turnB *mgl64.Mat3, h float64) (reach, dipped float64) {
	n := &m.Normal
	var rA mgl64.Vec3
	rA[0], rA[1], rA[2] = mulVec(&a.R, &c.LocalA)
	// m.Normal points from A into B: A moving along it approaches.
	approach := AlongVelocity(n, &a.V, &a.Omega, &rA)
	into := mgl64.Vec3{-n[0], -n[1], -n[2]}
	dipped = dipAt(&into, turnA, &rA, &a.Omega, h)
	if m.Pair.B >= 0 {
		var rB mgl64.Vec3
		rB[0], rB[1], rB[2] = mulVec(&b.R, &c.LocalB)
		approach -= AlongVelocity(n, &b.V, &b.Omega, &rB)
		dipped += dipAt(n, turnB, &rB, &b.Omega, h)
	}
	return c.Depth + float64(h*approach) + dipped, dipped
}

// PointDepth returns how deep contact point c of manifold m is with the bodies where they
// are now (m; negative for a gap): between a and b, or for a body–plane pair between a and
// the plane through point p with unit normal n (b unused). It runs for every point after
// every step, in mgl64's order (WorldPoint, Sub, Dot).
func PointDepth(m *Manifold, c *ContactPoint, a, b *body.Body, n, p *mgl64.Vec3) float64 {
	x, y, z := mulVec(&a.R, &c.LocalA)
	x, y, z = x+a.P[0], y+a.P[1], z+a.P[2] // WorldPoint(LocalA)
	if m.Pair.Plane() >= 0 {
		return -(float64(n[0]*(x-p[0])) + float64(n[1]*(y-p[1])) + float64(n[2]*(z-p[2])))
	}
	n = &m.Normal
	bx, by, bz := mulVec(&b.R, &c.LocalB)
	return float64(n[0]*(x-(bx+b.P[0]))) + float64(n[1]*(y-(by+b.P[1]))) + float64(n[2]*(z-(bz+b.P[2])))
}

// bodyPoint returns b.BodyPoint(x), Rᵀ (x − P), in its order of operations, on pointers:
// every candidate point of a convex pair takes two, and the body package's method, which
// is not inlined, takes and returns its vectors by value.
func bodyPoint(b *body.Body, x *mgl64.Vec3) mgl64.Vec3 {
	r, p := &b.R, &b.P
	d0, d1, d2 := x[0]-p[0], x[1]-p[1], x[2]-p[2]
	return mgl64.Vec3{
		float64(r[0]*d0) + float64(r[1]*d1) + float64(r[2]*d2),
		float64(r[3]*d0) + float64(r[4]*d1) + float64(r[5]*d2),
		float64(r[6]*d0) + float64(r[7]*d1) + float64(r[8]*d2),
	}
}

// mulVec returns the components of r·v, as mgl64.Mat3.Mul3x1 computes them.
func mulVec(r *mgl64.Mat3, v *mgl64.Vec3) (x, y, z float64) {
	return float64(r[0]*v[0]) + float64(r[3]*v[1]) + float64(r[6]*v[2]),
		float64(r[1]*v[0]) + float64(r[4]*v[1]) + float64(r[7]*v[2]),
		float64(r[2]*v[0]) + float64(r[5]*v[1]) + float64(r[8]*v[2])
}

// AlongVelocity returns n·(v + ω × r), the speed along n of the point at offset r of a
// body moving with v and ω, as mgl64 computes n.Dot(v.Add(omega.Cross(r))).
func AlongVelocity(n, v, omega, r *mgl64.Vec3) float64 {
	x := v[0] + (float64(omega[1]*r[2]) - float64(omega[2]*r[1]))
	y := v[1] + (float64(omega[2]*r[0]) - float64(omega[0]*r[2]))
	z := v[2] + (float64(omega[0]*r[1]) - float64(omega[1]*r[0]))
	return float64(n[0]*x) + float64(n[1]*y) + float64(n[2]*z)
}

// Dip returns how much deeper into the plane with unit normal n the step's rotation turn =
// exp(h[ω]×) carries a point at offset rc from the centre of mass than its linear velocity
// ω × rc says (m; negative when the arc lifts it). It is ≈ ½h²|ω|² times the offset's part
// perpendicular to ω, along −n: a corner swinging down through its lowest point rises above
// the tangent, one swinging toward the plane dips below it.
func Dip(n mgl64.Vec3, turn mgl64.Mat3, rc, omega mgl64.Vec3, h float64) float64 {
	return dipAt(&n, &turn, &rc, &omega, h)
}

// dipAt is Dip on pointers, in scalars: −n·(turn·rc − rc − h ω × rc), in mgl64's order of
// operations (PointReach calls it for every contact point).
func dipAt(n *mgl64.Vec3, turn *mgl64.Mat3, rc, omega *mgl64.Vec3, h float64) float64 {
	tx, ty, tz := mulVec(turn, rc)
	x := tx - rc[0] - float64((float64(omega[1]*rc[2])-float64(omega[2]*rc[1]))*h)
	y := ty - rc[1] - float64((float64(omega[2]*rc[0])-float64(omega[0]*rc[2]))*h)
	z := tz - rc[2] - float64((float64(omega[0]*rc[1])-float64(omega[1]*rc[0]))*h)
	return -(float64(n[0]*x) + float64(n[1]*y) + float64(n[2]*z))
}

// PairReach returns how far the surfaces of bodies a and b can close within a step of h
// seconds at most (m): their relative speed plus each one's fastest corner's speed about
// its centre, times the step.
func PairReach(a, b *Body, h float64) float64 {
	return h * (rounded.Len(a.V.Sub(b.V)) + float64(rounded.Len(a.Omega)*a.Shape.Radius) +
		float64(rounded.Len(b.Omega)*b.Shape.Radius))
}
