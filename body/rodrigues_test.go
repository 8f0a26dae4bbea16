package body

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// maxAbs returns the largest entry of |a − b|.
func maxAbs(a, b mgl64.Mat3) float64 {
	d := 0.0
	for i := range a {
		d = math.Max(d, math.Abs(a[i]-b[i]))
	}
	return d
}

// orthoError returns the largest entry of |RᵀR − I|, written out independently of the code
// under test.
func orthoError(r mgl64.Mat3) float64 {
	e := 0.0
	for i := range 3 {
		for j := range 3 {
			d := r.Col(i).Dot(r.Col(j))
			if i == j {
				d--
			}
			e = math.Max(e, math.Abs(d))
		}
	}
	return e
}

// expSeries sums exp(K) = Σ Kⁿ/n! for K = [w]× to 80 terms, after halving w until |w| ≤ 1/2
// and squaring back: an independent, high-order reference for Exp.
func expSeries(w mgl64.Vec3) mgl64.Mat3 {
	squarings := 0
	for w.Len() > 0.5 {
		w = w.Mul(0.5)
		squarings++
	}
	k := Skew(w)
	sum, term := mgl64.Ident3(), mgl64.Ident3()
	for n := 1; n <= 80; n++ {
		term = term.Mul3(k).Mul(1 / float64(n))
		sum = sum.Add(term)
	}
	for range squarings {
		sum = sum.Mul3(sum)
	}
	return sum
}

// generic is a unit axis along no symmetry of the test bodies.
var generic = mgl64.Vec3{0.36, -0.48, 0.8}

func TestSkewIsCrossProduct(t *testing.T) {
	a, v := mgl64.Vec3{1.5, -2, 0.25}, mgl64.Vec3{-0.3, 0.7, 4}
	if got, want := Skew(a).Mul3x1(v), a.Cross(v); got != want {
		t.Errorf("Skew(a) v = %v, want a × v = %v", got, want)
	}
	if s := Skew(a); s.Transpose() != s.Mul(-1) {
		t.Errorf("Skew(a) is not antisymmetric: %v", s)
	}
}

// Exp against the matrix series, across the small-angle threshold and up to several turns.
// Tolerances are a few ulps times the number of squarings the reference needs.
func TestExpMatchesSeries(t *testing.T) {
	for _, tc := range []struct {
		angle, tol float64
	}{
		{0, 0},
		{1e-300, 2.3e-16},
		{1e-12, 2.3e-16},
		{1e-6, 2.3e-16},
		{smallAngle * (1 - 1e-9), 2.3e-16},
		{smallAngle * (1 + 1e-9), 2.3e-16},
		{0.01, 2.3e-16},
		{0.3, 4.5e-16},
		{1, 1e-15},
		{math.Pi, 2e-15},
		{5, 4e-15},
		{20, 1e-14},
	} {
		w := generic.Mul(tc.angle)
		if d := maxAbs(Exp(w), expSeries(w)); d > tc.tol {
			t.Errorf("angle %g: |Exp − series| = %.3g, want ≤ %.3g", tc.angle, d, tc.tol)
		}
	}
}

func TestExpKnownRotations(t *testing.T) {
	third := 2 * math.Pi / 3
	for _, tc := range []struct {
		name string
		w    mgl64.Vec3
		want mgl64.Mat3 // column-major: the images of x, y, z
	}{
		{"zero", mgl64.Vec3{}, mgl64.Ident3()},
		{"quarter turn about z takes x to y", mgl64.Vec3{0, 0, math.Pi / 2},
			mgl64.Mat3FromCols(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{-1, 0, 0}, mgl64.Vec3{0, 0, 1})},
		{"quarter turn about x takes y to z", mgl64.Vec3{math.Pi / 2, 0, 0},
			mgl64.Mat3FromCols(mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0, 1}, mgl64.Vec3{0, -1, 0})},
		{"half turn about x", mgl64.Vec3{math.Pi, 0, 0}, mgl64.Diag3(mgl64.Vec3{1, -1, -1})},
		{"third of a turn about (1,1,1) cycles the axes",
			mgl64.Vec3{1, 1, 1}.Normalize().Mul(third),
			mgl64.Mat3FromCols(mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, 0, 1}, mgl64.Vec3{1, 0, 0})},
		{"full turn", generic.Mul(2 * math.Pi), mgl64.Ident3()},
	} {
		if d := maxAbs(Exp(tc.w), tc.want); d > 1e-15 {
			t.Errorf("%s: Exp = %v, off by %.3g", tc.name, Exp(tc.w), d)
		}
	}
}

// Exp is a rotation for every argument: orthonormal, determinant 1, and it fixes its axis.
func TestExpIsRotation(t *testing.T) {
	dirs := []mgl64.Vec3{generic, {1, 0, 0}, {0, -1, 0}, mgl64.Vec3{3, 1, -2}.Normalize()}
	for _, d := range dirs {
		for _, angle := range []float64{1e-9, 1e-4, smallAngle, 0.05, 0.7, 2, math.Pi, 4, 12, 1e3} {
			w := d.Mul(angle)
			r := Exp(w)
			if e := orthoError(r); e > 1e-15 {
				t.Errorf("w = %v: |RᵀR − I| = %.3g", w, e)
			}
			if det := r.Det(); math.Abs(det-1) > 1e-15 {
				t.Errorf("w = %v: det = 1 %+.3g", w, det-1)
			}
			if e := r.Mul3x1(w).Sub(w).Len(); e > 4.5e-16*angle {
				t.Errorf("w = %v: Exp(w) w − w = %.3g", w, e)
			}
		}
	}
}

func TestLogInvertsExp(t *testing.T) {
	for _, angle := range []float64{0, 1e-12, 1e-5, smallAngle * 0.999, smallAngle * 1.001, 0.4,
		math.Pi / 2, 2.5, math.Pi - 1e-6, math.Pi - 1e-12} {
		for _, d := range []mgl64.Vec3{generic, {0, 0, -1}, mgl64.Vec3{-1, 2, 0.5}.Normalize()} {
			w := d.Mul(angle)
			if e := Log(Exp(w)).Sub(w).Len(); e > 4.5e-16*math.Max(1, angle) {
				t.Errorf("w = %v: |Log(Exp(w)) − w| = %.3g", w, e)
			}
		}
	}
	// A half turn: either sign of the axis is right; Exp must give the rotation back.
	r := Exp(generic.Mul(math.Pi))
	if d := maxAbs(Exp(Log(r)), r); d > 1e-15 {
		t.Errorf("half turn: Exp(Log(R)) off by %.3g", d)
	}
}
