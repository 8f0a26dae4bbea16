package pgs

import (
	"math"
	"slices"
)

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
	blockLen []int         // per row: rows in the block starting here (1: a single row), 0 inside one
	block    []normalBlock // per block, in row order
	blockA   []float64     // the blocks' Delassus matrices, m×m row-major each
	lcp      LCP
	bb, bx   [MaxBlock]float64 // b' and the block's solution
	shockLU  SupportLU         // for the shock sweep's blocks, whose matrices serve one visit
}

// normalBlock is one block's state over the sweeps of a solve.
type normalBlock struct {
	off     int       // offset of A_blk in blockA
	support uint8     // rows with λ > 0 at the last visit (bit i: row i)
	lu      SupportLU // A_SS factored for the support last tried
}

// findBlocks marks the blocks and computes their Delassus matrices; s.rows and s.jm must be
// ready.
func findBlocks[P block](s *GaussSeidel, d int) {
	n := len(s.rows)
	s.blockLen = resize(s.blockLen, n)
	s.block = s.block[:0]
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
			off := len(s.blockA)
			// Resting contact: every row pushes.
			s.block = append(s.block, normalBlock{off: off, support: 1<<m - 1})
			s.blockA = slices.Grow(s.blockA, m*m)[:off+m*m]
			delassus[P](s, d, k, m, -1, s.blockA[off:])
			if s.rows[k].b >= 0 { // between two moving bodies only: see blockRegularization
				Regularize(s.blockA[off:], m, blockRegularization)
			}
		}
		k += m
	}
}

// delassus sets a (m×m row-major) to the Delassus matrix J M⁻¹ Jᵀ of the m rows from k,
// which share their body slots: entry (i, j) is J_i · M⁻¹J_jᵀ over both slots in one chain
// (an absent second body's slot is zero), or over the one slot free (0 or 1) alone when
// free ≥ 0 (the shock sweep's one-sided matrix).
func delassus[P block](s *GaussSeidel, d, k, m, free int, a []float64) {
	a = a[:m*m]
	if is6[P]() {
		for i := range m {
			ji := rowJM6(s.jm, k+i)
			for j := range m {
				mj := rowJM6(s.jm, k+j)
				switch free {
				case -1:
					a[i*m+j] = dot6From(dot6(part6(ji, 0), part6(mj, 2)), part6(ji, 1), part6(mj, 3))
				case 0:
					a[i*m+j] = dot6(part6(ji, 0), part6(mj, 2))
				default:
					a[i*m+j] = dot6(part6(ji, 1), part6(mj, 3))
				}
			}
		}
		return
	}
	for i := range m {
		for j := range m {
			ji, mj := s.jm[(k+i)*4*d:], s.jm[(k+j)*4*d:]
			if free >= 0 {
				a[i*m+j] = dotChain(at[P](ji, free, d), at[P](mj, 2+free, d))
				continue
			}
			a[i*m+j] = dotFrom(dotChain(at[P](ji, 0, d), at[P](mj, 2, d)), at[P](ji, 1, d), at[P](mj, 3, d))
		}
	}
}

// blockable reports whether row k can join a block: an active contact normal row.
func (s *GaussSeidel) blockable(k int) bool {
	g := &s.rows[k]
	return g.a >= 0 && g.normal < 0 && g.lo == 0 && math.IsInf(g.hi, 1)
}

// blockStep solves the m-row block starting at row k (block blk) exactly and returns
// max D_k·|Δλ_k|.
func blockStep[P block](s *GaussSeidel, d, k, m int, blk *normalBlock, v, lambda []float64) float64 {
	return solveRows[P](s, d, k, m, blk, &blk.lu, s.blockA[blk.off:blk.off+m*m], false, v, lambda)
}

// solveRows solves the m rows from k (block blk) together with their Delassus matrix a,
// whose support factorization lu keeps: exactly when the block LCP has a solution, else row
// by row. In a shock sweep (shock.go) a is one-sided and only the free body moves.
func solveRows[P block](s *GaussSeidel, d, k, m int, blk *normalBlock, lu *SupportLU, a []float64, shock bool, v, lambda []float64) float64 {
	b, x := s.bb[:m], s.bx[:m]
	blockRHS[P](s, d, k, a, v, lambda, b)
	res := 0.0
	if !s.solveBlock(blk, lu, m, a, b, x) {
		for i := range m {
			if shock {
				res = max(res, shockRowStep[P](s, d, k+i, v, lambda))
			} else {
				res = max(res, rowStep[P](s, d, k+i, v, lambda))
			}
		}
		return res
	}
	return blockApply[P](s, d, k, x, shock, v, lambda)
}

// blockRHS sets b to b' = w − A_blk λ for the len(b) rows of the block at k with Delassus
// matrix a, w_i being row k+i's relative velocity (rowVelocity; the rows share their
// bodies).
func blockRHS[P block](s *GaussSeidel, d, k int, a, v, lambda, b []float64) {
	m := len(b)
	l := lambda[k : k+m]
	g := &s.rows[k]
	var va, vb *[6]float64
	if is6[P]() {
		va = body6(v, g.a)
		if g.b >= 0 {
			vb = body6(v, g.b)
		}
	}
	for i := range b {
		var w float64
		if is6[P]() {
			jm := rowJM6(s.jm, k+i)
			w = dot6(part6(jm, 0), va) - s.rows[k+i].bias
			if vb != nil {
				w += dot6(part6(jm, 1), vb)
			}
		} else {
			w = rowVelocity[P](&s.rows[k+i], s.jm[(k+i)*4*d:], d, v)
		}
		ai, al := a[i*m:i*m+m], 0.0 // dot(a_i, λ)
		for j, lj := range l {
			al += float64(ai[j] * lj)
		}
		b[i] = w - al
	}
}

// blockApply sets the impulses of the len(x) rows of the block at k to x, applies the
// changes to the velocities (in a shock sweep, of the free body only) row by row, and
// returns max D_k·|Δλ_k|.
func blockApply[P block](s *GaussSeidel, d, k int, x []float64, shock bool, v, lambda []float64) float64 {
	g := &s.rows[k]
	moveA, moveB := true, g.b >= 0
	if shock {
		moveA, moveB = s.shock[k].frozen != 0, moveB && s.shock[k].frozen != 1
	}
	var va, vb *[6]float64 // the moving bodies, at width 6
	if is6[P]() {
		if moveA {
			va = body6(v, g.a)
		}
		if moveB {
			vb = body6(v, g.b)
		}
	}
	res := 0.0
	for i, xi := range x {
		dl := xi - lambda[k+i]
		if dl == 0 {
			continue
		}
		lambda[k+i] = xi
		if is6[P]() {
			jm := rowJM6(s.jm, k+i)
			if va != nil {
				axpy6(va, part6(jm, 2), dl)
			}
			if vb != nil {
				axpy6(vb, part6(jm, 3), dl)
			}
		} else {
			applyTo[P](g, s.jm[(k+i)*4*d:], d, v, dl, moveA, moveB)
		}
		dk := s.rows[k+i].d
		if shock {
			dk = s.shock[k+i].d
		}
		res = max(res, dk*math.Abs(dl))
	}
	return res
}

// solveBlock solves the LCP of the m-row block blk with matrix a into x (SolveBlock, with
// blk's support) and reports false when it has none.
func (s *GaussSeidel) solveBlock(blk *normalBlock, lu *SupportLU, m int, a, b, x []float64) bool {
	return SolveBlock(&s.lcp, &blk.support, lu, m, a, b, x)
}

// SolveBlock solves the LCP x ≥ 0, A x + b ≥ 0, x ⊥ A x + b of a block of m ≤ MaxBlock
// contact normal rows into x, with A the block's m×m row-major Delassus matrix a, and
// reports false when it has none. Two rows go to a closed form that tries the four
// complementary bases (Box2D's block solver); larger blocks first try *support, the rows
// that pushed at the block's last solution, which rarely changes from one sweep to the next
// once a stack settles (lu keeps A's factorization on that support between calls while A
// stays the same: Invalidate it when A changes), and only then Lemke's method (lcp's
// scratch), whose support is stored in *support for the next call.
func SolveBlock(lcp *LCP, support *uint8, lu *SupportLU, m int, a, b, x []float64) bool {
	if m == 2 && solve2(a, b, x) {
		return true
	}
	if m > 2 && trySupport(lu, *support, m, a, b, x) {
		return true
	}
	if _, err := lcp.SolveDense(m, a, b, x); err != nil {
		return false
	}
	*support = 0
	for i := range m {
		if x[i] > 0 {
			*support |= 1 << i
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
	det := float64(a11*a22) - float64(a12*a21)
	if !(det > 1e-12*a11*a22) {
		return false
	}
	if x0, x1 := (float64(a12*b[1])-float64(a22*b[0]))/det, (float64(a21*b[0])-float64(a11*b[1]))/det; x0 >= 0 && x1 >= 0 {
		x[0], x[1] = x0, x1
		return true
	}
	if x0 := -b[0] / a11; x0 >= 0 && float64(a21*x0)+b[1] >= 0 {
		x[0], x[1] = x0, 0
		return true
	}
	if x1 := -b[1] / a22; x1 >= 0 && float64(a12*x1)+b[0] >= 0 {
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

// Regularize adds eps times the largest diagonal entry to the diagonal of the m×m
// row-major matrix a: a block's Delassus matrix made positive definite.
func Regularize(a []float64, m int, eps float64) {
	dmax := 0.0
	for i := range m {
		dmax = max(dmax, a[i*m+i])
	}
	for i := range m {
		a[i*m+i] += float64(eps * dmax)
	}
}
