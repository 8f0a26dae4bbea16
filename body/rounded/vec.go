// Package rounded is the arithmetic of the 3D simulation that would otherwise depend on the
// build: vector and matrix products, and the elementary functions it calls, with every
// product rounded to float64 before it is added.
//
// Go lets the compiler fuse x*y + z into one fused multiply–add, rounded once instead of
// twice, where the target has the instruction: GOAMD64=v3 and later on amd64, arm64,
// ppc64le, s390x, riscv64 and loong64. The same source then gives other bits on another
// build, and a simulation soon diverges from them (tori50 by 0.19 m in 300 steps). An explicit
// conversion, float64(x*y), rounds and forbids the fusion (the Go specification, "Floating-
// point operators"), so the functions here give the same bits on every build. The products
// keep mgl64's order of operations: on a build that never fuses (amd64 v1, the default) they
// give the same bits as mgl64's methods. The elementary functions are this package's own,
// within 2 ulps of the math package's. mgl64's Dot, Cross, Len, Mul3x1, Mul3 and the math
// package's Sin, Cos, Sincos, Atan2 and Cbrt are compiled with the build's fusion, so the
// simulation calls these instead.
package rounded

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Dot returns a · b, summed in mgl64's order.
func Dot(a, b mgl64.Vec3) float64 {
	return float64(a[0]*b[0]) + float64(a[1]*b[1]) + float64(a[2]*b[2])
}

// Cross returns a × b.
func Cross(a, b mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		float64(a[1]*b[2]) - float64(a[2]*b[1]),
		float64(a[2]*b[0]) - float64(a[0]*b[2]),
		float64(a[0]*b[1]) - float64(a[1]*b[0]),
	}
}

// LenSqr returns |v|². (Len, LenSqr and Normalize spell the sum out rather than call Dot:
// an inlined call within an inlined call copies the vector.)
func LenSqr(v mgl64.Vec3) float64 {
	return float64(v[0]*v[0]) + float64(v[1]*v[1]) + float64(v[2]*v[2])
}

// Len returns |v|.
func Len(v mgl64.Vec3) float64 {
	return math.Sqrt(float64(v[0]*v[0]) + float64(v[1]*v[1]) + float64(v[2]*v[2]))
}

// Normalize returns v / |v| (multiplied by 1/|v|, as mgl64 does); the zero vector gives NaNs.
func Normalize(v mgl64.Vec3) mgl64.Vec3 {
	l := 1 / math.Sqrt(float64(v[0]*v[0])+float64(v[1]*v[1])+float64(v[2]*v[2]))
	return mgl64.Vec3{v[0] * l, v[1] * l, v[2] * l}
}

// MulVec returns the matrix–vector product m v (m column-major, as mgl64 stores it).
func MulVec(m mgl64.Mat3, v mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		float64(m[0]*v[0]) + float64(m[3]*v[1]) + float64(m[6]*v[2]),
		float64(m[1]*v[0]) + float64(m[4]*v[1]) + float64(m[7]*v[2]),
		float64(m[2]*v[0]) + float64(m[5]*v[1]) + float64(m[8]*v[2]),
	}
}

// MulTVec returns mᵀ v.
func MulTVec(m mgl64.Mat3, v mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		float64(m[0]*v[0]) + float64(m[1]*v[1]) + float64(m[2]*v[2]),
		float64(m[3]*v[0]) + float64(m[4]*v[1]) + float64(m[5]*v[2]),
		float64(m[6]*v[0]) + float64(m[7]*v[1]) + float64(m[8]*v[2]),
	}
}

// Mul returns the matrix product a b, column by column.
func Mul(a, b mgl64.Mat3) mgl64.Mat3 {
	var p mgl64.Mat3
	for j := 0; j < 9; j += 3 {
		c := MulVec(a, mgl64.Vec3{b[j], b[j+1], b[j+2]})
		p[j], p[j+1], p[j+2] = c[0], c[1], c[2]
	}
	return p
}

// Det returns the determinant of m, in mgl64's order of terms.
func Det(m mgl64.Mat3) float64 {
	return float64(m[0]*m[4]*m[8]) + float64(m[3]*m[7]*m[2]) + float64(m[6]*m[1]*m[5]) -
		float64(m[6]*m[4]*m[2]) - float64(m[3]*m[1]*m[8]) - float64(m[0]*m[7]*m[5])
}
