package pgs

import "math"

// DefaultIterations is the number of PGS sweeps per solve when GaussSeidel.Iterations is 0.
// Ten is the project's budget per time step (issue 3): with warm starting from the last
// step's impulses it keeps resting contact quiet at a fixed, predictable cost.
const DefaultIterations = 10

// GaussSeidel is projected Gauss–Seidel with accumulated impulses (Catto, "Iterative Dynamics
// with Temporal Coherence", GDC 2005). It never forms A = J M⁻¹ Jᵀ: per row it keeps
// M⁻¹ J_kᵀ for each body and the diagonal D_k = J_k M⁻¹ J_kᵀ in reusable scratch, and each
// update of row k costs one dot product and one vector update per body. Row by row, body
// widths 6 and 3 run a loop specialised at compile time; other widths, and BlockNormals,
// run the same steps on slices.
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

	rows  []gsRow
	jm    []float64 // per row 4×DOF: J for the first and second body, then M⁻¹Jᵀ for each
	fixed []bool    // per body
	res   []float64
	blocks
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
	s.prepare(p)
	s.warmStart(p)
	n := s.Iterations
	if n <= 0 {
		n = DefaultIterations
	}
	s.res = s.res[:0]
	for range n {
		r := s.sweep(p.DOF, p.V, p.Lambda)
		s.res = append(s.res, r)
		if r <= s.Tolerance {
			break
		}
	}
	return Stats{Iterations: len(s.res), Residuals: s.res}, nil
}

// prepare fills the scratch: fixed flags, folded rows, Jacobians and M⁻¹Jᵀ.
func (s *GaussSeidel) prepare(p *Problem) {
	d, nb := p.DOF, p.Bodies()
	s.fixed = resize(s.fixed, nb)
	for i := range nb {
		s.fixed[i] = allZero(p.InvMass[i*d*d : (i+1)*d*d])
	}
	s.rows = resize(s.rows, len(p.Rows))
	s.jm = resize(s.jm, len(p.Rows)*4*d)
	mul := mulVec
	switch d {
	case 6:
		mul = mulBlock[*[6]float64]
	case 3:
		mul = mulBlock[*[3]float64]
	}
	for k, r := range p.Rows {
		g := gsRow{a: -1, b: -1, bias: r.Bias, lo: r.Lo, hi: r.Hi, normal: r.Normal, mu: r.Mu}
		jk := p.J[k*2*d : (k+1)*2*d]
		jm := s.jm[k*4*d : (k+1)*4*d]
		clear(jm)
		slot := 0 // next free body slot of this row: 0 or 1
		for side, body := range [2]int{r.A, r.B} {
			if body < 0 {
				continue
			}
			j, v := jk[side*d:(side+1)*d], p.V[body*d:(body+1)*d]
			if s.fixed[body] {
				g.bias -= dot(j, v)
				continue
			}
			copy(jm[slot*d:], j)
			mul(jm[(2+slot)*d:(3+slot)*d], p.InvMass[body*d*d:(body+1)*d*d], j)
			g.d += dot(j, jm[(2+slot)*d:(3+slot)*d])
			if slot == 0 {
				g.a = body
			} else {
				g.b = body
			}
			slot++
		}
		if g.d > 0 {
			g.invD = 1 / g.d
		} else {
			g.a, g.b, g.d = -1, -1, 0
		}
		s.rows[k] = g
	}
	if s.BlockNormals {
		s.findBlocks(d)
	}
}

// warmStart clamps the incoming impulses into their bounds and applies them to the velocities.
func (s *GaussSeidel) warmStart(p *Problem) {
	d, lambda := p.DOF, p.Lambda
	for pass := range 2 { // normal and plain rows first, then friction rows
		for k := range s.rows {
			g := &s.rows[k]
			if (g.normal >= 0) != (pass == 1) {
				continue
			}
			lo, hi := g.bounds(lambda)
			if l := lambda[k]; l == l { // a NaN warm start (a caller's bug) starts from 0
				lambda[k] = min(max(l, lo), hi)
			} else {
				lambda[k] = min(max(0, lo), hi)
			}
		}
	}
	for k := range s.rows {
		if s.rows[k].a >= 0 && lambda[k] != 0 {
			s.apply(d, k, p.V, lambda[k])
		}
	}
}

// bounds returns the row's bounds for the current impulses.
func (g *gsRow) bounds(lambda []float64) (lo, hi float64) {
	if g.normal < 0 {
		return g.lo, g.hi
	}
	hi = g.mu * max(lambda[g.normal], 0)
	return -hi, hi
}

// sweep visits every row once and returns the sweep's residual, max D_k·|Δλ_k| in m/s.
func (s *GaussSeidel) sweep(d int, v, lambda []float64) float64 {
	if s.BlockNormals {
		return s.sweepGrouped(d, v, lambda)
	}
	switch d {
	case 6:
		return sweepFixedWidth[*[6]float64](s.rows, s.jm, v, lambda)
	case 3:
		return sweepFixedWidth[*[3]float64](s.rows, s.jm, v, lambda)
	}
	res := 0.0
	for k := range s.rows {
		res = max(res, s.rowStep(d, k, v, lambda))
	}
	return res
}

// rowStep updates row k alone and returns D_k·|Δλ_k|.
func (s *GaussSeidel) rowStep(d, k int, v, lambda []float64) float64 {
	g := &s.rows[k]
	if g.a < 0 {
		return 0
	}
	dl := g.update(lambda, k, s.rowVelocity(d, k, v))
	if dl == 0 {
		return 0
	}
	s.apply(d, k, v, dl)
	return g.d * math.Abs(dl)
}

// rowVelocity returns w_k = J_k·v − bias_k over row k's free bodies.
func (s *GaussSeidel) rowVelocity(d, k int, v []float64) float64 {
	g := &s.rows[k]
	jm := s.jm[k*4*d : (k+1)*4*d]
	w := dot(jm[:d], v[g.a*d:(g.a+1)*d]) - g.bias
	if g.b >= 0 {
		w += dot(jm[d:2*d], v[g.b*d:(g.b+1)*d])
	}
	return w
}

// apply adds M⁻¹J_kᵀ·dl to the velocities of row k's free bodies.
func (s *GaussSeidel) apply(d, k int, v []float64, dl float64) {
	g := &s.rows[k]
	jm := s.jm[k*4*d : (k+1)*4*d]
	axpy(v[g.a*d:(g.a+1)*d], jm[2*d:3*d], dl)
	if g.b >= 0 {
		axpy(v[g.b*d:(g.b+1)*d], jm[3*d:], dl)
	}
}

// sweepFixedWidth is sweep for a body block width known at compile time (6 in 3D, 3 in 2D),
// so that the per-body loops are unrolled and free of bounds checks.
func sweepFixedWidth[P *[6]float64 | *[3]float64](rows []gsRow, jmAll, v, lambda []float64) float64 {
	d := len(P(nil))
	res := 0.0
	for k := range rows {
		g := &rows[k]
		if g.a < 0 {
			continue
		}
		jm := jmAll[k*4*d : (k+1)*4*d]
		ja, jb, ma, mb := P(jm[:d]), P(jm[d:2*d]), P(jm[2*d:3*d]), P(jm[3*d:])
		va := P(v[g.a*d:])
		w := dotBlock(ja, va) - g.bias
		var vb P
		if g.b >= 0 {
			vb = P(v[g.b*d:])
			w += dotBlock(jb, vb)
		}
		dl := g.update(lambda, k, w)
		if dl == 0 {
			continue
		}
		res = max(res, g.d*math.Abs(dl))
		for i := range d {
			va[i] += ma[i] * dl
		}
		if vb != nil {
			for i := range d {
				vb[i] += mb[i] * dl
			}
		}
	}
	return res
}

// dotBlock returns a · b for one body block, summing the two halves (linear and angular in
// 3D) as separate chains: the sum sits on the dependency chain from one row's velocity
// update to the next row, so its depth matters more than its operation count (measured: 6%
// faster per row than one chain).
func dotBlock[P *[6]float64 | *[3]float64](a, b P) float64 {
	h := len(a) / 2
	s0, s1 := 0.0, 0.0
	for i := range h {
		s0 += a[i] * b[i]
		s1 += a[h+i] * b[h+i]
	}
	if len(a)%2 == 1 {
		s0 += a[len(a)-1] * b[len(a)-1]
	}
	return s0 + s1
}

// mulBlock is mulVec for a block width known at compile time.
func mulBlock[P *[6]float64 | *[3]float64](dst, m, x []float64) {
	d := len(P(nil))
	xb, out := P(x), P(dst)
	for r := range d {
		out[r] = dotBlock(P(m[r*d:]), xb)
	}
}

// update sets λ_k to its projected Gauss–Seidel value for relative velocity w and returns
// the change.
func (g *gsRow) update(lambda []float64, k int, w float64) float64 {
	lo, hi := g.bounds(lambda)
	old := lambda[k]
	// Compare and branch rather than min/max: the branches are well predicted and keep the
	// clamp off the dependency chain from one row's velocity update to the next row.
	l := old - w*g.invD
	if l < lo {
		l = lo
	} else if l > hi {
		l = hi
	}
	lambda[k] = l
	return l - old
}

// resize returns s with length n, reusing its storage when large enough.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// allZero reports whether every number in a is 0.
func allZero(a []float64) bool {
	for _, x := range a {
		if x != 0 {
			return false
		}
	}
	return true
}

// mulVec sets dst = M x for a len(x)×len(x) row-major block M.
func mulVec(dst, m, x []float64) {
	d := len(x)
	for r := range d {
		dst[r] = dot(m[r*d:(r+1)*d], x)
	}
}

// axpy adds a·x to y.
func axpy(y, x []float64, a float64) {
	for i, xi := range x {
		y[i] += a * xi
	}
}
