package contact

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
)

// collide finds the contact between bodies a and b (a < b) into m, whose Pair, Friction and
// Restitution are set; prev is the pair's manifold of the last step, or nil. It reports
// whether the bodies touch or may touch within the step (m then holds 1 to 4 points, their
// ids stable across steps, without impulses: the caller warm starts). Two convex bodies
// (decided at load, see isConvex) go to the separating-axis test; any other pair to
// collideNonConvex.
func (s *contactState) collide(w *World, a, b int, prev *Manifold, m *Manifold) bool {
	ha, hb := s.hulls[a], s.hulls[b]
	if ha.poly == nil || hb.poly == nil {
		return false
	}
	if ha.convex && hb.convex {
		return s.collideConvex(w, a, b, prev, m)
	}
	return s.collideNonConvex(w, a, b, prev, m)
}

// pointReach (with s.turns up to date for the bodies' velocities) returns the depth contact
// point c of manifold m would have at the end of the step if the bodies kept their
// velocities (m: its depth, its approach over the step, and the dip of the step's
// rotations), and that dip. It runs for every candidate point and again in the guard and
// the position pass: the arithmetic is spelled out in scalars (in mgl64's order, so the
// result is the same to the bit) rather than chained through mgl64 values.
func (w *World) pointReach(m *Manifold, c *ContactPoint) (reach, dipped float64) {
	h, n := w.Dt, &m.Normal
	ba := w.Bodies[m.Pair.A]
	var rA mgl64.Vec3
	rA[0], rA[1], rA[2] = mulVec(&ba.R, &c.LocalA)
	// m.Normal points from A into B: A moving along it approaches.
	approach := alongVelocity(n, &ba.V, &ba.Omega, &rA)
	into := mgl64.Vec3{-n[0], -n[1], -n[2]}
	dipped = dipAt(&into, &w.contacts.turns[m.Pair.A], &rA, &ba.Omega, h)
	if m.Pair.B >= 0 {
		bb := w.Bodies[m.Pair.B]
		var rB mgl64.Vec3
		rB[0], rB[1], rB[2] = mulVec(&bb.R, &c.LocalB)
		approach -= alongVelocity(n, &bb.V, &bb.Omega, &rB)
		dipped += dipAt(n, &w.contacts.turns[m.Pair.B], &rB, &bb.Omega, h)
	}
	return c.Depth + float64(h*approach) + dipped, dipped
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

// alongVelocity returns n·(v + ω × r), the speed along n of the point at offset r of a
// body moving with v and ω, as mgl64 computes n.Dot(v.Add(omega.Cross(r))).
func alongVelocity(n, v, omega, r *mgl64.Vec3) float64 {
	x := v[0] + (float64(omega[1]*r[2]) - float64(omega[2]*r[1]))
	y := v[1] + (float64(omega[2]*r[0]) - float64(omega[0]*r[2]))
	z := v[2] + (float64(omega[0]*r[1]) - float64(omega[1]*r[0]))
	return float64(n[0]*x) + float64(n[1]*y) + float64(n[2]*z)
}

// pointDepth returns how deep contact point c of manifold m is with the bodies where they
// are now (m; negative for a gap). It runs for every point after every step: in scalars,
// in mgl64's order (WorldPoint, Sub, Dot), as pointReach.
func (w *World) pointDepth(m *Manifold, c *ContactPoint) float64 {
	ba := w.Bodies[m.Pair.A]
	x, y, z := mulVec(&ba.R, &c.LocalA)
	x, y, z = x+ba.P[0], y+ba.P[1], z+ba.P[2] // WorldPoint(LocalA)
	if k := m.Pair.Plane(); k >= 0 {
		n, p := &w.contacts.normals[k], &w.Planes[k].Point
		return -(float64(n[0]*(x-p[0])) + float64(n[1]*(y-p[1])) + float64(n[2]*(z-p[2])))
	}
	bb, n := w.Bodies[m.Pair.B], &m.Normal
	bx, by, bz := mulVec(&bb.R, &c.LocalB)
	return float64(n[0]*(x-(bx+bb.P[0]))) + float64(n[1]*(y-(by+bb.P[1]))) + float64(n[2]*(z-(bz+bb.P[2])))
}

// pairReach returns how far the surfaces of bodies a and b can close within the step at
// most (m): their relative speed plus each one's fastest corner's speed about its centre,
// times the step.
func (s *contactState) pairReach(w *World, a, b int) float64 {
	ba, bb := w.Bodies[a], w.Bodies[b]
	return w.Dt * (rounded.Len(ba.V.Sub(bb.V)) + float64(rounded.Len(ba.Omega)*s.hulls[a].radius) +
		float64(rounded.Len(bb.Omega)*s.hulls[b].radius))
}
