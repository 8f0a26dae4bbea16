// Package pgs holds the velocity-level contact solvers that the 3D and the 2D modes share: a
// Problem of constraint rows over rigid bodies, and interchangeable Solvers for it (projected
// Gauss–Seidel, a pivoting LCP solver and a Goldfarb–Idnani QP), one file each.
//
// For every row k the solvers look for impulses λ and post-solve velocities v⁺ with
//
//	w_k = J_k · v⁺ − Bias_k,   v⁺ = v + M⁻¹ Jᵀ λ,
//	Lo_k ≤ λ_k ≤ Hi_k,  λ_k = Lo_k ⇒ w_k ≥ 0,  λ_k = Hi_k ⇒ w_k ≤ 0,  otherwise w_k = 0.
//
// A friction row (Normal ≥ 0) has the bounds ±Mu·λ_Normal instead of Lo and Hi. Units are SI:
// a body's velocity block is DOF wide (6 in 3D: linear velocity in m/s then angular velocity
// in rad/s, world frame; 3 in 2D: vx, vy in m/s, ω in rad/s), λ is an impulse (N·s for a
// row whose Jacobian is a unit direction on a linear velocity) and w, Bias are velocities.
package pgs

import (
	"errors"
	"fmt"
	"math"
)

// Problem is one velocity-level solve: bodies (mass blocks and velocities) and constraint
// rows (Jacobian blocks, bias, bounds), stored flat so the solvers run without allocating.
// Build it with Reset, AddBody and AddRow, which reuse the slices' storage from the last
// step; the fields may also be filled directly as long as the lengths below hold.
type Problem struct {
	// DOF is the width of one body's velocity block: 6 in 3D (v then ω), 3 in 2D (vx, vy, ω).
	DOF int
	// Mass holds per body a DOF×DOF row-major mass block (kg, and kg·m² for the rotational
	// part, world frame); all zeros for a fixed body. Only the QP reads it: for the other
	// solvers it may be left empty.
	Mass []float64
	// InvMass holds per body the DOF×DOF row-major inverse of its Mass block; all zeros for a
	// fixed (infinitely heavy) body, whose velocity the solvers then never change.
	InvMass []float64
	// V holds per body DOF velocities: v before the solve on entry, v⁺ on exit.
	V []float64
	// Rows are the constraint rows, in the order the caller wants them swept.
	Rows []Row
	// J holds per row 2×DOF numbers: the Jacobian block for body A, then the one for body B
	// (zeros when B = −1). w_k = J_k,A · v_A + J_k,B · v_B − Bias_k.
	J []float64
	// Lambda holds per row the impulse: on entry the warm start (read by PGS, ignored by the
	// exact solvers), on exit the solution.
	Lambda []float64
	// Level optionally gives per body its level in the contact graph (0 for a body on the
	// ground, one more per body stacked in between); only GaussSeidel.Shock reads it. Leave
	// it empty otherwise.
	Level []int
}

// Row is one scalar constraint between body A and body B (or body A and the fixed world when
// B = −1).
type Row struct {
	// A and B index the bodies; B = −1 for a row on one body only.
	A, B int
	// Bias is the target of J·v⁺ in m/s: 0 for plain non-penetration, −e·(J·v⁻) for
	// restitution e, a positive separation speed for drift correction.
	Bias float64
	// Lo and Hi bound λ: 0 and +Inf for a contact normal, −Inf and +Inf for an equality
	// (joint) row. Ignored for friction rows.
	Lo, Hi float64
	// Normal is, for a friction row, the index of its normal row, whose impulse bounds this
	// one to ±Mu·λ_Normal; −1 for every other row.
	Normal int
	// Mu is the Coulomb friction coefficient of a friction row (≥ 0); unused otherwise.
	Mu float64
}

// Stats reports how a solve went.
type Stats struct {
	// Iterations is the number of sweeps (PGS) or pivots (LCP, QP active-set changes) done.
	Iterations int
	// Residuals holds one residual per PGS sweep, in m/s (see GaussSeidel for the exact
	// definition); empty for the exact solvers. The slice belongs to the solver and is
	// overwritten by its next Solve: copy it to keep it.
	Residuals []float64
}

// Solver solves a Problem in place: it writes the impulses to p.Lambda and v⁺ to p.V.
type Solver interface {
	Solve(p *Problem) (Stats, error)
}

// NormalRow returns a contact normal row between bodies a and b (b = −1: the world) with the
// given bias: λ ≥ 0, no upper bound.
func NormalRow(a, b int, bias float64) Row {
	return Row{A: a, B: b, Bias: bias, Lo: 0, Hi: math.Inf(1), Normal: -1}
}

// FrictionRow returns a friction row between bodies a and b tied to the normal row with
// index normal, bounded by ±mu·λ_normal.
func FrictionRow(a, b, normal int, mu float64) Row {
	return Row{A: a, B: b, Lo: math.Inf(-1), Hi: math.Inf(1), Normal: normal, Mu: mu}
}

// Reset empties the problem for a new solve with dof-wide body blocks, keeping the storage.
func (p *Problem) Reset(dof int) {
	p.DOF = dof
	p.Mass = p.Mass[:0]
	p.InvMass = p.InvMass[:0]
	p.V = p.V[:0]
	p.Rows = p.Rows[:0]
	p.J = p.J[:0]
	p.Lambda = p.Lambda[:0]
	p.Level = p.Level[:0]
}

// Bodies returns the number of bodies.
func (p *Problem) Bodies() int {
	if p.DOF == 0 {
		return 0
	}
	return len(p.V) / p.DOF
}

// AddBody appends a body with the given DOF×DOF row-major mass and inverse mass blocks and
// DOF velocities, and returns its index. A nil mass or invMass means zeros: pass both nil for
// a fixed body. The slices are copied.
func (p *Problem) AddBody(mass, invMass, v []float64) int {
	i := p.Bodies()
	p.Mass = appendBlock(p.Mass, mass, p.DOF*p.DOF)
	p.InvMass = appendBlock(p.InvMass, invMass, p.DOF*p.DOF)
	p.V = appendBlock(p.V, v, p.DOF)
	return i
}

// AddRow appends row r with Jacobian blocks jA (for body r.A) and jB (for body r.B; nil for
// zeros, as when r.B = −1) of DOF numbers each and warm-start impulse lambda, and returns the
// row's index.
func (p *Problem) AddRow(r Row, jA, jB []float64, lambda float64) int {
	k := len(p.Rows)
	p.Rows = append(p.Rows, r)
	p.J = appendBlock(p.J, jA, p.DOF)
	p.J = appendBlock(p.J, jB, p.DOF)
	p.Lambda = append(p.Lambda, lambda)
	return k
}

// Velocity returns body i's velocity block (a view into V).
func (p *Problem) Velocity(i int) []float64 { return p.V[i*p.DOF : (i+1)*p.DOF] }

// appendBlock appends src (n numbers) to dst, or n zeros when src is nil.
func appendBlock(dst, src []float64, n int) []float64 {
	if src != nil {
		return append(dst, src[:n]...)
	}
	for range n {
		dst = append(dst, 0)
	}
	return dst
}

// Validate checks the lengths, the body indices, the bounds and the friction links; the
// solvers call it first. It allocates only when it returns an error.
func (p *Problem) Validate() error {
	d := p.DOF
	if d <= 0 {
		return fmt.Errorf("pgs: DOF %d must be positive", d)
	}
	if len(p.V)%d != 0 {
		return fmt.Errorf("pgs: len(V) = %d is not a multiple of DOF %d", len(p.V), d)
	}
	nb, nr := len(p.V)/d, len(p.Rows)
	if len(p.InvMass) != nb*d*d || len(p.Mass) != nb*d*d && len(p.Mass) != 0 {
		return fmt.Errorf("pgs: %d bodies need %d inverse mass (and mass, or none) numbers, have %d and %d",
			nb, nb*d*d, len(p.InvMass), len(p.Mass))
	}
	if len(p.J) != nr*2*d || len(p.Lambda) != nr {
		return fmt.Errorf("pgs: %d rows need %d Jacobian numbers and %d impulses, have %d and %d",
			nr, nr*2*d, nr, len(p.J), len(p.Lambda))
	}
	for k, r := range p.Rows {
		switch {
		case r.A < 0 || r.A >= nb || r.B < -1 || r.B >= nb:
			return fmt.Errorf("pgs: row %d: bodies %d, %d out of range [0, %d)", k, r.A, r.B, nb)
		case r.A == r.B:
			return fmt.Errorf("pgs: row %d: body %d on both sides", k, r.A)
		case math.IsNaN(r.Bias) || math.IsInf(r.Bias, 0):
			return fmt.Errorf("pgs: row %d: bias %g is not finite", k, r.Bias)
		case r.Normal >= nr || r.Normal < -1:
			return fmt.Errorf("pgs: row %d: normal row %d out of range", k, r.Normal)
		case r.Normal >= 0 && (p.Rows[r.Normal].Normal != -1 || !(r.Mu >= 0) || math.IsInf(r.Mu, 1)):
			return fmt.Errorf("pgs: row %d: friction needs a normal row and a finite μ ≥ 0 (μ = %g)", k, r.Mu)
		case r.Normal < 0 && !(r.Lo <= r.Hi):
			return fmt.Errorf("pgs: row %d: bounds [%g, %g] are empty", k, r.Lo, r.Hi)
		}
	}
	return nil
}

// errUnbounded is wrapped by the exact solvers for rows they cannot take.
var errUnbounded = errors.New("only rows with Lo = 0, Hi = +Inf and no friction link are supported")

// bounds returns row k's bounds for the current impulses: ±Mu·λ_Normal for a friction row.
func (p *Problem) bounds(k int) (lo, hi float64) {
	r := &p.Rows[k]
	if r.Normal < 0 {
		return r.Lo, r.Hi
	}
	hi = r.Mu * max(p.Lambda[r.Normal], 0)
	return -hi, hi
}

// RowVelocity returns w_k = J_k · v − Bias_k for the current V, in m/s.
func (p *Problem) RowVelocity(k int) float64 {
	d, r := p.DOF, &p.Rows[k]
	j := p.J[k*2*d : (k+1)*2*d]
	w := dot(j[:d], p.V[r.A*d:(r.A+1)*d]) - r.Bias
	if r.B >= 0 {
		w += dot(j[d:], p.V[r.B*d:(r.B+1)*d])
	}
	return w
}

// Effective returns row k's effective inverse mass J_k M⁻¹ J_kᵀ: how much w_k changes per unit
// of λ_k. It is 0 for a row whose bodies are both fixed.
func (p *Problem) Effective(k int) float64 {
	d, r := p.DOF, &p.Rows[k]
	j := p.J[k*2*d : (k+1)*2*d]
	e := quadForm(p.InvMass[r.A*d*d:(r.A+1)*d*d], j[:d])
	if r.B >= 0 {
		e += quadForm(p.InvMass[r.B*d*d:(r.B+1)*d*d], j[d:])
	}
	return e
}

// Residual returns the largest scaled natural residual over the rows for the current Lambda
// and V (V taken as v⁺), in m/s:
//
//	max_k  D_k · |λ_k − clamp(λ_k − w_k / D_k, lo_k, hi_k)|,   D_k = J_k M⁻¹ J_kᵀ,
//
// the change of w_k that one projected Gauss–Seidel update of row k alone would make. It is
// exactly 0 when every row satisfies its bounds and complementarity; rows with D_k = 0 (both
// bodies fixed) are skipped.
func (p *Problem) Residual() float64 {
	res := 0.0
	for k := range p.Rows {
		dk := p.Effective(k)
		if dk <= 0 {
			continue
		}
		lo, hi := p.bounds(k)
		l := p.Lambda[k]
		res = max(res, dk*math.Abs(l-min(max(l-p.RowVelocity(k)/dk, lo), hi)))
	}
	return res
}

// dot returns a · b over len(a) numbers.
func dot(a, b []float64) float64 {
	s := 0.0
	for i, x := range a {
		s += float64(x * b[i])
	}
	return s
}

// quadForm returns jᵀ M j for a len(j)×len(j) row-major block M.
func quadForm(m, j []float64) float64 {
	d := len(j)
	s := 0.0
	for r := range d {
		s += float64(j[r] * dot(m[r*d:(r+1)*d], j))
	}
	return s
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
		y[i] += float64(a * xi)
	}
}
