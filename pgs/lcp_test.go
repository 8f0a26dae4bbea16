package pgs

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// bruteForceLCP solves the LCP by trying every complementary basis: λ_S = −A_SS⁻¹ b_S on the
// support S, zero elsewhere; it returns the first that satisfies λ ≥ 0 and w ≥ 0 (within tol).
func bruteForceLCP(n int, a, b []float64, tol float64) ([]float64, bool) {
	lambda := make([]float64, n)
	for set := range 1 << n {
		var idx []int
		for i := range n {
			if set&(1<<i) != 0 {
				idx = append(idx, i)
			}
		}
		m := len(idx)
		sub, x := make([]float64, m*m), make([]float64, m)
		for r, i := range idx {
			for c, j := range idx {
				sub[r*m+c] = a[i*n+j]
			}
			x[r] = -b[i]
		}
		piv := make([]int, m)
		if !luFactor(m, sub, piv, 0) {
			continue
		}
		luSolve(m, sub, piv, x)
		clear(lambda)
		for r, i := range idx {
			lambda[i] = x[r]
		}
		if minOf(lambda) >= -tol && lcpError(n, a, b, lambda) <= tol {
			return lambda, true
		}
	}
	return nil, false
}

// randomPMatrix returns an n×n P-matrix: symmetric positive definite plus, when skew is set,
// a skew-symmetric part (still positive definite, so every principal minor is positive).
func randomPMatrix(rng *rand.Rand, n int, skew bool) []float64 {
	g := make([]float64, n*n)
	for i := range g {
		g[i] = rng.NormFloat64()
	}
	a := make([]float64, n*n)
	for i := range n {
		for j := range i + 1 {
			a[i*n+j] = dot(g[i*n:(i+1)*n], g[j*n:(j+1)*n])
			a[j*n+i] = a[i*n+j]
			if skew && j < i {
				s := 2 * rng.NormFloat64()
				a[i*n+j] += s
				a[j*n+i] -= s
			}
		}
		a[i*n+i] += 0.1
	}
	return a
}

func TestLCPAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name string
		skew bool
	}{{"symmetric", false}, {"nonsymmetric", true}} {
		t.Run(tc.name, func(t *testing.T) {
			var s LCP
			worst := 0.0
			for trial := range 200 {
				n := 1 + trial%8
				a := randomPMatrix(rng, n, tc.skew)
				b := make([]float64, n)
				for i := range b {
					b[i] = 3 * rng.NormFloat64()
				}
				want, ok := bruteForceLCP(n, a, b, 1e-9)
				if !ok {
					t.Fatalf("trial %d: brute force found no basis for a P-matrix", trial)
				}
				got := make([]float64, n)
				if _, err := s.SolveDense(n, a, b, got); err != nil {
					t.Fatalf("trial %d: %v", trial, err)
				}
				worst = max(worst, maxDiff(got, want)/(1+maxAbs(want)))
			}
			if worst > 1e-12 {
				t.Errorf("largest relative difference from brute force %.3g > 1e-12", worst)
			}
			t.Logf("largest relative difference from brute force over 200 LCPs: %.3g", worst)
		})
	}
}

// TestLCPScale checks that scaling A and b scales the solution and nothing else: the
// pivoting tolerances are relative.
func TestLCPScale(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var s LCP
	for trial := range 50 {
		n := 1 + trial%8
		a := randomPMatrix(rng, n, false)
		b := make([]float64, n)
		for i := range b {
			b[i] = rng.NormFloat64()
		}
		ref := make([]float64, n)
		if _, err := s.SolveDense(n, a, b, ref); err != nil {
			t.Fatal(err)
		}
		for _, scale := range [][2]float64{{1e-9, 1}, {1e9, 1}, {1, 1e-9}, {1, 1e9}, {1e-6, 1e6}} {
			sa, sb := make([]float64, n*n), make([]float64, n)
			for i := range a {
				sa[i] = a[i] * scale[0]
			}
			for i := range b {
				sb[i] = b[i] * scale[1]
			}
			got := make([]float64, n)
			if _, err := s.SolveDense(n, sa, sb, got); err != nil {
				t.Fatalf("trial %d, scales %g: %v", trial, scale, err)
			}
			for i := range got {
				got[i] *= scale[0] / scale[1] // λ scales as b / A
			}
			if d := maxDiff(got, ref) / (1 + maxAbs(ref)); d > 1e-12 {
				t.Errorf("trial %d, A×%g, b×%g: λ off by %.3g relative", trial, scale[0], scale[1], d)
			}
		}
	}
}

// TestLCPHandout is the handout's block on a table edge: λ = (0, 40/7).
func TestLCPHandout(t *testing.T) {
	a := []float64{13.0 / 20, 9.0 / 20, 9.0 / 20, 7.0 / 20}
	b := []float64{-2, -2}
	got := make([]float64, 2)
	var s LCP
	if _, err := s.SolveDense(2, a, b, got); err != nil {
		t.Fatal(err)
	}
	if want := []float64{0, 40.0 / 7}; maxDiff(got, want) > 1e-14 {
		t.Errorf("λ = %v, want %v within 1e-14", got, want)
	}
}

// TestLCPDegenerate covers LCPs whose solution is not unique or is trivial: duplicate rows,
// zero rows, b ≥ 0, ties in b, and a singular A with no solution.
func TestLCPDegenerate(t *testing.T) {
	for _, tc := range []struct {
		name      string
		a, b      []float64
		want      []float64 // nil: any solution
		noSolve   bool
		maxPivots int // −1: any
	}{
		{name: "b nonnegative", a: []float64{1, 0, 0, 1}, b: []float64{0, 2}, want: []float64{0, 0}, maxPivots: 0},
		{name: "duplicate rows", a: []float64{1, 1, 1, 1}, b: []float64{-1, -1}, maxPivots: -1},
		{name: "triplicate rows", a: []float64{2, 2, 2, 2, 2, 2, 2, 2, 2}, b: []float64{-1, -1, -1}, maxPivots: -1},
		{name: "zero row satisfied", a: []float64{0, 0, 0, 1}, b: []float64{0, -1}, want: []float64{0, 1}, maxPivots: -1},
		{name: "zero row violated", a: []float64{0, 0, 0, 1}, b: []float64{-1, -1}, noSolve: true},
		{name: "dependent rows", a: []float64{1, 2, 3, 2, 4, 6, 3, 6, 9}, b: []float64{-1, -2, -3}, maxPivots: -1},
		{name: "inconsistent dependent rows", a: []float64{1, -1, -1, 1}, b: []float64{-1, -1}, noSolve: true},
		{name: "tied b", a: []float64{2, 1, 1, 1, 2, 1, 1, 1, 2}, b: []float64{-1, -1, -1}, want: []float64{0.25, 0.25, 0.25}, maxPivots: -1},
		{name: "zero matrix", a: []float64{0, 0, 0, 0}, b: []float64{0, 0}, want: []float64{0, 0}, maxPivots: 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			n := len(tc.b)
			got := make([]float64, n)
			var s LCP
			pivots, err := s.SolveDense(n, tc.a, tc.b, got)
			if tc.noSolve {
				if !errors.Is(err, ErrNoSolution) {
					t.Fatalf("err = %v, want ErrNoSolution", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.maxPivots >= 0 && pivots > tc.maxPivots {
				t.Errorf("%d pivots, want ≤ %d", pivots, tc.maxPivots)
			}
			if e := lcpError(n, tc.a, tc.b, got); e > 1e-14 || minOf(got) < 0 {
				t.Errorf("λ = %v: complementarity error %.3g", got, e)
			}
			if tc.want != nil && maxDiff(got, tc.want) > 1e-15 {
				t.Errorf("λ = %v, want %v", got, tc.want)
			}
		})
	}
}

// maxAbs returns max |a_i|.
func maxAbs(a []float64) float64 {
	m := 0.0
	for _, v := range a {
		m = max(m, math.Abs(v))
	}
	return m
}

// TestSolve2 checks the 2×2 block solver against Lemke's method on random positive definite
// and singular 2×2 LCPs: the same λ where it answers, and no answer for singular A.
func TestSolve2(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	var s LCP
	answered := 0
	for trial := range 2000 {
		a := randomPMatrix(rng, 2, false)
		if trial%10 == 0 { // singular: rank one
			u := [2]float64{rng.NormFloat64(), rng.NormFloat64()}
			a = []float64{u[0] * u[0], u[0] * u[1], u[1] * u[0], u[1] * u[1]}
		}
		b := []float64{rng.NormFloat64(), rng.NormFloat64()}
		got, want := make([]float64, 2), make([]float64, 2)
		if !solve2(a, b, got) {
			if trial%10 != 0 {
				t.Errorf("trial %d: no answer for positive definite A = %v", trial, a)
			}
			continue
		}
		answered++
		if trial%10 == 0 {
			t.Errorf("trial %d: answered for singular A = %v", trial, a)
		}
		if _, err := s.SolveDense(2, a, b, want); err != nil {
			t.Fatal(err)
		}
		if d := maxDiff(got, want) / (1 + maxAbs(want)); d > 1e-12 {
			t.Errorf("trial %d: solve2 %v, Lemke %v", trial, got, want)
		}
	}
	if answered < 1800 {
		t.Errorf("answered only %d of 1800 positive definite problems", answered)
	}
}

// TestSolveBlock checks the block solver of BlockNormals on random 3×3 and 4×4 positive
// semidefinite LCPs, singular ones included (four coplanar contacts give rank three), each
// solved twice with b nudged in between (feasibly) so that the second solve can reuse the
// first one's support: every answer satisfies the LCP.
func TestSolveBlock(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	s := GaussSeidel{}
	blk := &normalBlock{}
	reused := 0
	for trial := range 1000 {
		blk.lu.valid = false // a new matrix, as at each solve
		m := 3 + trial%2
		rank := m - trial%3/2 // every third problem singular
		g := make([]float64, m*rank)
		for i := range g {
			g[i] = rng.NormFloat64()
		}
		a := make([]float64, m*m)
		for i := range m {
			for j := range m {
				a[i*m+j] = dot(g[i*rank:(i+1)*rank], g[j*rank:(j+1)*rank])
			}
		}
		// b = slack − A y keeps the LCP feasible (y ≥ 0 gives w = slack ≥ 0).
		y, slack, b := make([]float64, m), make([]float64, m), make([]float64, m)
		for i := range m {
			y[i], slack[i] = rng.Float64(), rng.Float64()*float64(rng.IntN(2))
		}
		x := make([]float64, m)
		for pass := range 2 {
			for i := range m {
				b[i] = slack[i] - dot(a[i*m:(i+1)*m], y)
			}
			before := blk.support
			if !s.solveBlock(blk, &blk.lu, m, a, b, x) {
				t.Fatalf("trial %d: no solution for a feasible block", trial)
			}
			if pass == 1 && blk.support == before {
				reused++
			}
			if e := lcpError(m, a, b, x); e > 1e-12*(1+maxAbs(b)) || minOf(x) < 0 {
				t.Fatalf("trial %d, pass %d: x = %v, complementarity error %.3g", trial, pass, x, e)
			}
			for i := range y {
				y[i] += 1e-9 * rng.Float64()
			}
		}
	}
	if reused < 500 {
		t.Errorf("second solves kept their support only %d times in 1000", reused)
	}
}

// TestFirstRowIsLexMin holds firstRow, which compares b without dividing, to the
// lexicographic ratio test it replaces: lexMin over every row on the first tableau with the
// z0 column negated (entries +1 instead of −1, the ratios over 1). Integer right-hand sides
// tie often, and ties go down to the columns of B⁻¹; others lie about the tolerance apart.
func TestFirstRowIsLexMin(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var s LCP
	for trial := range 20000 {
		n := 1 + trial%6
		cols := 2*n + 2
		s.t, s.basis = resize(s.t, n*cols), resize(s.basis, n)
		clear(s.t)
		s.bScale = 0
		for i := range n {
			b := float64(rng.IntN(5) - 3)
			switch trial % 3 {
			case 0:
				b = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(13)-6))
			case 1: // near-ties, about the tolerance apart
				b = -1 + float64(rng.IntN(30))*1e-13
			}
			s.bScale = max(s.bScale, math.Abs(b))
			s.t[i*cols+i], s.t[i*cols+2*n], s.t[i*cols+cols-1], s.basis[i] = 1, -1, b, i
		}
		got := s.firstRow(n)
		for i := range n {
			s.t[i*cols+2*n] = 1
		}
		s.cand = s.cand[:0]
		for i := range n {
			s.cand = append(s.cand, i)
		}
		if want := s.lexMin(n, cols, 2*n, 1); got != want {
			t.Fatalf("trial %d: firstRow %d, lexMin %d", trial, got, want)
		}
	}
}

// BenchmarkBlockLCP reports ns per SolveDense on random 3- and 4-row blocks like those
// GaussSeidel.BlockNormals leaves to Lemke's method: definite and singular (four coplanar
// contacts) Delassus matrices, b of both signs.
func BenchmarkBlockLCP(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	type problem struct {
		n    int
		a, b []float64
	}
	var ps []problem
	for k := range 1024 {
		n := 3 + k%2
		rank := n - (k/2)%2
		g := make([]float64, n*rank)
		for i := range g {
			g[i] = rng.NormFloat64()
		}
		a, rhs := make([]float64, n*n), make([]float64, n)
		for i := range n {
			for j := range n {
				a[i*n+j] = dot(g[i*rank:(i+1)*rank], g[j*rank:(j+1)*rank])
			}
			rhs[i] = rng.NormFloat64()
		}
		ps = append(ps, problem{n, a, rhs})
	}
	var x [MaxBlock]float64
	var s LCP
	for b.Loop() {
		for _, p := range ps {
			s.SolveDense(p.n, p.a, p.b, x[:])
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(ps)), "ns/solve")
}
