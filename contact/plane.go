package contact

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/collide"
)

// Plane is a fixed, infinite plane; the half-space behind it (against Normal) is solid.
type Plane struct {
	// Point is any point on the plane, in metres, world frame.
	Point mgl64.Vec3
	// Normal points out of the solid side, world frame. It need not be unit length (the
	// World normalizes it) but must be finite and nonzero (scene files are checked for it).
	Normal mgl64.Vec3
	// Friction is the Coulomb coefficient μ ≥ 0, mixed with each body's (see MixFriction).
	Friction float64
	// Restitution is the coefficient e in [0, 1], mixed with each body's (see
	// MixRestitution).
	Restitution float64
	// RollingResistance is in [0, 1], mixed with each body's (see Material and MixRolling).
	RollingResistance float64
}

// MixFriction returns the friction coefficient of a contact between materials with μa and
// μb: the geometric mean √(μa μb), as in Box2D and Bullet. It is symmetric, stays between
// the two, and a frictionless material (μ = 0, ice) makes every contact it takes part in
// frictionless, which the arithmetic mean or the maximum would not.
func MixFriction(a, b float64) float64 { return math.Sqrt(a * b) }

// MixRestitution returns the restitution coefficient of a contact between materials with ea
// and eb: the larger one, as in Box2D, so a bouncy ball bounces on any floor (a floor with
// e = 0 is the default and would otherwise deaden everything).
func MixRestitution(a, b float64) float64 { return max(a, b) }

// MixRolling returns the rolling resistance of a contact between materials with ca and cb:
// the larger, as for restitution, so that a body's resistance holds on a plane built
// without one.
func MixRolling(a, b float64) float64 { return max(a, b) }

// gatherPlane appends to cands the hull corners of body v within margin (m) of plane k,
// with its current pose and velocities, and returns them.
func (s *contactState) gatherPlane(w *World, cands []collide.Candidate, v *collide.Body, k int, margin float64) []collide.Candidate {
	return collide.GatherPlane(cands, v, &s.normals[k], &w.Planes[k].Point, w.Dt, margin)
}

// addPlaneManifold appends to d.cur the manifold of body i against plane k reduced from the
// candidates d.cands[lo:], which stay its spares (d.span), warm started from last step's.
func (d *detected) addPlaneManifold(s *contactState, w *World, i, k, lo int) {
	mat, pl := w.material(i), &w.Planes[k]
	n := s.normals[k]
	d.span = append(d.span, [2]int{lo, len(d.cands)})
	d.cur = append(d.cur, Manifold{
		Pair:        PlanePair(i, k),
		Normal:      n.Mul(-1),
		Friction:    MixFriction(mat.Friction, pl.Friction),
		Restitution: MixRestitution(mat.Restitution, pl.Restitution),
		Rolling:     MixRolling(mat.RollingResistance, pl.RollingResistance) * s.hulls[i].Radius,
	})
	m := &d.cur[len(d.cur)-1]
	prev := s.last(m.Pair)
	collide.Reduce(m, d.cands[lo:], n, prev)
	if prev != nil {
		collide.WarmStart(m, prev)
	}
}
