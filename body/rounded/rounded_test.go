package rounded

import (
	"hash/fnv"
	"math"
	"math/big"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// unfused evaluates float64 arithmetic with every operation rounded on its own, through
// math/big at float64's precision, whatever the compiler would fuse in plain Go.
type unfused struct{}

func (unfused) op(f func(z, x, y *big.Float) *big.Float, a, b float64) float64 {
	x, y := big.NewFloat(a), big.NewFloat(b)
	r, _ := f(new(big.Float).SetPrec(53), x, y).Float64()
	return r
}
func (u unfused) mul(a, b float64) float64 { return u.op((*big.Float).Mul, a, b) }
func (u unfused) add(a, b float64) float64 { return u.op((*big.Float).Add, a, b) }
func (u unfused) sub(a, b float64) float64 { return u.op((*big.Float).Sub, a, b) }

// sum3 returns ((a0 b0 + a1 b1) + a2 b2) with each product and sum rounded.
func (u unfused) sum3(a, b [3]float64) float64 {
	return u.add(u.add(u.mul(a[0], b[0]), u.mul(a[1], b[1])), u.mul(a[2], b[2]))
}

func randVec(r *rand.Rand) mgl64.Vec3 {
	var v mgl64.Vec3
	for i := range v {
		v[i] = (r.Float64() - 0.5) * math.Ldexp(1, r.IntN(20)-10)
	}
	return v
}

func randMat(r *rand.Rand) mgl64.Mat3 {
	var m mgl64.Mat3
	for i := range m {
		m[i] = randVec(r)[0]
	}
	return m
}

// Each product is rounded before it is summed: the results equal arithmetic that rounds
// every operation, on any build (a fused multiply–add would differ in the last bits for
// most of these inputs).
func TestProductsRoundedBeforeSums(t *testing.T) {
	var u unfused
	r := rand.New(rand.NewPCG(1, 2))
	row := func(m mgl64.Mat3, i int) [3]float64 { return [3]float64{m[i], m[i+3], m[i+6]} }
	col := func(m mgl64.Mat3, j int) [3]float64 { return [3]float64{m[3*j], m[3*j+1], m[3*j+2]} }
	for range 2000 {
		a, b, m, n := randVec(r), randVec(r), randMat(r), randMat(r)
		if got, want := Dot(a, b), u.sum3(a, b); got != want {
			t.Fatalf("Dot(%v, %v) = %v, want %v", a, b, got, want)
		}
		want := mgl64.Vec3{
			u.sub(u.mul(a[1], b[2]), u.mul(a[2], b[1])),
			u.sub(u.mul(a[2], b[0]), u.mul(a[0], b[2])),
			u.sub(u.mul(a[0], b[1]), u.mul(a[1], b[0])),
		}
		if got := Cross(a, b); got != want {
			t.Fatalf("Cross(%v, %v) = %v, want %v", a, b, got, want)
		}
		if got, want := Len(a), math.Sqrt(u.sum3(a, a)); got != want {
			t.Fatalf("Len(%v) = %v, want %v", a, got, want)
		}
		for i := range 3 {
			if got, want := MulVec(m, a)[i], u.sum3(row(m, i), a); got != want {
				t.Fatalf("MulVec(m, a)[%d] = %v, want %v", i, got, want)
			}
			if got, want := MulTVec(m, a)[i], u.sum3(col(m, i), a); got != want {
				t.Fatalf("MulTVec(m, a)[%d] = %v, want %v", i, got, want)
			}
			for j := range 3 {
				if got, want := Mul(m, n).At(i, j), u.sum3(row(m, i), col(n, j)); got != want {
					t.Fatalf("Mul(m, n)[%d,%d] = %v, want %v", i, j, got, want)
				}
			}
		}
		p := func(i, j, k int) float64 { return u.mul(u.mul(m[i], m[j]), m[k]) }
		wantDet := u.sub(u.sub(u.sub(u.add(u.add(p(0, 4, 8), p(3, 7, 2)), p(6, 1, 5)), p(6, 4, 2)), p(3, 1, 8)), p(0, 7, 5))
		if got := Det(m); got != wantDet {
			t.Fatalf("Det(%v) = %v, want %v", m, got, wantDet)
		}
	}
}

// On a build that never fuses, the helpers give mgl64's bits: the simulation's results do
// not move when it calls them instead of mgl64.
func TestSameBitsAsMgl64WithoutFusion(t *testing.T) {
	if fuses() {
		t.Skip("this build fuses multiply–add: mgl64 gives other bits here, by design")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		a, b, m, n := randVec(r), randVec(r), randMat(r), randMat(r)
		if Dot(a, b) != a.Dot(b) || Cross(a, b) != a.Cross(b) || Len(a) != a.Len() ||
			Normalize(a) != a.Normalize() || MulVec(m, a) != m.Mul3x1(a) || MulTVec(m, a) != m.Transpose().Mul3x1(a) ||
			Mul(m, n) != m.Mul3(n) || Det(m) != m.Det() {
			t.Fatalf("differs from mgl64 for a = %v, b = %v, m = %v, n = %v", a, b, m, n)
		}
	}
}

// fuses reports whether this build fuses x*y + z: with x = y = 1 + 2⁻³⁰ and z = −(1 + 2⁻²⁹),
// the rounded product cancels z exactly, while the fused result keeps 2⁻⁶⁰.
func fuses() bool {
	x, z := 1+0x1p-30, -(1 + 0x1p-29)
	return fma(x, x, z) != 0
}

//go:noinline
func fma(x, y, z float64) float64 { return x*y + z }

// ulps returns how many float64 values lie between a and b.
func ulps(a, b float64) int64 {
	key := func(x float64) int64 {
		i := int64(math.Float64bits(x))
		if i < 0 {
			i = math.MinInt64 - i
		}
		return i
	}
	d := key(a) - key(b)
	return max(d, -d)
}

func TestSincosAgainstMath(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	worst := int64(0)
	for _, scale := range []float64{1e-3, math.Pi / 4, 2, 10, 1e3, 1e6, 5e7} {
		for range 100000 {
			x := (2*r.Float64() - 1) * scale
			s, c := Sincos(x)
			ms, mc := math.Sincos(x)
			worst = max(worst, ulps(s, ms), ulps(c, mc))
			if ulps(s, ms) > 2 || ulps(c, mc) > 2 {
				t.Fatalf("Sincos(%v) = %v, %v; math: %v, %v", x, s, c, ms, mc)
			}
			if ns, nc := Sincos(-x); ns != -s || nc != c {
				t.Fatalf("Sincos(−%v) = %v, %v: not odd and even", x, ns, nc)
			}
		}
	}
	t.Logf("worst difference from math.Sincos: %d ulps", worst)
}

func TestSincosSpecialValues(t *testing.T) {
	for _, c := range []struct{ x, s, c float64 }{
		{0, 0, 1}, {math.Copysign(0, -1), math.Copysign(0, -1), 1},
		// sin and cos of the float64 nearest π/2 and π: π/2 − halfPi and π − math.Pi.
		{math.Pi / 2, 1, 6.123233995736766e-17}, {math.Pi, 1.2246467991473532e-16, -1},
		{-math.Pi / 2, -1, 6.123233995736766e-17},
	} {
		s, co := Sincos(c.x)
		if ulps(s, c.s) > 1 || ulps(co, c.c) > 1 || math.Signbit(s) != math.Signbit(c.s) {
			t.Errorf("Sincos(%v) = %v, %v, want %v, %v", c.x, s, co, c.s, c.c)
		}
	}
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if s, c := Sincos(x); !math.IsNaN(s) || !math.IsNaN(c) {
			t.Errorf("Sincos(%v) = %v, %v, want NaN, NaN", x, s, c)
		}
	}
	// Beyond the reduction's range: still a point on the unit circle.
	for _, x := range []float64{1e9, -3e15, 1e300, math.MaxFloat64} {
		s, c := Sincos(x)
		if math.Abs(s*s+c*c-1) > 1e-15 {
			t.Errorf("Sincos(%v) = %v, %v: off the unit circle", x, s, c)
		}
	}
}

func TestAtan2AgainstMath(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	worst := int64(0)
	for range 300000 {
		y := (2*r.Float64() - 1) * math.Ldexp(1, r.IntN(40)-20)
		x := (2*r.Float64() - 1) * math.Ldexp(1, r.IntN(40)-20)
		got, want := Atan2(y, x), math.Atan2(y, x)
		worst = max(worst, ulps(got, want))
		if ulps(got, want) > 2 {
			t.Fatalf("Atan2(%v, %v) = %v, math: %v", y, x, got, want)
		}
	}
	t.Logf("worst difference from math.Atan2: %d ulps", worst)
	inf, nan, z := math.Inf(1), math.NaN(), math.Copysign(0, -1)
	for _, v := range []float64{0, z, 1, -1, 1e-300, -1e300, inf, -inf, nan} {
		for _, w := range []float64{0, z, 1, -1, 1e-300, -1e300, inf, -inf, nan} {
			got, want := Atan2(v, w), math.Atan2(v, w)
			if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Errorf("Atan2(%v, %v) = %v, math: %v", v, w, got, want)
			}
		}
	}
}

func TestCbrtAgainstMath(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for range 300000 {
		x := (2*r.Float64() - 1) * math.Ldexp(1, r.IntN(2100)-1075)
		if got, want := Cbrt(x), math.Cbrt(x); ulps(got, want) > 1 {
			t.Fatalf("Cbrt(%v) = %v, math: %v", x, got, want)
		}
	}
	for _, x := range []float64{0, math.Copysign(0, -1), 1, -8, 27, 1e300, 5e-324, math.MaxFloat64, math.Inf(1), math.Inf(-1), math.NaN()} {
		got, want := Cbrt(x), math.Cbrt(x)
		if math.Float64bits(got) != math.Float64bits(want) && !(math.IsNaN(got) && math.IsNaN(want)) {
			t.Errorf("Cbrt(%v) = %v, math: %v", x, got, want)
		}
	}
}

func TestHypotAgainstMath(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for range 300000 {
		p := (2*r.Float64() - 1) * math.Ldexp(1, r.IntN(2100)-1075)
		q := (2*r.Float64() - 1) * math.Ldexp(1, r.IntN(2100)-1075)
		got, want := Hypot(p, q), math.Hypot(p, q)
		// amd64's math.Hypot is assembly: the same formula and bits on every build.
		if runtime.GOARCH == "amd64" && got != want || ulps(got, want) > 1 {
			t.Fatalf("Hypot(%v, %v) = %v, math: %v", p, q, got, want)
		}
	}
	inf, nan := math.Inf(1), math.NaN()
	for _, p := range []float64{0, -1, 3, 1e308, -inf, inf, nan} {
		for _, q := range []float64{0, 4, -1e308, 5e-324, -inf, inf, nan} {
			got, want := Hypot(p, q), math.Hypot(p, q)
			if got != want && !(math.IsNaN(got) && math.IsNaN(want)) {
				t.Errorf("Hypot(%v, %v) = %v, math: %v", p, q, got, want)
			}
		}
	}
}

// The functions' bits over a fixed set of arguments, hashed: the same on every build, fused
// or not (`GOAMD64=v3 go test ./body/rounded` checks it on a newer amd64; the plain build
// computed the value).
func TestSameBitsOnEveryBuild(t *testing.T) {
	h := fnv.New64a()
	put := func(xs ...float64) {
		for _, x := range xs {
			b := math.Float64bits(x)
			h.Write([]byte{byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24), byte(b >> 32), byte(b >> 40), byte(b >> 48), byte(b >> 56)})
		}
	}
	r := rand.New(rand.NewPCG(11, 12))
	for range 20000 {
		a, b, m := randVec(r), randVec(r), randMat(r)
		put(Dot(a, b), Len(a), Det(m))
		c, n, v, p := Cross(a, b), Normalize(a), MulVec(m, a), Mul(m, m)
		put(c[:]...)
		put(n[:]...)
		put(v[:]...)
		put(p[:]...)
		put(Sincos(a[0] * 100))
		put(Atan2(a[1], a[2]), Cbrt(a[0]), Hypot(a[1], b[2]))
		v = MulTVec(m, a)
		put(v[:]...)
	}
	const want = 0x2e9dda4e678f20fc
	if got := h.Sum64(); got != want {
		t.Errorf("hash of the results %#x, want %#x", got, want)
	}
}
