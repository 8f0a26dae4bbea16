package rounded

import "math"

// π/2 in three parts for the argument reduction x − k·π/2 (Cody and Waite): the first two
// have 27 and 25 significant bits, so that k·halfPi1 and k·halfPi2 are exact for
// |k| < 2²⁶; halfPi3 is the rest, rounded.
const (
	halfPi1 = 0x1.921fb54p+0
	halfPi2 = 0x1.10b461p-30
	halfPi3 = 0x1.a62633145c06ep-58
	// reduceMax bounds the reduction's k below 2²⁶. Beyond it, Sincos first takes x modulo
	// the float64 nearest 2π, exactly: the same bits on every build, but no longer sin x.
	reduceMax = 0x1p26 * halfPi1
)

// sinTaylor and cosTaylor are the coefficients 1/n! of the Taylor series of sin and cos,
// from the highest order down: odd n from 19 to 3, even n from 18 to 2.
var (
	sinTaylor = [...]float64{1.0 / 121645100408832000, 1.0 / 355687428096000, 1.0 / 1307674368000,
		1.0 / 6227020800, 1.0 / 39916800, 1.0 / 362880, 1.0 / 5040, 1.0 / 120, 1.0 / 6}
	cosTaylor = [...]float64{1.0 / 6402373705728000, 1.0 / 20922789888000, 1.0 / 87178291200,
		1.0 / 479001600, 1.0 / 3628800, 1.0 / 40320, 1.0 / 720, 1.0 / 24, 1.0 / 2}
)

// Sincos returns sin x and cos x, within 2 ulps of the math package's for |x| < 10⁸. It
// reduces x by the nearest multiple k·π/2 to r ∈ [−π/4, π/4] and sums the Taylor series of
// sin r and cos r through r¹⁹ and r¹⁸ (the next terms are below 10⁻¹⁹ of the result).
// Sincos(±0) = (±0, 1); ±Inf and NaN give NaN, NaN.
func Sincos(x float64) (sin, cos float64) {
	switch {
	case x == 0:
		return x, 1
	case math.IsNaN(x) || math.IsInf(x, 0):
		return math.NaN(), math.NaN()
	case math.Abs(x) >= reduceMax:
		x = math.Mod(x, 2*math.Pi)
	}
	k := math.Round(x * (2 / math.Pi))
	r := x - float64(k*halfPi1) - float64(k*halfPi2) - float64(k*halfPi3)
	z := r * r
	// sin r = r − r·z(1/3! − z(1/5! − …)),  cos r = 1 − z(1/2! − z(1/4! − …))
	ps, pc := 0.0, 0.0
	for i := range sinTaylor {
		ps = sinTaylor[i] - float64(z*ps)
		pc = cosTaylor[i] - float64(z*pc)
	}
	s, c := r-float64(r*(z*ps)), 1-float64(z*pc)
	switch int64(k) & 3 { // |k| < 2²⁶: the conversion is exact
	case 1:
		return c, -s
	case 2:
		return -s, -c
	case 3:
		return -c, s
	}
	return s, c
}

// quarterPi[n] is n·π/4 as the nearest float64 and the rest, for sums that end near it.
var quarterPi = [5]struct{ hi, lo float64 }{
	{0, 0},
	{math.Pi / 4, 3.061616997868383e-17},
	{math.Pi / 2, 6.123233995736766e-17},
	{3 * math.Pi / 4, 9.184850993605148e-17},
	{math.Pi, 1.2246467991473532e-16},
}

// Atan2 returns the angle of the point (x, y) from the x axis, in [−π, π] (radians): the
// arc tangent of y/x in the quadrant of (x, y), within 2 ulps of math.Atan2's. Zeros, infinities and NaNs give what math.Atan2 gives
// (IEEE 754's atan2).
func Atan2(y, x float64) float64 {
	switch {
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN()
	case y == 0:
		if x > 0 || x == 0 && !math.Signbit(x) {
			return y
		}
		return math.Copysign(math.Pi, y)
	case x == 0:
		return math.Copysign(math.Pi/2, y)
	case math.IsInf(x, 0) || math.IsInf(y, 0):
		// The direction of the infinite coordinates: each ±Inf as ±1, a finite one as 0.
		ux, uy := 0.0, 0.0
		if math.IsInf(x, 0) {
			ux = math.Copysign(1, x)
		}
		if math.IsInf(y, 0) {
			uy = math.Copysign(1, y)
		}
		return math.Copysign(Atan2(math.Abs(uy), ux), y)
	}
	// The angle is n·π/4 + w: the arc tangent of the smaller ratio, reflected into place.
	ax, ay := math.Abs(x), math.Abs(y)
	var n int
	var w float64
	if ay <= ax {
		n, w = atan(ay / ax)
	} else {
		n, w = atan(ax / ay)
		n, w = 2-n, -w
	}
	if x < 0 {
		n, w = 4-n, -w
	}
	q := quarterPi[n]
	return math.Copysign(q.hi+(w+q.lo), y)
}

// atan returns the arc tangent of t ∈ [0, 1] as n·π/4 + w. Above tan(π/8) it uses
// atan t = π/4 + atan((t − 1)/(t + 1)), so that the series
// atan u = u − u³/3 + u⁵/5 − … always has |u| ≤ tan(π/8) and 21 terms reach 10⁻¹⁷ of it.
func atan(t float64) (n int, w float64) {
	u := t
	if t > math.Sqrt2-1 {
		n, u = 1, (t-1)/(t+1)
	}
	z := u * u
	p := 0.0 // 1/3 − z(1/5 − z(1/7 − …))
	for k := 20; k >= 1; k-- {
		p = 1/float64(2*k+1) - float64(z*p)
	}
	return n, u - float64(u*(z*p))
}
