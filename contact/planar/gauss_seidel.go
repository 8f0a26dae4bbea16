package planar

import (
	"math"

	"github.com/tumble-physics/tumble/pgs"
)

// GaussSeidel is Tumble's "pgs" response (not in the course): the LCP of the "lcp" response
// solved by the project's projected Gauss–Seidel with Iterations sweeps over the contacts in
// the set's order. Contacts carry no identity from one step to the next, so the warm start
// matches rows instead: a row between the same two bodies whose Jacobian (normal and lever
// arms) moved by at most WarmTolerance since the last solve starts from that row's impulse;
// the others start from zero. It converges to the LCP's velocities as the sweeps grow; with
// few sweeps it leaves some approach velocity, the price of its fixed cost.
type GaussSeidel struct {
	pgs.GaussSeidel

	last pgs.Problem // rows, Jacobians and impulses of the last solve
}

// WarmTolerance is the largest change of any Jacobian entry (unitless for the normal, m for
// the lever arm) for which a row counts as the same contact as one of the last solve.
const WarmTolerance = 1e-3

// Solve warm-starts p from the last solve, runs the sweeps and keeps the result.
func (s *GaussSeidel) Solve(p *pgs.Problem) (pgs.Stats, error) {
	s.warmStart(p)
	st, err := s.GaussSeidel.Solve(p)
	if err != nil {
		return st, err
	}
	s.last.Rows = append(s.last.Rows[:0], p.Rows...)
	s.last.J = append(s.last.J[:0], p.J...)
	s.last.Lambda = append(s.last.Lambda[:0], p.Lambda...)
	return st, nil
}

// warmStart sets each row's impulse to that of the first matching row of the last solve.
// Rows come in the contact set's order, sorted by their bodies, so one pass over both lists
// finds the rows of the same pair.
func (s *GaussSeidel) warmStart(p *pgs.Problem) {
	w := 2 * p.DOF
	last := s.last.Rows
	first := 0 // the first row of the last solve whose pair is not before this row's
	for k, r := range p.Rows {
		p.Lambda[k] = 0
		for first < len(last) && (last[first].A < r.A || last[first].A == r.A && last[first].B < r.B) {
			first++
		}
		for m := first; m < len(last) && last[m].A == r.A && last[m].B == r.B; m++ {
			if near(p.J[k*w:(k+1)*w], s.last.J[m*w:(m+1)*w]) {
				p.Lambda[k] = s.last.Lambda[m]
				break
			}
		}
	}
}

// near reports whether a and b differ by at most WarmTolerance in every entry.
func near(a, b []float64) bool {
	for i := range a {
		if !(math.Abs(a[i]-b[i]) <= WarmTolerance) {
			return false
		}
	}
	return true
}
