package planar

import (
	"errors"
	"fmt"
	"slices"

	"github.com/tumble-physics/tumble/pgs"
)

// ApproachTolerance is the normal velocity (m/s) below which generalized reflections count a
// contact as approaching: η·q̇ < −1e-14, the reference's threshold.
const ApproachTolerance = -1e-14

// maxReflectionPasses only guards against a run that never ends: the algorithm itself has no
// cap (the reference loops until no contact approaches), and the course scenes need at most 7.
// A response that comes back to the velocities of two passes before (bit for bit) is also
// stopped at once: it would alternate between two sets of contacts forever.
const maxReflectionPasses = 10000

// ErrEndless is wrapped by Reflections' error when its passes would never end: they come
// back to the velocities of two passes before (two sets of contacts taking turns, met only
// in degenerate, deeply overlapping states), or reach maxReflectionPasses. The reference
// loops forever there.
var ErrEndless = errors.New("generalized reflections never end")

// Reflections is the Generalized Reflections algorithm (Smith, Kaufman, Vouga, Tamstorf,
// Grinspun, "Reflections on simultaneous impact", SIGGRAPH 2012, Algorithm 2), the course's
// "gr-lcp" (Pass is an LCP) and "gr-velocity-projection" (Pass is a VelocityProjection):
//
//	repeat: take the rows approaching now, η_k·q̇ < ApproachTolerance (fixed bodies still);
//	        if there are none, stop; else apply one fully elastic simultaneous response to
//	        exactly those rows.
//
// The set is rebuilt from all of p's rows on every pass (a contact can leave it and come
// back); rows are never re-detected. A fully elastic pass is the Pass solver on those rows
// with Bias = −η·q̇: for the LCP that doubles b (Aλ + 2Nᵀq̇ ≥ 0), for the QP it asks
// Nᵀv ≥ −Nᵀq̇. Each pass conserves kinetic energy and momentum, so the whole response does.
// p.Lambda receives the impulses summed over the passes; Stats.Iterations counts the passes.
type Reflections struct {
	// Pass is the simultaneous response applied, fully elastic, to each pass's rows: an
	// *LCP or a *VelocityProjection.
	Pass pgs.Solver
	// OnPass, when set, is called before each pass with the indices of the rows in it (the
	// slice is reused).
	OnPass func(rows []int)

	sub   pgs.Problem
	rows  []int
	still stillFixed
	back  [2][]float64 // the velocities after the last two passes
}

// Solve runs the passes on p until no row approaches.
func (s *Reflections) Solve(p *pgs.Problem) (pgs.Stats, error) {
	if err := p.Validate(); err != nil {
		return pgs.Stats{}, fmt.Errorf("reflections: %w", err)
	}
	s.still.zero(p)
	defer s.still.restore(p)
	s.sub.Reset(p.DOF)
	s.sub.Mass = append(s.sub.Mass, p.Mass...)
	s.sub.InvMass = append(s.sub.InvMass, p.InvMass...)
	s.sub.V = append(s.sub.V, p.V...)
	clear(p.Lambda)
	s.back[0], s.back[1] = s.back[0][:0], s.back[1][:0]
	d := p.DOF
	for pass := 0; ; pass++ {
		s.rows = s.rows[:0]
		s.sub.Rows, s.sub.J, s.sub.Lambda = s.sub.Rows[:0], s.sub.J[:0], s.sub.Lambda[:0]
		for k, r := range p.Rows {
			if w := p.RowVelocity(k) + r.Bias; w < ApproachTolerance { // w = η_k·q̇
				s.rows = append(s.rows, k)
				s.sub.AddRow(pgs.NormalRow(r.A, r.B, -w), p.J[k*2*d:k*2*d+d], p.J[k*2*d+d:(k+1)*2*d], 0)
			}
		}
		if len(s.rows) == 0 {
			return pgs.Stats{Iterations: pass}, nil
		}
		if pass == maxReflectionPasses {
			return pgs.Stats{Iterations: pass}, fmt.Errorf("reflections: contacts still approach after %d passes: %w", pass, ErrEndless)
		}
		if s.OnPass != nil {
			s.OnPass(s.rows)
		}
		copy(s.sub.V, p.V)
		if _, err := s.Pass.Solve(&s.sub); err != nil {
			return pgs.Stats{Iterations: pass + 1}, fmt.Errorf("reflections: pass %d: %w", pass+1, err)
		}
		copy(p.V, s.sub.V)
		for i, k := range s.rows {
			p.Lambda[k] += s.sub.Lambda[i]
		}
		if slices.Equal(p.V, s.back[0]) {
			return pgs.Stats{Iterations: pass + 1}, fmt.Errorf("reflections: passes %d and %d end in the same velocities: %w", pass-1, pass+1, ErrEndless)
		}
		s.back[0], s.back[1] = s.back[1], append(s.back[0][:0], p.V...)
	}
}
