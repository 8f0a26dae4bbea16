// Package body is Tumble's 3D rigid body: its state, the Rodrigues exponential map, the
// world↔body transforms, and the exponential-Euler integrator (velocities first, with the
// gyroscopic term, then position and rotation).
//
// Conventions: SI units, y up, right-handed, column vectors. The body frame has its origin at
// the centre of mass; R maps body coordinates to world coordinates, x = R r + P.
package body

import (
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/inertia"

	"github.com/go-gl/mathgl/mgl64"
)

// Body is a 3D rigid body. World frame: y up. R maps body to world; P is the COM in world.
type Body struct {
	// Mesh holds the vertices relative to the centre of mass, in body axes (metres).
	Mesh *inertia.Mesh
	// Mass is in kg; InvMass is 1/Mass, or 0 when Fixed.
	Mass, InvMass float64
	// Inertia is the body-frame inertia tensor about the centre of mass (kg m²); InvInertia
	// is its inverse, or zero when Fixed.
	Inertia, InvInertia mgl64.Mat3
	// R is the rotation from body to world coordinates.
	R mgl64.Mat3
	// P is the centre of mass in world coordinates (m).
	P mgl64.Vec3
	// V is the linear velocity of the centre of mass in world coordinates (m/s).
	V mgl64.Vec3
	// Omega is the angular velocity in world coordinates (rad/s). Between IntegrateVelocity
	// and IntegratePosition it is the velocity over the step (the one contacts correct and
	// R turns with); otherwise it is the velocity at the current attitude.
	Omega mgl64.Vec3
	// Force (N, through the centre of mass) and Torque (N m, about the centre of mass) are
	// external accumulators in world coordinates; IntegrateVelocity applies and clears them.
	Force, Torque mgl64.Vec3
	// Fixed bodies never move: the integrator leaves them alone. Set it with Fix.
	Fixed bool
}

// New builds a free body at rest at the origin with body axes along the world axes, from a mesh
// and its mass properties. The body's mesh is a copy of m moved so that props.COM is at the
// origin. A body whose mass or inertia is not positive gets zero inverses, so it does not
// respond to forces (the mass properties reject such meshes before they get here).
func New(m *inertia.Mesh, props inertia.Properties) *Body {
	b := &Body{
		Mass:       props.Mass,
		Inertia:    props.Inertia,
		InvInertia: inverseSPD(props.Inertia),
		R:          mgl64.Ident3(),
	}
	if props.Mass > 0 {
		b.InvMass = 1 / props.Mass
	}
	if m != nil {
		c := &inertia.Mesh{
			Name:      m.Name,
			Vertices:  make([]mgl64.Vec3, len(m.Vertices)),
			Triangles: append([][3]int32(nil), m.Triangles...),
		}
		for i, v := range m.Vertices {
			c.Vertices[i] = v.Sub(props.COM)
		}
		b.Mesh = c
	}
	return b
}

// Fix makes the body immovable: it sets Fixed, zeroes the inverse mass and inertia that the
// contact solver reads, and stops the body.
func (b *Body) Fix() {
	b.Fixed = true
	b.InvMass = 0
	b.InvInertia = mgl64.Mat3{}
	b.V = mgl64.Vec3{}
	b.Omega = mgl64.Vec3{}
}

// inverseSPD returns the inverse of a symmetric positive definite 3×3 matrix, or the zero
// matrix when a is not positive definite. (mgl64's Inv treats determinants below 1e-20 as
// singular, which small bodies' inertia tensors are not.)
func inverseSPD(a mgl64.Mat3) mgl64.Mat3 {
	adj, det := adjugate(a)
	// Sylvester's criterion: the leading minors a00, a00 a11 − a01 a10 (= adj22) and det.
	if !(a[0] > 0 && adj[8] > 0 && det > 0) {
		return mgl64.Mat3{}
	}
	return adj.Mul(1 / det)
}

// adjugate returns the adjugate (transposed cofactor matrix) of a and its determinant, so that
// a⁻¹ = adj / det. minor(i, j, k, l) is a_i a_j − a_k a_l, entries in mgl64's column-major order.
func adjugate(a mgl64.Mat3) (mgl64.Mat3, float64) {
	minor := func(i, j, k, l int) float64 { return float64(a[i]*a[j]) - float64(a[k]*a[l]) }
	adj := mgl64.Mat3{
		minor(4, 8, 5, 7), minor(2, 7, 1, 8), minor(1, 5, 2, 4),
		minor(5, 6, 3, 8), minor(0, 8, 2, 6), minor(2, 3, 0, 5),
		minor(3, 7, 4, 6), minor(1, 6, 0, 7), minor(0, 4, 1, 3),
	}
	return adj, float64(a[0]*adj[0]) + float64(a[3]*adj[1]) + float64(a[6]*adj[2])
}

// WorldPoint maps a body-frame point r (relative to the centre of mass) to world coordinates:
// R r + P.
func (b *Body) WorldPoint(r mgl64.Vec3) mgl64.Vec3 { return rounded.MulVec(b.R, r).Add(b.P) }

// BodyPoint maps a world point x to body-frame coordinates relative to the centre of mass:
// Rᵀ (x − P). It inverts WorldPoint.
func (b *Body) BodyPoint(x mgl64.Vec3) mgl64.Vec3 { return b.BodyVector(x.Sub(b.P)) }

// WorldVector maps a body-frame direction (or any free vector) to world coordinates: R r.
func (b *Body) WorldVector(r mgl64.Vec3) mgl64.Vec3 { return rounded.MulVec(b.R, r) }

// BodyVector maps a world direction to body-frame coordinates: Rᵀ x. It inverts WorldVector.
func (b *Body) BodyVector(x mgl64.Vec3) mgl64.Vec3 { return rounded.MulTVec(b.R, x) }

// PointVelocity returns the world velocity (m/s) of the body's material point at world
// position x: V + ω × (x − P). It is the action of the point's Jacobian [I  −[x − P]×] on
// (V, ω).
func (b *Body) PointVelocity(x mgl64.Vec3) mgl64.Vec3 {
	return b.V.Add(rounded.Cross(b.Omega, x.Sub(b.P)))
}

// InertiaWorld returns the inertia tensor about the centre of mass in world axes (kg m²):
// R I Rᵀ.
func (b *Body) InertiaWorld() mgl64.Mat3 {
	return rounded.Mul(rounded.Mul(b.R, b.Inertia), b.R.Transpose())
}

// InvInertiaWorld returns the inverse inertia tensor in world axes (1/(kg m²)): R I⁻¹ Rᵀ, zero
// for a fixed body.
func (b *Body) InvInertiaWorld() mgl64.Mat3 {
	return rounded.Mul(rounded.Mul(b.R, b.InvInertia), b.R.Transpose())
}

// KineticEnergy returns ½ m |V|² + ½ ω · (R I Rᵀ) ω in joules.
func (b *Body) KineticEnergy() float64 {
	w := b.BodyVector(b.Omega) // ω · R I Rᵀ ω = (Rᵀω) · I (Rᵀω)
	return 0.5 * (float64(b.Mass*rounded.LenSqr(b.V)) + rounded.Dot(w, rounded.MulVec(b.Inertia, w)))
}

// LinearMomentum returns m V in kg m/s.
func (b *Body) LinearMomentum() mgl64.Vec3 { return b.V.Mul(b.Mass) }

// AngularMomentum returns the angular momentum about the world origin in kg m²/s:
// P × m V + R I Rᵀ ω.
func (b *Body) AngularMomentum() mgl64.Vec3 {
	return rounded.Cross(b.P, b.LinearMomentum()).Add(b.spinMomentum())
}

// spinMomentum returns the angular momentum about the centre of mass, R I Rᵀ ω, in world axes.
func (b *Body) spinMomentum() mgl64.Vec3 {
	return rounded.MulVec(b.R, rounded.MulVec(b.Inertia, b.BodyVector(b.Omega)))
}
