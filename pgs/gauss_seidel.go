package pgs

import (
	"fmt"
	"math"
	"slices"
)

// DefaultIterations is the number of PGS sweeps per solve when GaussSeidel.Iterations is 0.
// Ten is the project's budget per time step (issue 3): with warm starting from the last
// step's impulses it keeps resting contact quiet at a fixed, predictable cost.
const DefaultIterations = 10

// GaussSeidel is projected Gauss–Seidel with accumulated impulses (Catto, "Iterative Dynamics
// with Temporal Coherence", GDC 2005). It never forms A = J M⁻¹ Jᵀ: per row it keeps
// M⁻¹ J_kᵀ for each body and the diagonal D_k = J_k M⁻¹ J_kᵀ in reusable scratch, and each
// update of row k costs one dot product and one vector update per body. Every step runs on
// per-width kernels (kernels.go): body widths 6 and 3 compiled for their width, others on
// slices, all in the same order of operations, so that the results are the same to the bit
// whatever the width's code path (docs/contact.md, "Solver speed").
//
// On entry p.Lambda is the warm start: each λ_k is clamped into its bounds (normal rows
// first, so friction rows see their clamped normal; NaN counts as 0) and M⁻¹Jᵀλ is added
// to p.V. Each sweep then visits the rows in the caller's order and sets
//
//	λ_k ← clamp(λ_k − w_k / D_k, lo_k, hi_k)
//
// on the total impulse (not on the increment), with friction bounds ±Mu·λ_Normal taken from
// the current normal impulse, and applies the change to the velocities at once.
//
// The residual of a sweep, Stats.Residuals[i] in m/s, is max_k D_k·|Δλ_k| over that sweep:
// the largest change the sweep made to any row's relative velocity. Since Δλ_k is the scaled
// natural residual of row k (see Problem.Residual) at the moment the row is visited, it is 0
// exactly when the impulses already solve the problem, and a sweep with residual 0 leaves
// everything unchanged.
//
// Fixed bodies (all-zero InvMass block) keep their velocities; their J·v moves into the row's
// bias. Rows whose D_k is 0 (both bodies fixed, or a zero Jacobian) are left alone. After the
// first solve of a given size a GaussSeidel allocates nothing. It is not safe for concurrent
// use; give each goroutine its own.
type GaussSeidel struct {
	// Iterations is the number of sweeps per solve; 0 means DefaultIterations.
	Iterations int
	// Tolerance stops the sweeps early once a sweep's residual is ≤ Tolerance (m/s). The
	// default 0 runs every sweep unless one changes nothing, which keeps the cost fixed.
	Tolerance float64
	// BlockNormals solves each run of consecutive contact normal rows on the same two bodies
	// (a contact manifold laid out as its normal rows in a row, up to MaxBlock) as one small
	// exact LCP per visit instead of row by row: Box2D's block solver, generalised from two
	// rows (closed form) to four (Lemke's method, which copes with four coplanar contacts).
	// Off by default: it costs more per row (about 1.6× in 3D, 1.3× in 2D), and pays on
	// stacks, where single-row updates of a manifold's corners rock the boxes and make
	// their friction fight (a 2D tower of ten with friction settles in 46 warm-started steps
	// instead of 2181).
	BlockNormals bool
	// Shock makes a sweep near the end a shock-propagation sweep when the Problem has a
	// Level per body (see shock.go): each row moves only its body of the higher level. Off by
	// default. When the sweeps stop early on Tolerance the shock sweep is not run: the plain
	// sweeps have converged.
	Shock bool
	// PlainAfterShock is the number of plain sweeps after the shock sweep (0: the shock sweep
	// is the last), as many as the sweeps leave room for. Plain sweeps after it give every row
	// back its two bodies, whose velocities the shock sweep changed one side at a time.
	PlainAfterShock int

	rows  []gsRow
	jm    []float64   // per row 4×DOF: J for the first and second body, then M⁻¹Jᵀ for each
	shape []massShape // per body
	res   []float64
	blocks
	shock  []shockRow
	shockL []float64 // the shock sweep's impulses
	shockA []float64 // the blocks' one-sided Delassus matrices, in block order
}

// gsRow is a row with its fixed bodies folded away: a and b are free bodies (b = −1 when
// absent), bias includes the fixed bodies' J·v.
type gsRow struct {
	a, b    int
	bias    float64
	d, invD float64 // effective inverse mass J M⁻¹ Jᵀ and its inverse
	lo, hi  float64
	normal  int
	mu      float64
}

// Solve runs the sweeps on p, writing the impulses to p.Lambda and v⁺ to p.V.
func (s *GaussSeidel) Solve(p *Problem) (Stats, error) {
	if err := p.Validate(); err != nil {
		return Stats{}, err
	}
	if s.PlainAfterShock < 0 {
		return Stats{}, fmt.Errorf("pgs: PlainAfterShock %d must be 0 or more", s.PlainAfterShock)
	}
	switch p.DOF {
	case 6:
		solveWidth[*[6]float64](s, p)
	case 3:
		solveWidth[*[3]float64](s, p)
	default:
		solveWidth[[]float64](s, p)
	}
	return Stats{Iterations: len(s.res), Residuals: s.res}, nil
}

// solveWidth is Solve for body blocks of type P.
func solveWidth[P block](s *GaussSeidel, p *Problem) {
	prepare[P](s, p)
	warmStart[P](s, p)
	n := s.Iterations
	if n <= 0 {
		n = DefaultIterations
	}
	s.res = s.res[:0]
	shock := s.Shock && len(p.Level) == p.Bodies()
	for i := range n {
		// The shock data is built only by a solve that reaches its shock sweep: most stop
		// early on Tolerance.
		if shock && i == n-1-min(s.PlainAfterShock, n-1) && prepareShock[P](s, p) {
			s.res = append(s.res, shockSweep[P](s, p.DOF, p.V, p.Lambda))
			continue
		}
		r := sweep[P](s, p.DOF, p.V, p.Lambda)
		s.res = append(s.res, r)
		if r <= s.Tolerance {
			break
		}
	}
}

// prepare fills the scratch in one pass over the bodies and one over the rows: mass shapes,
// folded rows, Jacobians and M⁻¹Jᵀ.
func prepare[P block](s *GaussSeidel, p *Problem) {
	d, nb := p.DOF, p.Bodies()
	s.shape = resize(s.shape, nb)
	for i := range nb {
		s.shape[i] = shapeOf(p.InvMass[i*d*d:(i+1)*d*d], d)
	}
	s.rows, s.jm = resize(s.rows, len(p.Rows)), resize(s.jm, len(p.Rows)*4*d)
	for k := range p.Rows {
		r := &p.Rows[k]
		g := gsRow{a: -1, b: -1, bias: foldedBias[P](s, p, k), lo: r.Lo, hi: r.Hi, normal: r.Normal, mu: r.Mu}
		jm := s.jm[k*4*d : (k+1)*4*d]
		slot := 0 // next free body slot of this row: 0 or 1
		for side, body := range [2]int{r.A, r.B} {
			if body < 0 || s.shape[body] == fixedMass {
				continue
			}
			j := at[P](p.J, 2*k+side, d)
			mj, js := at[P](jm, 2+slot, d), at[P](jm, slot, d)
			for i := range len(j) {
				js[i] = j[i]
			}
			mulInv(mj, p.InvMass[body*d*d:(body+1)*d*d], j, s.shape[body])
			g.d += dotChain(j, mj)
			if slot == 0 {
				g.a = body
			} else {
				g.b = body
			}
			slot++
		}
		for ; slot < 2; slot++ { // an absent body's slots are zero
			js, mj := at[P](jm, slot, d), at[P](jm, 2+slot, d)
			for i := range len(js) {
				js[i], mj[i] = 0, 0
			}
		}
		if g.d > 0 {
			g.invD = 1 / g.d
		} else {
			g.a, g.b, g.d = -1, -1, 0
		}
		s.rows[k] = g
	}
	if s.BlockNormals {
		findBlocks[P](s, d)
	}
}

// foldedBias returns row k's bias less the J·v of its fixed bodies, whose velocities the
// solve never changes.
func foldedBias[P block](s *GaussSeidel, p *Problem, k int) float64 {
	d, r := p.DOF, &p.Rows[k]
	bias := r.Bias
	for side, body := range [2]int{r.A, r.B} {
		if body >= 0 && s.shape[body] == fixedMass {
			bias -= dotChain(at[P](p.J, 2*k+side, d), at[P](p.V, body, d))
		}
	}
	return bias
}

// warmStart clamps the incoming impulses into their bounds and applies them to the velocities,
// in row order. The normal and plain rows are clamped first, so that the friction rows,
// clamped on the second pass just before their impulses are applied, see their normal's
// clamped impulse.
func warmStart[P block](s *GaussSeidel, p *Problem) {
	d, lambda := p.DOF, p.Lambda
	for k := range s.rows {
		if g := &s.rows[k]; g.normal < 0 {
			lambda[k] = g.clamp(lambda[k], lambda)
		}
	}
	for k := range s.rows {
		g := &s.rows[k]
		if g.normal >= 0 {
			lambda[k] = g.clamp(lambda[k], lambda)
		}
		if g.a >= 0 && lambda[k] != 0 {
			apply[P](g, s.jm[k*4*d:(k+1)*4*d], d, p.V, lambda[k])
		}
	}
}

// clamp returns the warm start l clamped into the row's bounds; a NaN warm start (a
// caller's bug) starts from 0.
func (g *gsRow) clamp(l float64, lambda []float64) float64 {
	lo, hi := g.bounds(lambda)
	if l != l {
		l = 0
	}
	return min(max(l, lo), hi)
}

// bounds returns the row's bounds for the current impulses.
func (g *gsRow) bounds(lambda []float64) (lo, hi float64) {
	if g.normal < 0 {
		return g.lo, g.hi
	}
	hi = g.mu * max(lambda[g.normal], 0)
	return -hi, hi
}

// sweep visits every row once and returns the sweep's residual, max D_k·|Δλ_k| in m/s. The
// single rows' step is written out in the loop (rowStep's work, with the plain sweep's dot
// products; with blocks in 3D, on the width-6 kernels): a call per row costs more than its
// arithmetic.
func sweep[P block](s *GaussSeidel, d int, v, lambda []float64) float64 {
	if n := len(P(nil)); n > 0 {
		d = n
	}
	// The plain sweep sums with dotBlock at the fixed widths; every other case in one chain.
	split := !s.BlockNormals && fixedWidth[P]()
	rows, jmAll, blockLen := s.rows, s.jm, s.blockLen
	res, blk := 0.0, 0
	for k := 0; k < len(rows); k++ {
		if s.BlockNormals {
			if m := blockLen[k]; m > 1 {
				res = max(res, blockStep[P](s, d, k, m, &s.block[blk], v, lambda))
				blk++
				k += m - 1
				continue
			}
		}
		g := &rows[k]
		if g.a < 0 {
			continue
		}
		if is6[P]() && !split {
			jm := rowJM6(jmAll, k)
			va, vb := body6(v, g.a), (*[6]float64)(nil)
			w := dot6(part6(jm, 0), va) - g.bias
			if g.b >= 0 {
				vb = body6(v, g.b)
				w += dot6(part6(jm, 1), vb)
			}
			if dl := g.update(lambda, k, w); dl != 0 {
				res = max(res, g.d*math.Abs(dl))
				axpy6(va, part6(jm, 2), dl)
				if vb != nil {
					axpy6(vb, part6(jm, 3), dl)
				}
			}
			continue
		}
		jm := jmAll[k*4*d : (k+1)*4*d]
		ja, jb, ma, mb := P(jm[:d]), P(jm[d:2*d]), P(jm[2*d:3*d]), P(jm[3*d:])
		va := at[P](v, g.a, d)
		var w float64
		if split {
			w = dotBlock(ja, va) - g.bias
		} else {
			w = dotChain(ja, va) - g.bias
		}
		var vb P
		if g.b >= 0 {
			vb = at[P](v, g.b, d)
			if split {
				w += dotBlock(jb, vb)
			} else {
				w += dotChain(jb, vb)
			}
		}
		if dl := g.update(lambda, k, w); dl != 0 {
			res = max(res, g.d*math.Abs(dl))
			axpyBlock(va, ma, dl)
			if vb != nil {
				axpyBlock(vb, mb, dl)
			}
		}
	}
	return res
}

// rowStep updates row k alone and returns D_k·|Δλ_k|.
func rowStep[P block](s *GaussSeidel, d, k int, v, lambda []float64) float64 {
	g := &s.rows[k]
	if g.a < 0 {
		return 0
	}
	jm := s.jm[k*4*d : (k+1)*4*d]
	return step[P](g, jm, d, k, v, lambda, rowVelocity[P](g, jm, d, v))
}

// step sets λ_k for relative velocity w, applies the change to the velocities of row k
// (with its J and M⁻¹Jᵀ in jm) and returns D_k·|Δλ_k|.
func step[P block](g *gsRow, jm []float64, d, k int, v, lambda []float64, w float64) float64 {
	dl := g.update(lambda, k, w)
	if dl == 0 {
		return 0
	}
	apply[P](g, jm, d, v, dl)
	return g.d * math.Abs(dl)
}

// rowVelocity returns w_k = J_k·v − bias_k over the free bodies of row g (J and M⁻¹Jᵀ in
// jm), each dot product in one chain (the order of the block and shock sweeps).
func rowVelocity[P block](g *gsRow, jm []float64, d int, v []float64) float64 {
	if is6[P]() {
		jm := rowJM6(jm, 0)
		w := dot6(part6(jm, 0), body6(v, g.a)) - g.bias
		if g.b >= 0 {
			w += dot6(part6(jm, 1), body6(v, g.b))
		}
		return w
	}
	w := dotChain(at[P](jm, 0, d), at[P](v, g.a, d)) - g.bias
	if g.b >= 0 {
		w += dotChain(at[P](jm, 1, d), at[P](v, g.b, d))
	}
	return w
}

// apply adds M⁻¹J_kᵀ·dl to the velocities of the free bodies of row g (J and M⁻¹Jᵀ in jm).
func apply[P block](g *gsRow, jm []float64, d int, v []float64, dl float64) {
	applyTo[P](g, jm, d, v, dl, true, g.b >= 0)
}

// applyTo is apply to body A only when moveA and to body B only when moveB.
func applyTo[P block](g *gsRow, jm []float64, d int, v []float64, dl float64, moveA, moveB bool) {
	if is6[P]() {
		jm := rowJM6(jm, 0)
		if moveA {
			axpy6(body6(v, g.a), part6(jm, 2), dl)
		}
		if moveB {
			axpy6(body6(v, g.b), part6(jm, 3), dl)
		}
		return
	}
	if moveA {
		axpyBlock(at[P](v, g.a, d), at[P](jm, 2, d), dl)
	}
	if moveB {
		axpyBlock(at[P](v, g.b, d), at[P](jm, 3, d), dl)
	}
}

// update sets λ_k to its projected Gauss–Seidel value for relative velocity w and returns
// the change.
func (g *gsRow) update(lambda []float64, k int, w float64) float64 {
	lo, hi := g.bounds(lambda)
	old := lambda[k]
	// Compare and branch rather than min/max: the branches are well predicted and keep the
	// clamp off the dependency chain from one row's velocity update to the next row.
	l := old - float64(w*g.invD)
	if l < lo {
		l = lo
	} else if l > hi {
		l = hi
	}
	lambda[k] = l
	return l - old
}

// resize returns s with length n, reusing its storage when large enough and otherwise
// growing it by append's rule, with room to spare: a pile whose contacts grow step by step
// reallocates (and zeroes) megabytes a few times, not every step.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return slices.Grow(s[:0], n)[:n]
	}
	return s[:n]
}
