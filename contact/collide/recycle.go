package collide

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
)

// Recycling (Box3D's contact recycling, after the persistent manifolds of PhysX): a pair of
// convex bodies whose relative pose has barely changed since its manifold was detected
// keeps that manifold (points, ids and impulses) without a narrow phase; each point's
// position and depth follow from its anchors on the two bodies (LocalA, LocalB) where the
// bodies now stand, and the normal stays as it was detected. The pose is compared with the
// one at the manifold's detection, not the last step's, so that a slow drift does not add
// up unseen. A resting stack then keeps the same points step after step, and their warm
// starts fit exactly.

// anchor is the relative pose of a manifold's bodies when it was detected.
type anchor struct {
	set    bool
	ra, rb mgl64.Mat3 // the orientations of A and B
	rel    mgl64.Vec3 // B's centre of mass in A's frame
	relR   mgl64.Mat3 // B's orientation in A's frame
}

// Anchor records in m, just detected between bodies a and b, the pose they stand in.
func Anchor(m *Manifold, a, b *body.Body) {
	at := a.R.Transpose()
	m.anchor = anchor{set: true, ra: a.R, rb: b.R, rel: rounded.MulVec(at, b.P.Sub(a.P)), relR: rounded.Mul(at, b.R)}
}

// maxTurnCos is the cosine of the largest turn (10°) either body may have made since a
// manifold's detection for it to be recycled: its normal, which does not turn with the
// bodies, stays within that of the one a detection would find.
const maxTurnCos = 0.984807753012208

// Recycle sets m to prev, the last step's manifold of the pair of convex bodies a and b, if
// the bodies have moved relative to each other by less than tol (m) since prev was
// detected (B's centre by less than tol, less the chord their relative turn swings the
// farther hull's farthest corner through) and neither has turned by more than 10°; it then
// reports true, with m's points' positions and depths where the bodies stand now (their
// dips are the caller's, which knows the bodies' turns). m's pair and coefficients are
// kept.
func Recycle(m, prev *Manifold, a, b *Body, tol float64) bool {
	an := &prev.anchor
	if !an.set || turnCos(&an.ra, &a.R) < maxTurnCos || turnCos(&an.rb, &b.R) < maxTurnCos {
		return false
	}
	at := a.R.Transpose()
	moved := rounded.Len(rounded.MulVec(at, b.P.Sub(a.P)).Sub(an.rel))
	if !(moved < tol) {
		return false
	}
	// The relative turn ΔR = relR₀ᵀ relR: its chord at unit radius is 2 sin(φ/2) =
	// √(3 − tr ΔR).
	tr := dotMat(&an.relR, rounded.Mul(at, b.R)) // tr(relR₀ᵀ relR)
	chord := float64(math.Sqrt(max(3-tr, 0)) * max(a.Shape.Radius, b.Shape.Radius))
	if !(moved+chord < tol) {
		return false
	}
	pair, mu, e := m.Pair, m.Friction, m.Restitution
	*m = *prev
	m.Pair, m.Friction, m.Restitution = pair, mu, e
	Refresh(m, a.Body, b.Body)
	return true
}

// Refresh sets each point of m, a manifold between bodies a and b, where its anchors stand
// now: its position the midpoint of its two surface points, its depth their distance along
// m's normal (positive inside).
func Refresh(m *Manifold, a, b *body.Body) {
	for j := range m.N {
		c := &m.Points[j]
		xa, xb := worldPoint(a, &c.LocalA), worldPoint(b, &c.LocalB)
		c.Position, c.Depth = xa.Add(xb).Mul(0.5), rounded.Dot(m.Normal, xa.Sub(xb))
	}
}

// SameDetection reports whether manifolds m and n were anchored at the same pose of their
// bodies (Anchor): the patches of one detection of a non-convex pair.
func SameDetection(m, n *Manifold) bool { return m.anchor.set && m.anchor == n.anchor }

// RefreshSamples appends to dst the samples src of bodies a and b where their anchors
// stand now, as Refresh moves a manifold's points: each sample's position the midpoint of
// its two surface points, its depth their distance along its normal.
func RefreshSamples(dst, src []Sample, a, b *body.Body) []Sample {
	for _, c := range src {
		xa, xb := worldPoint(a, &c.Local), worldPoint(b, &c.LocalB)
		c.X, c.Depth = xa.Add(xb).Mul(0.5), rounded.Dot(c.N, xa.Sub(xb))
		dst = append(dst, c)
	}
	return dst
}

// worldPoint returns b.WorldPoint(*r) with its arithmetic, without copying b's rotation (a
// recycled manifold's eight anchors took 5% of pyramid20's step with the copies).
func worldPoint(b *body.Body, r *mgl64.Vec3) mgl64.Vec3 {
	x, y, z := mulVec(&b.R, r)
	return mgl64.Vec3{x + b.P[0], y + b.P[1], z + b.P[2]}
}

// turnCos returns the cosine of the angle of the turn from r0 to r: (tr(r r0ᵀ) − 1)/2.
func turnCos(r0, r *mgl64.Mat3) float64 { return (dotMat(r0, *r) - 1) / 2 }

// dotMat returns the sum of the products of a's and b's entries, tr(aᵀ b).
func dotMat(a *mgl64.Mat3, b mgl64.Mat3) float64 {
	s := 0.0
	for i := range 9 {
		s += float64(a[i] * b[i])
	}
	return s
}
