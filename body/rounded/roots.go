package rounded

import "math"

// Cbrt returns the cube root of x, within 1 ulp of math.Cbrt's.
// It splits x = m·2³ᵉ with m ∈ [1/8, 1) and takes five Newton steps y ← y − (y³ − m)/(3y²)
// from a straight-line guess, at worst 6% off: the error squares every step.
// Cbrt(±0) = ±0, Cbrt(±Inf) = ±Inf, Cbrt(NaN) = NaN.
func Cbrt(x float64) float64 {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return x
	}
	m, e := math.Frexp(math.Abs(x)) // m ∈ [1/2, 1)
	for e%3 != 0 {
		m, e = m/2, e+1
	}
	y := 0.45 + float64(0.6*m) // the cube root of m ∈ [1/8, 1) lies in [1/2, 1)
	for range 5 {
		y -= (float64(y*y*y) - m) / (3 * y * y)
	}
	return math.Copysign(math.Ldexp(y, e/3), x)
}

// Hypot returns √(p² + q²) as max·√(1 + (min/max)²), which overflows and underflows only
// where the result does: on amd64 the same bits as math.Hypot, which is assembly there.
// Hypot(±Inf, q) = +Inf even for a NaN q; otherwise a NaN gives NaN.
func Hypot(p, q float64) float64 {
	p, q = math.Abs(p), math.Abs(q)
	switch {
	case math.IsInf(p, 1) || math.IsInf(q, 1):
		return math.Inf(1)
	case math.IsNaN(p) || math.IsNaN(q):
		return math.NaN()
	}
	if p < q {
		p, q = q, p
	}
	if p == 0 {
		return 0
	}
	q /= p
	return p * math.Sqrt(1+float64(q*q))
}
