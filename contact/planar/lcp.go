package planar

import "tumble/pgs"

// LCP is the course's "lcp" response: with A = Nᵀ M⁻¹ N and b = Nᵀ q̇ over all bodies (a
// fixed body's scene velocity enters b, as in the reference), it finds λ ≥ 0 with
// Aλ + b ≥ 0 and λ ⊥ Aλ + b, then sets q̇⁺ = q̇ + M⁻¹ N λ (fixed bodies keep theirs). The
// contacts stay in contact but may separate: a perfectly inelastic response.
//
// The reference pivots by Dantzig's method (ODE's dSolveLCPBasic); this uses pgs's Lemke
// solver, which gives the same q̇⁺ wherever Dantzig's method succeeds (q̇⁺ is unique even
// when λ is not) and stays finite with redundant contacts, where the reference's factoring
// of a singular A gives NaN (the four-legged table).
type LCP struct {
	pgs.LCP
}
