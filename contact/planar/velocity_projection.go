package planar

import "github.com/tumble-physics/tumble/pgs"

// VelocityProjection is the course's "velocity-projection" response: the new velocity of
// the free bodies is the one closest to q̇ in the kinetic metric that no contact approaches,
//
//	q̇⁺ = argmin ½ vᵀ M v − vᵀ M q̇   subject to   Nᵀ v ≥ 0,
//
// solved exactly by pgs's Goldfarb–Idnani dual active-set QP (as QuadProg++ 1.2.1 does in
// the reference), which stays robust with the redundant contacts that make A singular. The
// QP is strictly convex, so its solution is unique and an exact solver matches the
// reference to rounding; fixed bodies count as still (their scene velocity is ignored).
type VelocityProjection struct {
	qp    pgs.QP
	still stillFixed
}

// Solve projects p's velocities and writes the multipliers (the impulses) to p.Lambda.
func (s *VelocityProjection) Solve(p *pgs.Problem) (pgs.Stats, error) {
	s.still.zero(p)
	defer s.still.restore(p)
	return s.qp.Solve(p)
}
