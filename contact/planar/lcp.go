package planar

import (
	"fmt"

	"github.com/tumble-physics/tumble/pgs"
)

// LCP is the course's "lcp" response: with A = Nᵀ M⁻¹ N and b = Nᵀ q̇ over all bodies (a
// fixed body's scene velocity enters b, as in the reference), it finds λ ≥ 0 with
// Aλ + b ≥ 0 and λ ⊥ Aλ + b, then sets q̇⁺ = q̇ + M⁻¹ N λ (fixed bodies keep theirs). The
// contacts stay in contact but may separate: a perfectly inelastic response.
//
// The reference pivots by Dantzig's method (ODE's dSolveLCPBasic); this uses pgs's Lemke
// solver, which gives the same q̇⁺ wherever Dantzig's method succeeds (q̇⁺ is unique even
// when λ is not) and stays finite with redundant contacts, where the reference's factoring
// of a singular A gives NaN (the four-legged table).
//
// These LCPs always have a solution (q̇⁺ = 0 is feasible, and the LCP is the optimality
// condition of velocity projection's QP), so when Lemke's method still fails, which
// rounding can make it do on degenerate, deeply overlapping contact sets, the QP solves the
// same problem instead (it then treats fixed bodies as still) and Fallbacks counts it.
type LCP struct {
	pgs.LCP
	// Fallbacks counts the solves that the QP finished.
	Fallbacks int

	qp VelocityProjection
}

// Solve solves p's LCP and writes λ and q̇⁺ into p.
func (s *LCP) Solve(p *pgs.Problem) (pgs.Stats, error) {
	st, err := s.LCP.Solve(p)
	if err == nil {
		return st, nil
	}
	qst, qerr := s.qp.Solve(p) // the failed LCP left p.V as it was
	if qerr != nil {
		return st, fmt.Errorf("%w (the QP failed too: %v)", err, qerr)
	}
	s.Fallbacks++
	return qst, nil
}
