package planar

import "github.com/go-gl/mathgl/mgl64"

// MassProperties returns the total mass M (kg), the centre of mass X (m, world) and the
// moment of inertia I (kg m²) about X of point masses m[i] at positions p[i], summed in
// the reference's order so that the results match it bit for bit:
//   - M adds the masses in two interleaved partial sums (even indices, odd indices) over
//     the first 2⌊n/2⌋ masses, then the two sums, then the last mass if n is odd (this is
//     the order of a vectorised two-lane sum);
//   - X is (Σ x m, Σ y m) in vertex order times the reciprocal 1/M (not a division);
//   - I is Σ ((y − Y)² + (x − X)²) m in vertex order, the y term first.
//
// The explicit float64 conversions stop the compiler from fusing a multiply and an add into
// one rounding (Go allows that on some architectures), which would change the last bit.
// p and m must have the same length n ≥ 1.
func MassProperties(p []mgl64.Vec2, m []float64) (M float64, X mgl64.Vec2, I float64) {
	M = m[0]
	if n := len(m); n >= 2 {
		even, odd := m[0], m[1]
		for i := 2; i+1 < n; i += 2 {
			even += m[i]
			odd += m[i+1]
		}
		M = even + odd
		if n%2 == 1 {
			M += m[n-1]
		}
	}
	var sx, sy float64
	for i := range p {
		sx += float64(p[i][0] * m[i])
		sy += float64(p[i][1] * m[i])
	}
	inv := 1 / M
	X = mgl64.Vec2{sx * inv, sy * inv}
	for i := range p {
		dx, dy := p[i][0]-X[0], p[i][1]-X[1]
		I += float64(float64(float64(dy*dy)+float64(dx*dx)) * m[i])
	}
	return M, X, I
}
