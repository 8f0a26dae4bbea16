package pgs

import (
	"math"
	"math/rand/v2"
	"testing"
)

// sameBits reports whether a and b are the same float64 to the bit (so −0 ≠ +0).
func sameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// kernelInput returns n random numbers among which zeros of both signs and tiny values
// appear often: the cases where a reordered sum could flip a sign or a last bit.
func kernelInput(rng *rand.Rand, n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		switch rng.IntN(6) {
		case 0:
			x[i] = 0
		case 1:
			x[i] = math.Copysign(0, -1)
		case 2:
			x[i] = rng.NormFloat64() * 1e-300
		default:
			x[i] = rng.NormFloat64() * math.Exp(4*rng.NormFloat64())
		}
	}
	return x
}

// rigidInverse returns a d×d inverse mass block of a rigid body: 1/m on the diagonal of the
// linear part, a random symmetric block for the angular part, zeros elsewhere; with some
// exact zeros inside the angular block.
func rigidInverse(rng *rand.Rand, d int) []float64 {
	l := linearDOF(d)
	m := make([]float64, d*d)
	im := math.Exp(rng.NormFloat64())
	for r := range l {
		m[r*d+r] = im
	}
	for r := l; r < d; r++ {
		for c := r; c < d; c++ {
			v := rng.NormFloat64()
			if rng.IntN(4) == 0 {
				v = 0
			}
			m[r*d+c], m[c*d+r] = v, v
		}
	}
	return m
}

// The kernels give the plain formulas' numbers to the bit: dotChain is dot; dotBlock is
// the two chains it documents; axpyBlock is axpy; and mulInv on a split (rigid-body)
// block, which skips the products with its zeros, is the full product row by row.
func TestKernelsEqualPlainFormulas(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20000 {
		a6, b6 := kernelInput(rng, 6), kernelInput(rng, 6)
		a3, b3 := a6[:3], b6[:3]
		check := func(name string, got, want float64) {
			t.Helper()
			if !sameBits(got, want) {
				t.Fatalf("%s(%v, %v) = %v, want %v", name, a6, b6, got, want)
			}
		}
		check("dotChain6", dotChain((*[6]float64)(a6), (*[6]float64)(b6)), dot(a6, b6))
		check("dotChain3", dotChain((*[3]float64)(a3), (*[3]float64)(b3)), dot(a3, b3))
		check("dotChain5", dotChain(a6[:5], b6[:5]), dot(a6[:5], b6[:5]))
		check("dotFrom", dotFrom(dot(a3, b3), (*[3]float64)(a6[3:]), (*[3]float64)(b6[3:])), dot(a6, b6))
		lin := ((0 + a6[0]*b6[0]) + a6[1]*b6[1]) + a6[2]*b6[2]
		ang := ((0 + a6[3]*b6[3]) + a6[4]*b6[4]) + a6[5]*b6[5]
		check("dotBlock6", dotBlock((*[6]float64)(a6), (*[6]float64)(b6)), lin+ang)
		check("dotBlock3", dotBlock((*[3]float64)(a3), (*[3]float64)(b3)), ((0+a3[0]*b3[0])+a3[2]*b3[2])+(0+a3[1]*b3[1]))

		y, want := kernelInput(rng, 6), make([]float64, 6)
		copy(want, y)
		s := rng.NormFloat64()
		axpy(want, a6, s)
		axpyBlock((*[6]float64)(y), (*[6]float64)(a6), s)
		for i := range y {
			check("axpyBlock", y[i], want[i])
		}
	}
	for _, d := range []int{6, 3, 2, 4} {
		for range 5000 {
			m, x := rigidInverse(rng, d), kernelInput(rng, d)
			if shapeOf(m, d) != splitMass {
				t.Fatalf("d = %d: a rigid body's block is not split: %v", d, m)
			}
			got, want := make([]float64, d), make([]float64, d)
			switch d {
			case 6:
				mulInv((*[6]float64)(got), m, (*[6]float64)(x), splitMass)
				for r := range d {
					want[r] = dotBlock((*[6]float64)(m[r*d:]), (*[6]float64)(x))
				}
			case 3:
				mulInv((*[3]float64)(got), m, (*[3]float64)(x), splitMass)
				for r := range d {
					want[r] = dotBlock((*[3]float64)(m[r*d:]), (*[3]float64)(x))
				}
			default:
				mulInv(got, m, x, splitMass)
				mulVec(want, m, x)
			}
			for r := range d {
				if !sameBits(got[r], want[r]) {
					t.Fatalf("d = %d: mulInv row %d = %v, the full product %v (M %v, x %v)", d, r, got[r], want[r], m, x)
				}
			}
		}
	}
}

// shapeOf tells a fixed body (zeros of either sign), a rigid body's split block, and any
// other block.
func TestShapeOf(t *testing.T) {
	neg := math.Copysign(0, -1)
	for _, tc := range []struct {
		m    []float64
		want massShape
	}{
		{[]float64{0, neg, 0, 0, 0, 0, 0, 0, neg}, fixedMass},
		{[]float64{2, 0, 0, 0, 2, 0, 0, 0, 5}, splitMass},
		{[]float64{2, 0, 0, 0, 2, 0, 0, 0, 0}, splitMass},
		{[]float64{2, 1, 0, 1, 2, 0, 0, 0, 5}, fullMass},   // coupled linear directions
		{[]float64{2, 0, 0, 0, 2, 0, 0, 0.1, 5}, fullMass}, // angular row reads a linear one
	} {
		if got := shapeOf(tc.m, 3); got != tc.want {
			t.Errorf("shapeOf(%v) = %d, want %d", tc.m, got, tc.want)
		}
	}
}
