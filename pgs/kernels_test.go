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
		check("dot6", dot6((*[6]float64)(a6), (*[6]float64)(b6)), dot(a6, b6))
		s0 := kernelInput(rng, 1)[0]
		check("dot6From", dot6From(s0, (*[6]float64)(a6), (*[6]float64)(b6)), dotFrom(s0, a6, b6))
		lin := ((0 + a6[0]*b6[0]) + a6[1]*b6[1]) + a6[2]*b6[2]
		ang := ((0 + a6[3]*b6[3]) + a6[4]*b6[4]) + a6[5]*b6[5]
		check("dotBlock6", dotBlock((*[6]float64)(a6), (*[6]float64)(b6)), lin+ang)
		check("dotBlock3", dotBlock((*[3]float64)(a3), (*[3]float64)(b3)), ((0+a3[0]*b3[0])+a3[2]*b3[2])+(0+a3[1]*b3[1]))

		y, want := kernelInput(rng, 6), make([]float64, 6)
		copy(want, y)
		s := rng.NormFloat64()
		axpy(want, a6, s)
		y6 := append([]float64(nil), y...)
		axpyBlock((*[6]float64)(y), (*[6]float64)(a6), s)
		axpy6((*[6]float64)(y6), (*[6]float64)(a6), s)
		for i := range y {
			check("axpyBlock", y[i], want[i])
			check("axpy6", y6[i], want[i])
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

// The 3D solve takes the written-out width-6 paths (is6) wherever it sums a body block; run
// on []float64 blocks instead, the same solve takes the generic loops. Both give the same
// impulses, velocities and sweep residuals to the bit, on towers of boxes with blocks of two
// to four normal rows (on the fixed floor and between boxes), the shock sweep's levels
// (rising, level or falling up a tower), random rigid-body masses, velocities, warm starts
// and, in every other trial, tilted Jacobians, so that the blocks take each of their paths: the
// last support again, Lemke's method, and rows one by one (a floor block whose first two
// rows oppose each other and both ask to push has no solution).
func TestWidth6MatchesSlices(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 300 {
		p := towers(6, 1+rng.IntN(3), 1+rng.IntN(6), grouped)
		if trial%3 == 0 { // the floor block's first two rows oppose each other
			for i := range 12 {
				p.J[2*6+i] = -p.J[i]
			}
			p.Rows[0].Bias, p.Rows[1].Bias = 1, 1
		}
		p = dropRows(p, func(k int) bool { return p.Rows[k].Normal >= 0 || rng.IntN(5) > 0 })
		p.Level = make([]int, p.Bodies())
		for i := 1; i < p.Bodies(); i++ { // body 0 is the fixed floor
			inv := p.InvMass[i*36 : (i+1)*36]
			clear(inv)
			_, ang := randomSPD(rng, 3)
			for r := range 3 {
				inv[r*6+r] = math.Exp(rng.NormFloat64())
				for c := range 3 {
					inv[(3+r)*6+3+c] = ang[r*3+c]
				}
			}
			for k := range 6 {
				p.V[i*6+k] += 0.1 * rng.NormFloat64()
			}
			p.Level[i] = p.Level[i-1] + rng.IntN(3) - 1
		}
		if trial%2 == 1 {
			for k := range p.J {
				if p.J[k] != 0 {
					p.J[k] *= 1 + 1e-3*rng.NormFloat64()
				}
			}
		}
		for k := range p.Lambda {
			if p.Rows[k].Normal < 0 {
				p.Lambda[k] = rng.Float64() * float64(rng.IntN(2))
			}
		}
		opts := GaussSeidel{Iterations: 1 + rng.IntN(10), BlockNormals: true, Shock: true}
		if rng.IntN(2) == 0 {
			opts.Tolerance = 1e-6
		}
		s6, sl := opts, opts
		p6, pl := clone(p), clone(p)
		p6.Level, pl.Level = p.Level, p.Level
		solveWidth[*[6]float64](&s6, p6)
		solveWidth[[]float64](&sl, pl)
		for _, c := range []struct {
			name      string
			got, want []float64
		}{{"V", p6.V, pl.V}, {"Lambda", p6.Lambda, pl.Lambda}, {"residuals", s6.res, sl.res}} {
			if len(c.got) != len(c.want) {
				t.Fatalf("trial %d: %d %s on *[6]float64, %d on slices", trial, len(c.got), c.name, len(c.want))
			}
			for i := range c.got {
				if !sameBits(c.got[i], c.want[i]) {
					t.Fatalf("trial %d: %s[%d] = %v on *[6]float64, %v on slices", trial, c.name, i, c.got[i], c.want[i])
				}
			}
		}
	}
}

// dropRows returns p without the rows for which keep is false, and without the friction
// rows of a dropped normal row.
func dropRows(p *Problem, keep func(k int) bool) *Problem {
	q := clone(p)
	q.Rows, q.J, q.Lambda = q.Rows[:0], q.J[:0], q.Lambda[:0]
	d, index := p.DOF, make([]int, len(p.Rows))
	for k, r := range p.Rows {
		index[k] = -1
		if !keep(k) || r.Normal >= 0 && index[r.Normal] < 0 {
			continue
		}
		if r.Normal >= 0 {
			r.Normal = index[r.Normal]
		}
		index[k] = q.AddRow(r, p.J[k*2*d:k*2*d+d], p.J[k*2*d+d:(k+1)*2*d], p.Lambda[k])
	}
	return q
}
