package body

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// smallAngle is the rotation angle (radians) below which Exp and Log use Taylor series. The
// series keep terms through θ⁴; the first omitted term, θ⁶/5040 relative, is below 1e-20 here,
// far under half an ulp (1.1e-16). Above it the closed forms are accurate to a few ulps: Exp
// uses the half-angle form of 1 − cos θ, which does not cancel.
const smallAngle = 2e-3

// Skew returns [w]×, the skew-symmetric matrix with [w]× v = w × v for every v.
func Skew(w mgl64.Vec3) mgl64.Mat3 {
	return mgl64.Mat3{
		0, w[2], -w[1], // column 0
		-w[2], 0, w[0], // column 1
		w[1], -w[0], 0, // column 2
	}
}

// Exp returns the rotation matrix exp([w]×): the right-handed rotation by the angle |w|
// (radians) about the axis w/|w|. It uses Rodrigues' formula
//
//	exp([w]×) = I + a [w]× + b [w]×²,  a = sin θ / θ,  b = (1 − cos θ) / θ²,  θ = |w|,
//
// with b written as ½ (sin(θ/2) / (θ/2))², and Taylor series of a and b for θ < 2e-3.
// The result is orthonormal with determinant 1 to within a few ulps.
func Exp(w mgl64.Vec3) mgl64.Mat3 {
	t2 := rounded.LenSqr(w)
	var a, b float64
	if t2 < smallAngle*smallAngle {
		a = 1 - float64(t2/6*(1-t2/20))    // 1 − θ²/6 + θ⁴/120
		b = 0.5 - float64(t2/24*(1-t2/30)) // 1/2 − θ²/24 + θ⁴/720
	} else {
		t := math.Sqrt(t2)
		s, c := rounded.Sincos(t / 2)
		a = 2 * s * c / t // sin θ = 2 sin(θ/2) cos(θ/2)
		s /= t / 2
		b = 0.5 * s * s
	}
	// I + a[w]× + b(w wᵀ − θ² I), written out; column-major.
	x, y, z := w[0], w[1], w[2]
	bxy, bxz, byz := float64(b*x*y), float64(b*x*z), float64(b*y*z)
	ax, ay, az := float64(a*x), float64(a*y), float64(a*z)
	xx, yy, zz := float64(x*x), float64(y*y), float64(z*z)
	return mgl64.Mat3{
		1 - float64(b*(yy+zz)), bxy + az, bxz - ay,
		bxy - az, 1 - float64(b*(xx+zz)), byz + ax,
		bxz + ay, byz - ax, 1 - float64(b*(xx+yy)),
	}
}

// Log returns the rotation vector w, |w| ≤ π, with Exp(w) = r for a rotation matrix r: the
// inverse of Exp. For a half turn (|w| = π) both w and −w are valid; Log returns either.
func Log(r mgl64.Mat3) mgl64.Vec3 {
	// v = sin θ · axis, from the skew part; c = cos θ, from the trace.
	v := mgl64.Vec3{r[5] - r[7], r[6] - r[2], r[1] - r[3]}.Mul(0.5)
	c := float64((r[0] + r[4] + r[8] - 1) / 2) // a product by ½ to the compiler, fused below
	s := rounded.Len(v)
	t := rounded.Atan2(s, c)
	switch {
	case t < smallAngle:
		// θ / sin θ = 1 + θ²/6 + 7θ⁴/360
		return v.Mul(1 + float64(t*t/6*(1+7*t*t/60)))
	case c >= 0:
		return v.Mul(t / s)
	}
	// Beyond a quarter turn sin θ loses the axis' digits; the symmetric part
	// (r + rᵀ)/2 − cos θ I = (1 − cos θ) a aᵀ keeps them. Read a from its largest diagonal
	// entry's column and take the sign of sin θ · a.
	d := mgl64.Vec3{r[0] - c, r[4] - c, r[8] - c}
	k := 0
	if d[1] > d[k] {
		k = 1
	}
	if d[2] > d[k] {
		k = 2
	}
	var col mgl64.Vec3
	for i := range 3 {
		col[i] = (r.At(i, k) + r.At(k, i)) / 2
	}
	col[k] = d[k]
	axis := col.Mul(1 / math.Sqrt(d[k]*(1-c)))
	if rounded.Dot(axis, v) < 0 {
		axis = axis.Mul(-1)
	}
	return axis.Mul(t)
}
