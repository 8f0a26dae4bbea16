package planar

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Rotation is the rotation matrix R(θ) = [[C, −S], [S, C]] of an orientation θ, with C and
// S from math.Cos and math.Sin of θ, as the reference recomputes them every step.
type Rotation struct {
	C, S float64
}

// RotationOf returns R(θ) for the angle θ in radians.
func RotationOf(theta float64) Rotation {
	return Rotation{C: math.Cos(theta), S: math.Sin(theta)}
}

// Apply returns R p, summing the row products left to right as the reference does. The
// float64 conversions here and below keep each product rounded on its own (see
// MassProperties).
func (r Rotation) Apply(p mgl64.Vec2) mgl64.Vec2 {
	return mgl64.Vec2{float64(r.C*p[0]) + float64(-r.S*p[1]), float64(r.S*p[0]) + float64(r.C*p[1])}
}

// ApplyInverse returns Rᵀ p, which takes a world-space offset into body space.
func (r Rotation) ApplyInverse(p mgl64.Vec2) mgl64.Vec2 {
	return mgl64.Vec2{float64(r.C*p[0]) + float64(r.S*p[1]), float64(-r.S*p[0]) + float64(r.C*p[1])}
}

// Cross returns the scalar two-dimensional cross product a × b = a_x b_y − a_y b_x.
func Cross(a, b mgl64.Vec2) float64 {
	return float64(a[0]*b[1]) - float64(a[1]*b[0])
}
