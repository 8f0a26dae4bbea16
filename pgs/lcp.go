package pgs

import (
	"errors"
	"fmt"
	"math"
)

// LCP is an exact pivoting solver for problems whose rows are all contact normals (Lo = 0,
// Hi = +Inf, no friction link): it forms A = J M⁻¹ Jᵀ and b = J v − Bias densely and finds
//
//	λ ≥ 0,  w = A λ + b ≥ 0,  λ · w = 0
//
// by Lemke's complementary pivoting with the lexicographic ratio test, then sets
// v⁺ = v + M⁻¹ Jᵀ λ. A is positive semidefinite, for which Lemke's method finds a solution
// whenever one exists and the lexicographic rule rules out cycling on degenerate problems.
// So redundant contacts (duplicate or linearly dependent rows, the four-legged table), where
// A is singular and λ is not unique, still give a finite λ and the unique v⁺; Dantzig's
// method as in ODE's dSolveLCPBasic (the course's reference) returns NaN there. The final
// basis is re-solved by Gaussian elimination with partial pivoting, which keeps λ exact to
// rounding (the pivoting tableau alone loses digits on long pivot sequences).
//
// The warm start in p.Lambda is ignored. Stats.Iterations counts pivots. An LCP reuses its
// scratch between solves; it is not safe for concurrent use.
type LCP struct {
	a, b, lambda []float64 // the dense problem built from a Problem
	mj           []float64 // per row 2×DOF: M⁻¹Jᵀ for body A then body B
	t            []float64 // tableau, n rows of 2n+2: [B⁻¹ | B⁻¹(−A) | B⁻¹(−e) | B⁻¹b]
	basis        []int     // basic variable per row: w_i = i, z_j = n + j, z0 = 2n
	lu           []float64 // final basis matrix, factored in place
	piv          []int     // its row swaps
	x, keep      []float64 // basic values of the re-solve; the tableau's λ, kept for comparison
	cand         []int     // rows still tied in the lexicographic ratio test
	ratio        []float64 // their ratios
	bScale       float64   // max |b|, the scale for ties of the right-hand side
}

// ErrNoSolution is returned (wrapped) when an LCP or QP has no solution: Lemke's method ended
// on a ray, which for positive semidefinite A proves the LCP infeasible, or the QP's
// constraints cannot all hold.
var ErrNoSolution = errors.New("no solution")

// Solve forms A and b from p, solves the LCP and writes λ and v⁺ into p.
func (s *LCP) Solve(p *Problem) (Stats, error) {
	if err := checkNormals(p); err != nil {
		return Stats{}, fmt.Errorf("lcp: %w", err)
	}
	n := len(p.Rows)
	s.a, s.b, s.lambda = resize(s.a, n*n), resize(s.b, n), resize(s.lambda, n)
	s.mj = denseLCP(p, s.a, s.b, s.mj)
	pivots, err := s.SolveDense(n, s.a, s.b, s.lambda)
	if err != nil {
		return Stats{Iterations: pivots}, fmt.Errorf("lcp: %w", err)
	}
	copy(p.Lambda, s.lambda)
	applyImpulses(p, s.mj, s.lambda)
	return Stats{Iterations: pivots}, nil
}

// checkNormals validates p and accepts only contact normal rows (Lo = 0, Hi = +Inf, no link).
func checkNormals(p *Problem) error {
	if err := p.Validate(); err != nil {
		return err
	}
	for k, r := range p.Rows {
		if r.Lo != 0 || !math.IsInf(r.Hi, 1) || r.Normal >= 0 {
			return fmt.Errorf("row %d (bounds [%g, %g], normal %d): %w", k, r.Lo, r.Hi, r.Normal, errUnbounded)
		}
	}
	return nil
}

// LCPMatrices fills a (n×n row-major, n = len(p.Rows)) with A = J M⁻¹ Jᵀ and b (n) with
// b = J v − Bias for the current V: the dense LCP that LCP solves, for printing and
// comparison with reference values. It allocates its scratch.
func (p *Problem) LCPMatrices(a, b []float64) {
	denseLCP(p, a, b, nil)
}

// denseLCP fills a (n×n row-major) with J M⁻¹ Jᵀ and b with J v − Bias, and returns the
// per-row M⁻¹Jᵀ blocks (in mj's storage) for the velocity update.
func denseLCP(p *Problem, a, b, mj []float64) []float64 {
	d, n := p.DOF, len(p.Rows)
	mj = resize(mj, n*2*d)
	for k, r := range p.Rows {
		jk := p.J[k*2*d : (k+1)*2*d]
		mulVec(mj[k*2*d:k*2*d+d], p.InvMass[r.A*d*d:(r.A+1)*d*d], jk[:d])
		if r.B >= 0 {
			mulVec(mj[k*2*d+d:(k+1)*2*d], p.InvMass[r.B*d*d:(r.B+1)*d*d], jk[d:])
		} else {
			clear(mj[k*2*d+d : (k+1)*2*d])
		}
		b[k] = p.RowVelocity(k)
	}
	for i, ri := range p.Rows {
		ji := p.J[i*2*d : (i+1)*2*d]
		for j, rj := range p.Rows {
			mjj := mj[j*2*d : (j+1)*2*d]
			v := 0.0
			for si, bi := range [2]int{ri.A, ri.B} {
				for sj, bj := range [2]int{rj.A, rj.B} {
					if bi >= 0 && bi == bj {
						v += dot(ji[si*d:(si+1)*d], mjj[sj*d:(sj+1)*d])
					}
				}
			}
			a[i*n+j] = v
		}
	}
	return mj
}

// applyImpulses adds M⁻¹Jᵀλ to p.V, given the per-row M⁻¹Jᵀ blocks.
func applyImpulses(p *Problem, mj, lambda []float64) {
	d := p.DOF
	for k, r := range p.Rows {
		axpy(p.V[r.A*d:(r.A+1)*d], mj[k*2*d:k*2*d+d], lambda[k])
		if r.B >= 0 {
			axpy(p.V[r.B*d:(r.B+1)*d], mj[k*2*d+d:(k+1)*2*d], lambda[k])
		}
	}
}

// SolveDense solves the LCP λ ≥ 0, w = Aλ + b ≥ 0, λ·w = 0 for an n×n row-major A (meant
// for positive semidefinite A; any A is tried) and writes λ. It returns the number of
// pivots, and an error wrapping ErrNoSolution when Lemke's method ends on a ray.
func (s *LCP) SolveDense(n int, a, b, lambda []float64) (int, error) {
	clear(lambda[:n])
	if n == 0 || minOf(b[:n]) >= 0 {
		return 0, nil // λ = 0 already solves it
	}
	cols := 2*n + 2
	s.bScale = 0
	for _, v := range b[:n] {
		s.bScale = max(s.bScale, math.Abs(v))
	}
	s.t, s.basis = resize(s.t, n*cols), resize(s.basis, n)
	t := s.t
	clear(t)
	for i := range n {
		row := t[i*cols : (i+1)*cols]
		row[i] = 1
		for j := range n {
			row[n+j] = -a[i*n+j]
		}
		row[2*n] = -1
		row[2*n+1] = b[i]
		s.basis[i] = i
	}
	// First pivot: z0 enters at the value that makes every w nonnegative; the leaving row is
	// the most negative b, ties broken lexicographically like every later pivot.
	entering := 2 * n
	leave := s.firstRow(n)
	pivots := 0
	for limit := 50 * (n + 2); ; {
		pivot(t, n, cols, leave, entering)
		pivots++
		left := s.basis[leave]
		s.basis[leave] = entering
		if left == 2*n {
			break // z0 left the basis: the basis is complementary
		}
		entering = complement(left, n)
		leave = s.ratioTest(n, entering)
		if leave < 0 {
			return pivots, fmt.Errorf("lemke ended on a ray after %d pivots: %w", pivots, ErrNoSolution)
		}
		if pivots >= limit {
			return pivots, fmt.Errorf("lemke: no complementary basis after %d pivots", pivots)
		}
	}
	for i, v := range s.basis {
		if v >= n && v < 2*n {
			lambda[v-n] = max(t[i*cols+cols-1], 0)
		}
	}
	s.refine(n, a, b, lambda)
	return pivots, nil
}

// complement returns the index of the variable complementary to v (w_i ↔ z_i).
func complement(v, n int) int {
	if v < n {
		return v + n
	}
	return v - n
}

// pivot makes variable column col basic in row r by Gauss–Jordan elimination.
func pivot(t []float64, n, cols, r, col int) {
	pr := t[r*cols : (r+1)*cols]
	inv := 1 / pr[col]
	for j := range pr {
		pr[j] *= inv
	}
	pr[col] = 1
	for i := range n {
		if i == r {
			continue
		}
		ri := t[i*cols : (i+1)*cols]
		f := ri[col]
		if f == 0 {
			continue
		}
		axpy(ri, pr, -f)
		ri[col] = 0
	}
}

// firstRow picks the row z0 replaces: the most negative b, ties broken lexicographically.
// The z0 column is −1 in every row, so the ratios are −b_i and −(B⁻¹ row i) over 1, and
// x/1 is x: b is compared as it is. B⁻¹ is still the identity, so among rows tied on b
// each later column drops the row whose 1 it holds while another remains, which leaves the
// last tied row; lexMin's arithmetic, without its divisions.
func (s *LCP) firstRow(n int) int {
	cols := 2*n + 2
	best := math.Inf(1)
	for i := range n {
		best = min(best, s.t[i*cols+cols-1])
	}
	tol := float64(1e-12 * max(math.Abs(best), s.bScale))
	last := 0
	for i := range n {
		if s.t[i*cols+cols-1] <= best+tol {
			last = i
		}
	}
	return last
}

// ratioTest returns the row that leaves when column col enters: among rows whose entry in
// col is positive, the smallest ratio of (B⁻¹b, B⁻¹) row to the entry, lexicographically;
// z0 leaves whenever it ties. It returns −1 when no entry is positive (a ray).
func (s *LCP) ratioTest(n, col int) int {
	cols := 2*n + 2
	colMax := 0.0
	for i := range n {
		colMax = max(colMax, math.Abs(s.t[i*cols+col]))
	}
	tol := 1e-11 * colMax
	s.cand = s.cand[:0]
	for i := range n {
		if s.t[i*cols+col] > tol {
			s.cand = append(s.cand, i)
		}
	}
	if len(s.cand) == 0 {
		return -1
	}
	return s.lexMin(n, cols, col, colMax)
}

// lexMin narrows s.cand to the lexicographic minimum of (rhs, B⁻¹ row) / entry in col and
// returns it; ratios within a relative 1e-12 of the smallest (on the scale of the data over
// colMax, the column's largest entry) count as ties, and z0 leaves whenever it ties.
func (s *LCP) lexMin(n, cols, col int, colMax float64) int {
	t := s.t
	s.ratio = resize(s.ratio, n)
	for c := -1; c < n && len(s.cand) > 1; c++ {
		k := cols - 1 // the right-hand side first, then the columns of B⁻¹
		if c >= 0 {
			k = c
		}
		best := math.Inf(1)
		ratio := s.ratio[:len(s.cand)]
		for q, i := range s.cand {
			ratio[q] = t[i*cols+k] / t[i*cols+col]
			best = min(best, ratio[q])
		}
		scale := s.bScale // B⁻¹ entries start at 1
		if c >= 0 {
			scale = 1
		}
		tol := float64(1e-12 * max(math.Abs(best), scale/colMax))
		kept := s.cand[:0]
		z0 := -1
		for q, i := range s.cand {
			if ratio[q] <= best+tol {
				kept = append(kept, i)
				if s.basis[i] == 2*n {
					z0 = i
				}
			}
		}
		if z0 >= 0 {
			return z0
		}
		s.cand = kept
	}
	return s.cand[0]
}

// refine re-solves the final complementary basis from the original data: the basis matrix B
// has column e_i for a basic w_i and −A_{:,j} for a basic z_j, and B x = b gives the basic
// values, found by Gaussian elimination with partial pivoting. It keeps the result when it
// satisfies the LCP at least as well as the tableau's λ.
func (s *LCP) refine(n int, a, b, lambda []float64) {
	s.lu, s.x = resize(s.lu, n*n), resize(s.x, n)
	for i := range n {
		for c, v := range s.basis {
			switch {
			case v < n:
				s.lu[i*n+c] = 0
				if i == v {
					s.lu[i*n+c] = 1
				}
			default:
				s.lu[i*n+c] = -a[i*n+v-n]
			}
		}
		s.x[i] = b[i]
	}
	s.keep, s.piv = resize(s.keep, n), resize(s.piv, n)
	if !luFactor(n, s.lu, s.piv, 0) {
		return
	}
	luSolve(n, s.lu, s.piv, s.x)
	before := lcpError(n, a, b, lambda)
	copy(s.keep, lambda[:n]) // keep the tableau's answer in case the re-solve is worse
	clear(lambda[:n])
	for c, v := range s.basis {
		if v >= n {
			lambda[v-n] = max(s.x[c], 0)
		}
	}
	if lcpError(n, a, b, lambda) > before {
		copy(lambda[:n], s.keep)
	}
}

// lcpError returns max_i |min(λ_i, w_i)| with w = Aλ + b: 0 exactly at a solution.
func lcpError(n int, a, b, lambda []float64) float64 {
	e := 0.0
	for i := range n {
		w := b[i] + dot(a[i*n:(i+1)*n], lambda[:n])
		e = max(e, math.Abs(min(lambda[i], w)))
	}
	return e
}

// luFactor factors the n×n row-major M in place by Gaussian elimination with partial
// pivoting: U in its upper triangle, the multipliers below it (each row's moving with its
// row swaps), the row swapped into place at column c in piv[c]. It reports false when a
// pivot is at most tol in size or zero (M singular), leaving M half done.
func luFactor(n int, m []float64, piv []int, tol float64) bool {
	for c := range n {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(m[r*n+c]) > math.Abs(m[p*n+c]) {
				p = r
			}
		}
		if math.Abs(m[p*n+c]) <= tol || m[p*n+c] == 0 {
			return false
		}
		piv[c] = p
		if p != c {
			for j := range n {
				m[p*n+j], m[c*n+j] = m[c*n+j], m[p*n+j]
			}
		}
		for r := c + 1; r < n; r++ {
			f := m[r*n+c] / m[c*n+c]
			if f != 0 {
				for j := c + 1; j < n; j++ { // axpy(M_r,c+1:, M_c,c+1:, −f)
					m[r*n+j] += float64(-f * m[c*n+j])
				}
			}
			m[r*n+c] = f
		}
	}
	return true
}

// luSolve solves M x = rhs in place (x holds rhs on entry) with M factored by luFactor into
// lu and piv. Each x_r takes the same operations, in the same order, as when elimination
// and substitution run together: the swaps move whole rows, multipliers included, so the
// row that ends at r has met every earlier column's multiplier and pivot value.
func luSolve(n int, lu []float64, piv []int, x []float64) {
	lu, piv, x = lu[:n*n], piv[:n], x[:n]
	for c, p := range piv {
		if p != c {
			x[p], x[c] = x[c], x[p]
		}
	}
	for c, xc := range x {
		for r := c + 1; r < n; r++ {
			if f := lu[r*n+c]; f != 0 {
				x[r] -= float64(f * xc)
			}
		}
	}
	for c := n - 1; c >= 0; c-- {
		s := 0.0 // dot(U_c,c+1:, x_c+1:)
		for j := c + 1; j < n; j++ {
			s += float64(lu[c*n+j] * x[j])
		}
		x[c] = (x[c] - s) / lu[c*n+c]
	}
}

// minOf returns the smallest number in a (+Inf when empty).
func minOf(a []float64) float64 {
	m := math.Inf(1)
	for _, v := range a {
		m = min(m, v)
	}
	return m
}
