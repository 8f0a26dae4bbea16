package pgs

import "math"

// DefaultIterations is the number of PGS sweeps per solve when GaussSeidel.Iterations is 0.
// Ten is the project's budget per time step (issue 3): with warm starting from the last
// step's impulses it keeps resting contact quiet at a fixed, predictable cost.
const DefaultIterations = 10

// GaussSeidel is projected Gauss–Seidel with accumulated impulses (Catto, "Iterative Dynamics
// with Temporal Coherence", GDC 2005). It never forms A = J M⁻¹ Jᵀ: per row it keeps
// M⁻¹ J_kᵀ for each body and the diagonal D_k = J_k M⁻¹ J_kᵀ in reusable scratch, and each
// update of row k costs two dot products and two vector updates per body.
//
// On entry p.Lambda is the warm start: each λ_k is clamped into its bounds (normal rows
// first, so friction rows see their clamped normal) and M⁻¹Jᵀλ is added to p.V. Each sweep
// then visits the rows in the caller's order and sets
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

	rows  []gsRow
	jm    []float64 // per row 4×DOF: J for the first and second body, then M⁻¹Jᵀ for each
	fixed []bool    // per body
	res   []float64
}

// gsRow is a row with its fixed bodies folded away: a and b are free bodies (b = −1 when
// absent), bias includes the fixed bodies' J·v.
type gsRow struct {
	a, b    int
	bias, d float64 // d: effective inverse mass J M⁻¹ Jᵀ
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
			mulVec(jm[(2+slot)*d:(3+slot)*d], p.InvMass[body*d*d:(body+1)*d*d], j)
			g.d += dot(j, jm[(2+slot)*d:(3+slot)*d])
			if slot == 0 {
				g.a = body
			} else {
				g.b = body
			}
			slot++
		}
		if !(g.d > 0) {
			g.a, g.b, g.d = -1, -1, 0
		}
		s.rows[k] = g
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
			lambda[k] = min(max(lambda[k], lo), hi)
		}
	}
	for k := range s.rows {
		g := &s.rows[k]
		if g.a < 0 || lambda[k] == 0 {
			continue
		}
		jm := s.jm[k*4*d : (k+1)*4*d]
		axpy(p.V[g.a*d:(g.a+1)*d], jm[2*d:3*d], lambda[k])
		if g.b >= 0 {
			axpy(p.V[g.b*d:(g.b+1)*d], jm[3*d:], lambda[k])
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
	res := 0.0
	for k := range s.rows {
		g := &s.rows[k]
		if g.a < 0 {
			continue
		}
		jm := s.jm[k*4*d : (k+1)*4*d]
		va := v[g.a*d : (g.a+1)*d]
		w := dot(jm[:d], va) - g.bias
		var vb []float64
		if g.b >= 0 {
			vb = v[g.b*d : (g.b+1)*d]
			w += dot(jm[d:2*d], vb)
		}
		dl := g.update(lambda, k, w)
		if dl == 0 {
			continue
		}
		res = max(res, g.d*math.Abs(dl))
		axpy(va, jm[2*d:3*d], dl)
		if vb != nil {
			axpy(vb, jm[3*d:], dl)
		}
	}
	return res
}

// update sets λ_k to its projected Gauss–Seidel value for relative velocity w and returns
// the change.
func (g *gsRow) update(lambda []float64, k int, w float64) float64 {
	lo, hi := g.bounds(lambda)
	old := lambda[k]
	l := min(max(old-w/g.d, lo), hi)
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
