package pgs

import (
	"fmt"
	"math"

	"github.com/tumble-physics/tumble/body/rounded"
)

// QP is the Goldfarb–Idnani dual active-set method ("A numerically stable dual method for
// solving strictly convex quadratic programs", Math. Programming 27, 1983), the algorithm of
// QuadProg++ 1.2.1. It minimises
//
//	½ xᵀ G x + g0ᵀ x   subject to   C_i · x ≥ c_i  (i = 0 … m−1)
//
// for symmetric positive definite G. It starts from the unconstrained minimum and adds the
// most violated constraint at a time, dropping active ones whose multiplier would turn
// negative, so every iterate is dual feasible and the last one is also primal feasible. The
// active normals are kept in a factored form J = L⁻ᵀQ, R (Jᵀ N = [R; 0]) updated by Givens
// rotations. A constraint whose normal lies in the span of the active ones (to a relative
// 1e-10 in the G⁻¹ metric: redundant contacts, the four-legged table) is never added: the
// method takes a pure dual step and drops an active one instead, so the active set stays
// linearly independent and the multipliers finite.
//
// As a Solver the variables are the velocities of the bodies with a nonzero Mass block,
// G = blockdiag(Mass), g0 = −M v⁻, and each row k is the constraint J_k · v ≥ Bias_k, with
// fixed bodies' J·v moved into the constant. Only contact normal rows are accepted (Lo = 0,
// Hi = +Inf, no friction link). It writes v⁺ to the free bodies' V (fixed bodies keep
// theirs) and the multipliers, which are the impulses λ (M(v⁺ − v⁻) = Jᵀλ), to p.Lambda.
// The warm start is ignored; Stats.Iterations counts active-set changes. A QP reuses its
// scratch between solves; it is not safe for concurrent use.
type QP struct {
	l, jt, r     []float64 // n×n: Cholesky factor, Jᵀ (J = L⁻ᵀQ, stored by columns), R (upper, iq columns)
	d, z, rr, ua []float64 // n: Jᵀn_p, primal step, dual step, active multipliers
	active       []int     // constraint index of each active position
	span         [][2]int  // per constraint: its nonzero columns lie in [span[0], span[1])
	isActive     []bool    // per constraint
	// The dense QP built from a Problem.
	g, g0, ct, c, x, u []float64
	varOf              []int // per body: offset of its velocity among the variables, −1 if fixed
}

// Solve builds the QP of p, solves it and writes v⁺ and λ into p.
func (q *QP) Solve(p *Problem) (Stats, error) {
	if err := checkNormals(p); err != nil {
		return Stats{}, fmt.Errorf("qp: %w", err)
	}
	d := p.DOF
	if len(p.Mass) != len(p.InvMass) {
		return Stats{}, fmt.Errorf("qp: the QP needs the Mass blocks (have %d numbers for %d bodies)", len(p.Mass), p.Bodies())
	}
	for i := range p.Bodies() {
		if allZero(p.Mass[i*d*d:(i+1)*d*d]) != allZero(p.InvMass[i*d*d:(i+1)*d*d]) {
			return Stats{}, fmt.Errorf("qp: body %d: Mass and InvMass disagree on whether it is fixed (the QP needs Mass)", i)
		}
	}
	n, m := q.build(p)
	steps, err := q.SolveDense(n, m, q.g, q.g0, q.ct, q.c, q.x, q.u)
	if err != nil {
		return Stats{Iterations: steps}, fmt.Errorf("qp: %w", err)
	}
	for body, off := range q.varOf {
		if off >= 0 {
			copy(p.V[body*d:(body+1)*d], q.x[off:off+d])
		}
	}
	copy(p.Lambda, q.u[:m])
	return Stats{Iterations: steps}, nil
}

// build fills the dense QP from p and returns its numbers of variables and constraints.
func (q *QP) build(p *Problem) (n, m int) {
	d, nb := p.DOF, p.Bodies()
	q.varOf = resize(q.varOf, nb)
	for i := range nb {
		q.varOf[i] = -1
		if !allZero(p.Mass[i*d*d : (i+1)*d*d]) {
			q.varOf[i] = n
			n += d
		}
	}
	m = len(p.Rows)
	q.g, q.g0, q.x = resize(q.g, n*n), resize(q.g0, n), resize(q.x, n)
	q.ct, q.c, q.u = resize(q.ct, m*n), resize(q.c, m), resize(q.u, m)
	clear(q.g)
	for i, off := range q.varOf {
		if off < 0 {
			continue
		}
		mass := p.Mass[i*d*d : (i+1)*d*d]
		for r := range d {
			copy(q.g[(off+r)*n+off:(off+r)*n+off+d], mass[r*d:(r+1)*d])
			q.g0[off+r] = -dot(mass[r*d:(r+1)*d], p.V[i*d:(i+1)*d])
		}
	}
	clear(q.ct)
	for k, row := range p.Rows {
		q.c[k] = row.Bias
		for side, body := range [2]int{row.A, row.B} {
			if body < 0 {
				continue
			}
			j := p.J[k*2*d+side*d : k*2*d+(side+1)*d]
			if off := q.varOf[body]; off >= 0 {
				copy(q.ct[k*n+off:k*n+off+d], j)
			} else {
				q.c[k] -= dot(j, p.V[body*d:(body+1)*d])
			}
		}
	}
	return n, m
}

// SolveQP minimises ½ xᵀGx + g0ᵀx subject to C_i · x ≥ c_i, where G is n×n row-major
// symmetric positive definite and row i of the m×n row-major ct is C_i (ct is Cᵀ's
// transpose: one constraint per row). It writes the minimiser to x (n) and the multipliers
// to u (m; 0 for inactive constraints), so that G x + g0 = Σ u_i C_i, u ≥ 0, and returns the
// minimum. It returns an error wrapping ErrNoSolution when the constraints cannot all hold.
func SolveQP(n, m int, g, g0, ct, c, x, u []float64) (float64, error) {
	var q QP
	if _, err := q.SolveDense(n, m, g, g0, ct, c, x, u); err != nil {
		return 0, err
	}
	f := dot(g0[:n], x[:n])
	for i := range n {
		f += float64(0.5 * x[i] * dot(g[i*n:(i+1)*n], x[:n]))
	}
	return f, nil
}

// SolveDense is SolveQP reusing q's scratch; it returns the number of active-set changes.
func (q *QP) SolveDense(n, m int, g, g0, ct, c, x, u []float64) (int, error) {
	q.l, q.jt, q.r = resize(q.l, n*n), resize(q.jt, n*n), resize(q.r, n*n)
	q.d, q.z, q.rr, q.ua = resize(q.d, n), resize(q.z, n), resize(q.rr, n), resize(q.ua, n)
	q.active, q.isActive = q.active[:0], resize(q.isActive, m)
	clear(q.isActive)
	clear(u[:m])
	q.findSpans(n, m, ct)
	if err := cholesky(n, g, q.l); err != nil {
		return 0, err
	}
	q.invert(n)
	// Unconstrained minimum: x = −G⁻¹ g0 = −J Jᵀ g0 (J Jᵀ = G⁻¹ while Q = I).
	for k := range n {
		q.d[k] = -dot(q.col(n, k), g0[:n])
	}
	clear(x[:n])
	for k := range n {
		axpy(x[:n], q.col(n, k), q.d[k])
	}
	steps, limit := 0, 20*(n+m)+100
	for {
		p, sp := q.mostViolated(n, m, ct, c, x)
		if p < 0 {
			break
		}
		lo, hi := q.span[p][0], q.span[p][1]
		np := ct[p*n+lo : p*n+hi] // n_p's nonzero part, columns lo to hi
		uplus := 0.0
		for { // steps 2a–2c until p is added
			if steps++; steps > limit {
				return steps, fmt.Errorf("goldfarb–idnani: no convergence after %d active-set changes", limit)
			}
			dependent := q.directions(n, lo, np)
			iq := len(q.active)
			t1, l := math.Inf(1), -1 // largest dual step keeping the active multipliers ≥ 0
			for k := range iq {
				if q.rr[k] > 0 {
					if tk := q.ua[k] / q.rr[k]; tk < t1 {
						t1, l = tk, k
					}
				}
			}
			t2 := math.Inf(1) // full step: makes constraint p hold with equality
			if !dependent {
				t2 = -sp / dot(q.z[lo:hi], np)
			}
			t := min(t1, t2)
			if math.IsInf(t, 1) {
				return steps, fmt.Errorf("constraint %d cannot hold with the active ones: %w", p, ErrNoSolution)
			}
			for k := range iq {
				q.ua[k] -= float64(t * q.rr[k])
			}
			uplus += t
			if !dependent {
				axpy(x[:n], q.z[:n], t)
			}
			if t == t2 {
				q.add(n, p, uplus)
				break
			}
			q.drop(n, l)
			sp = dot(np, x[lo:hi]) - c[p]
		}
	}
	for k, i := range q.active {
		u[i] = q.ua[k]
	}
	return steps, nil
}

// mostViolated returns the inactive constraint with the smallest slack C_i·x − c_i and that
// slack, or −1 when every slack is ≥ −1e-13 times the constraint's scale (|c_i| + Σ|C_ij x_j|),
// which keeps rounding from re-adding constraints forever.
func (q *QP) mostViolated(n, m int, ct, c, x []float64) (int, float64) {
	best, worst := -1, 0.0
	for i := range m {
		if q.isActive[i] {
			continue
		}
		lo, hi := q.span[i][0], q.span[i][1]
		s, scale := -c[i], math.Abs(c[i])
		for k, v := range ct[i*n+lo : i*n+hi] {
			s += float64(v * x[lo+k])
			scale += math.Abs(v * x[lo+k])
		}
		if s < -1e-13*scale && s < worst {
			best, worst = i, s
		}
	}
	return best, worst
}

// directions computes d = Jᵀ n_p, the primal step z = J₂ d₂ (the part of d beyond the active
// set) and the dual step r = R⁻¹ d₁, and reports whether n_p depends on the active normals.
// np holds n_p's nonzero part, which starts at column lo.
func (q *QP) directions(n, lo int, np []float64) bool {
	iq := len(q.active)
	for k := range n {
		q.d[k] = dot(np, q.col(n, k)[lo:])
	}
	clear(q.z[:n])
	for k := iq; k < n; k++ {
		axpy(q.z[:n], q.col(n, k), q.d[k])
	}
	for i := iq - 1; i >= 0; i-- {
		s := q.d[i]
		for k := i + 1; k < iq; k++ {
			s -= float64(q.r[i*n+k] * q.rr[k])
		}
		q.rr[i] = s / q.r[i*n+i]
	}
	return norm(q.d[iq:n]) <= 1e-10*norm(q.d[:n])
}

// add appends constraint p (with multiplier u) to the active set: Givens rotations fold
// d = Jᵀn_p beyond the active block into d[iq], rotating J's columns alike, and d[:iq+1]
// becomes R's new column.
func (q *QP) add(n, p int, u float64) {
	iq := len(q.active)
	for k := n - 1; k > iq; k-- {
		c, s, h := givens(q.d[k-1], q.d[k])
		if s == 0 {
			continue
		}
		q.d[k-1], q.d[k] = h, 0
		q.rotate(n, k-1, c, s)
	}
	for i := 0; i <= iq; i++ {
		q.r[i*n+iq] = q.d[i]
	}
	q.active = append(q.active, p)
	q.ua[iq] = u
	q.isActive[p] = true
}

// drop removes active position l: R loses column l, and Givens rotations on rows (and J's
// columns) restore its triangular form.
func (q *QP) drop(n, l int) {
	iq := len(q.active)
	q.isActive[q.active[l]] = false
	for k := l; k < iq-1; k++ {
		q.active[k], q.ua[k] = q.active[k+1], q.ua[k+1]
		for i := 0; i <= k+1; i++ {
			q.r[i*n+k] = q.r[i*n+k+1]
		}
	}
	q.active = q.active[:iq-1]
	for k := l; k < iq-1; k++ { // R[k+1, k] is the subdiagonal to remove
		c, s, h := givens(q.r[k*n+k], q.r[(k+1)*n+k])
		if s == 0 {
			continue
		}
		q.r[k*n+k], q.r[(k+1)*n+k] = h, 0
		for col := k + 1; col < iq-1; col++ {
			a, b := q.r[k*n+col], q.r[(k+1)*n+col]
			q.r[k*n+col], q.r[(k+1)*n+col] = float64(c*a)+float64(s*b), float64(-s*a)+float64(c*b)
		}
		q.rotate(n, k, c, s)
	}
}

// findSpans records each constraint's range of nonzero columns: contact rows touch one or two
// bodies, so this skips most of every product with a constraint normal.
func (q *QP) findSpans(n, m int, ct []float64) {
	q.span = resize(q.span, m)
	for i := range m {
		row := ct[i*n : (i+1)*n]
		lo, hi := 0, n
		for lo < hi && row[lo] == 0 {
			lo++
		}
		for hi > lo && row[hi-1] == 0 {
			hi--
		}
		q.span[i] = [2]int{lo, hi}
	}
}

// givens returns c, s, h with h = hypot(a, b), c = a/h, s = b/h (c = 1, s = 0 when b = 0), so
// that the rotation maps (a, b) to (h, 0).
func givens(a, b float64) (c, s, h float64) {
	if b == 0 {
		return 1, 0, a
	}
	h = rounded.Hypot(a, b)
	return a / h, b / h, h
}

// col returns column k of J (row k of the stored Jᵀ, contiguous).
func (q *QP) col(n, k int) []float64 { return q.jt[k*n : (k+1)*n] }

// rotate replaces columns k and k+1 of J by c·J_k + s·J_k+1 and −s·J_k + c·J_k+1.
func (q *QP) rotate(n, k int, c, s float64) {
	a, b := q.col(n, k), q.col(n, k+1)
	for i := range n {
		a[i], b[i] = float64(c*a[i])+float64(s*b[i]), float64(-s*a[i])+float64(c*b[i])
	}
}

// cholesky factors the n×n row-major symmetric g as L Lᵀ into l (lower triangle).
func cholesky(n int, g, l []float64) error {
	clear(l[:n*n])
	for j := range n {
		s := g[j*n+j] - dot(l[j*n:j*n+j], l[j*n:j*n+j])
		if !(s > 0) {
			return fmt.Errorf("G is not positive definite (pivot %d is %g)", j, s)
		}
		l[j*n+j] = math.Sqrt(s)
		for i := j + 1; i < n; i++ {
			l[i*n+j] = (g[i*n+j] - dot(l[i*n:i*n+j], l[j*n:j*n+j])) / l[j*n+j]
		}
	}
	return nil
}

// invert sets J = L⁻ᵀ, that is Jᵀ = L⁻¹ (lower triangular), by forward substitution on
// L X = I one row of X at a time.
func (q *QP) invert(n int) {
	l, x := q.l, q.jt
	clear(x[:n*n])
	for i := range n {
		xi := x[i*n : (i+1)*n]
		xi[i] = 1
		for k := range i { // xi −= l_ik · x_k, then divide by l_ii
			axpy(xi[:k+1], x[k*n:k*n+k+1], -l[i*n+k])
		}
		for c := range i + 1 {
			xi[c] /= l[i*n+i]
		}
	}
}

// norm returns the Euclidean norm of a.
func norm(a []float64) float64 { return math.Sqrt(dot(a, a)) }
