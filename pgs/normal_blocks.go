package pgs

import "math"

// MaxBlock is the largest number of normal rows GaussSeidel.BlockNormals solves together: a
// 3D contact manifold has at most four points. Longer runs are split into blocks of MaxBlock.
const MaxBlock = 4

// blocks is GaussSeidel's scratch for BlockNormals.
//
// A block is a run of 2 to MaxBlock consecutive rows that are contact normals (Lo = 0,
// Hi = +Inf, no friction link) on the same free bodies A and B (after fixed bodies are
// folded away). At each visit PGS solves the block's rows together, exactly: with the other
// rows' impulses held, it finds the block's total impulses x ≥ 0 with
//
//	A_blk x + b' ≥ 0,  x ⊥ A_blk x + b',   b' = w − A_blk λ,
//
// where A_blk = J_blk M⁻¹ J_blkᵀ is the block's Delassus matrix (precomputed per solve) and w
// the rows' current relative velocities: two rows in closed form (solve2), more by first
// trying the support of the last visit and then Lemke's method (LCP.SolveDense: four
// coplanar contacts make A_blk singular, which it handles). This is Box2D's 2×2 block solver
// generalised to four rows. Solving a box's corners at once removes the rocking that one
// corner at a time causes, which on a stack the friction rows then fight: a warm-started
// 2D tower of ten boxes with friction settles below 1e-6 m/s in about 50 steps of 10 sweeps
// instead of about 2200. If a block's LCP has no solution on its own (inconsistent redundant
// rows), its rows are updated one by one for that visit.
//
// A block's rows report D_k·|Δλ_k| like single rows, so the sweep residual keeps its
// meaning; with a singular A_blk the block's λ is not unique and only its effect on the
// velocities is.
type blocks struct {
	blockLen []int     // per row: rows in the block starting here (1: a single row), 0 inside one
	blockOff []int     // per block's first row: offset of its A_blk in blockA
	blockA   []float64 // the blocks' Delassus matrices, m×m row-major each
	support  []uint8   // per block's first row: rows with λ > 0 at the last visit (bit i: row i)
	lcp      LCP
	bb, bx   [MaxBlock]float64            // b' and the block's solution
	sub      [MaxBlock * MaxBlock]float64 // A_SS for trySupport
}

// findBlocks marks the blocks and computes their Delassus matrices; s.rows and s.jm must be
// ready.
func findBlocks[P block](s *GaussSeidel, d int) {
	n := len(s.rows)
	s.blockLen, s.blockOff = resize(s.blockLen, n), resize(s.blockOff, n)
	s.support = resize(s.support, n)
	s.blockA = s.blockA[:0]
	for k := 0; k < n; {
		m := 1
		if s.blockable(k) {
			for m < MaxBlock && k+m < n && s.blockable(k+m) &&
				s.rows[k+m].a == s.rows[k].a && s.rows[k+m].b == s.rows[k].b {
				m++
			}
		}
		s.blockLen[k] = m
		for i := 1; i < m; i++ {
			s.blockLen[k+i] = 0
		}
		if m > 1 {
			s.support[k] = 1<<m - 1 // resting contact: every row pushes
			s.blockOff[k] = len(s.blockA)
			if a, ok := s.lastBlock(k, m); ok { // the rows of a block of the last solve
				s.blockA = append(s.blockA, a...)
			} else {
				appendDelassus[P](s, d, k, m)
			}
		}
		k += m
	}
}

// appendDelassus appends to s.blockA the Delassus matrix of the m-row block from row k.
func appendDelassus[P block](s *GaussSeidel, d, k, m int) {
	off := len(s.blockA)
	for i := range m {
		for j := range m {
			// Both rows have the same body slots, so J_i M⁻¹ J_jᵀ is J_i · (M⁻¹J_jᵀ)
			// over both slots (an absent second body's slot is zero).
			ji, mj := s.jm[(k+i)*4*d:], s.jm[(k+j)*4*d:]
			a := dotChain(at[P](ji, 0, d), at[P](mj, 2, d))
			s.blockA = append(s.blockA, dotFrom(a, at[P](ji, 1, d), at[P](mj, 3, d)))
		}
	}
	if s.rows[k].b >= 0 { // between two moving bodies only: see blockRegularization
		regularize(s.blockA[off:], m, blockRegularization)
	}
}

// blockable reports whether row k can join a block: an active contact normal row.
func (s *GaussSeidel) blockable(k int) bool {
	g := &s.rows[k]
	return g.a >= 0 && g.normal < 0 && g.lo == 0 && math.IsInf(g.hi, 1)
}

// blockStep solves the m-row block starting at row k exactly and returns max D_k·|Δλ_k|.
func blockStep[P block](s *GaussSeidel, d, k, m int, v, lambda []float64) float64 {
	return solveRows[P](s, d, k, m, s.blockA[s.blockOff[k]:s.blockOff[k]+m*m], false, v, lambda)
}

// solveRows solves the m rows from k together with their Delassus matrix a: exactly when the
// block LCP has a solution, else row by row. In a shock sweep (shock.go) a is one-sided and
// only the free body moves.
func solveRows[P block](s *GaussSeidel, d, k, m int, a []float64, shock bool, v, lambda []float64) float64 {
	b, x := s.bb[:m], s.bx[:m]
	for i := range m {
		b[i] = rowVelocity[P](&s.rows[k+i], s.jm[(k+i)*4*d:], d, v) - dot(a[i*m:(i+1)*m], lambda[k:k+m])
	}
	res := 0.0
	if !s.solveBlock(k, m, a, b, x) {
		for i := range m {
			if shock {
				res = max(res, shockRowStep[P](s, d, k+i, v, lambda))
			} else {
				res = max(res, rowStep[P](s, d, k+i, v, lambda))
			}
		}
		return res
	}
	for i := range m {
		dl := x[i] - lambda[k+i]
		if dl == 0 {
			continue
		}
		lambda[k+i] = x[i]
		if shock {
			applyFree[P](s, d, k+i, v, dl)
			res = max(res, s.shock[k+i].d*math.Abs(dl))
		} else {
			apply[P](&s.rows[k+i], s.jm[(k+i)*4*d:], d, v, dl)
			res = max(res, s.rows[k+i].d*math.Abs(dl))
		}
	}
	return res
}

// solveBlock solves the LCP of the m-row block starting at row k into x and reports false
// when it has none. Two rows (2D manifolds, 3D edges) go to solve2; larger blocks first try
// the support of their last solution, which rarely changes from one sweep to the next once
// a stack settles, and only then Lemke's method, whose support is kept for the next visit.
func (s *GaussSeidel) solveBlock(k, m int, a, b, x []float64) bool {
	if m == 2 && solve2(a, b, x) {
		return true
	}
	if m > 2 && s.trySupport(s.support[k], m, a, b, x) {
		return true
	}
	if _, err := s.lcp.SolveDense(m, a, b, x); err != nil {
		return false
	}
	s.support[k] = 0
	for i := range m {
		if x[i] > 0 {
			s.support[k] |= 1 << i
		}
	}
	return true
}

// trySupport solves the block LCP on the assumption that exactly the rows in support push:
// A_SS x_S = −b_S, x = 0 elsewhere. It reports whether that assumption holds (x_S ≥ 0 and
// w ≥ 0 off S, to rounding) with A_SS not singular to 1e-12 relative.
func (s *GaussSeidel) trySupport(support uint8, m int, a, b, x []float64) bool {
	var idx [MaxBlock]int
	n := 0
	for i := range m {
		if support&(1<<i) != 0 {
			idx[n] = i
			n++
		}
	}
	sub := s.sub[:n*n]
	var y [MaxBlock]float64
	diag := 0.0
	for r := range n {
		for c := range n {
			sub[r*n+c] = a[idx[r]*m+idx[c]]
		}
		diag = max(diag, sub[r*n+r])
		y[r] = -b[idx[r]]
	}
	if !gaussSolveTol(n, sub, y[:n], 1e-12*diag) {
		return false
	}
	clear(x[:m])
	for r := range n {
		if y[r] < 0 {
			return false
		}
		x[idx[r]] = y[r]
	}
	for i := range m {
		if support&(1<<i) == 0 {
			w := b[i]
			scale := math.Abs(b[i])
			for j := range m {
				w += a[i*m+j] * x[j]
				scale += math.Abs(a[i*m+j] * x[j])
			}
			if w < -1e-12*scale {
				return false
			}
		}
	}
	return true
}

// solve2 solves the 2×2 LCP x ≥ 0, A x + b ≥ 0, x ⊥ A x + b for a symmetric positive
// definite A by trying its four complementary bases in turn (both rows active, the first
// only, the second only, neither), as Box2D's block solver does. It reports false, leaving
// the problem to Lemke's method, when A is singular to 1e-12 or no basis passes (rounding).
func solve2(a, b, x []float64) bool {
	a11, a12, a21, a22 := a[0], a[1], a[2], a[3]
	det := a11*a22 - a12*a21
	if !(det > 1e-12*a11*a22) {
		return false
	}
	if x0, x1 := (a12*b[1]-a22*b[0])/det, (a21*b[0]-a11*b[1])/det; x0 >= 0 && x1 >= 0 {
		x[0], x[1] = x0, x1
		return true
	}
	if x0 := -b[0] / a11; x0 >= 0 && a21*x0+b[1] >= 0 {
		x[0], x[1] = x0, 0
		return true
	}
	if x1 := -b[1] / a22; x1 >= 0 && a12*x1+b[0] >= 0 {
		x[0], x[1] = 0, x1
		return true
	}
	if b[0] >= 0 && b[1] >= 0 {
		x[0], x[1] = 0, 0
		return true
	}
	return false
}

// blockRegularization is added, relative to the largest diagonal entry, to the diagonal of
// a block's Delassus matrix in the plain sweeps, for blocks between two moving bodies.
// Four coplanar contacts make the matrix
// singular and the block's impulses not unique: an exact solver may put a box's weight on
// two diagonal corners, and the friction those corners can hold twists the box. Made
// positive definite, the block spreads the load over its corners. The price is a small
// compliance in the plain sweeps, which the shock sweep (regularized a thousand times less)
// removes. Measured on pyramid20 at 10 sweeps a step (with contact's alternating order):
// the largest move falls from 2.6 to 0.9 cm; a 40-box tower sinks 9 µm instead of 3 µm.
// Not on blocks against the ground: a body on planes alone gets no shock sweep to remove
// the compliance, and a torus in a wedge then gains 2 µJ in a step.
const blockRegularization = 1e-2

// shockRegularization is blockRegularization for the shock sweep's one-sided blocks: just
// enough to make four coplanar contacts solvable as a definite system.
const shockRegularization = 1e-6

// regularize adds eps times the largest diagonal entry to the diagonal of the m×m
// row-major matrix a.
func regularize(a []float64, m int, eps float64) {
	dmax := 0.0
	for i := range m {
		dmax = max(dmax, a[i*m+i])
	}
	for i := range m {
		a[i*m+i] += eps * dmax
	}
}
