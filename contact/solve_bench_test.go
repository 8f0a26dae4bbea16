package contact_test

import (
	"math"
	"testing"
	"time"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/pgs"
)

// recorder is the default velocity solver (blocks, shock sweep, the sweep tolerance, the
// eight sweeps a step leaves its velocity solve) that keeps a copy of the problem of one
// chosen solve, as it was handed in.
type recorder struct {
	pgs.GaussSeidel
	solves, at int
	kept       *pgs.Problem
}

func (r *recorder) Solve(p *pgs.Problem) (pgs.Stats, error) {
	if r.solves == r.at {
		r.kept = cloneProblem(p)
	}
	r.solves++
	return r.GaussSeidel.Solve(p)
}

// velocitySolver is the World's default velocity solver as a step's first solve runs it:
// blocks, the shock sweep, the sweep tolerance and the sweeps left after the position pass's.
func velocitySolver() pgs.GaussSeidel {
	return pgs.GaussSeidel{Iterations: contact.DefaultIterations - contact.PositionSweeps,
		BlockNormals: true, Shock: true, Tolerance: contact.SweepTolerance}
}

// cloneProblem returns a deep copy of p.
func cloneProblem(p *pgs.Problem) *pgs.Problem {
	return &pgs.Problem{
		DOF:     p.DOF,
		Mass:    append([]float64(nil), p.Mass...),
		InvMass: append([]float64(nil), p.InvMass...),
		V:       append([]float64(nil), p.V...),
		Rows:    append([]pgs.Row(nil), p.Rows...),
		J:       append([]float64(nil), p.J...),
		Lambda:  append([]float64(nil), p.Lambda...),
		Level:   append([]int(nil), p.Level...),
	}
}

// sceneProblem runs scene for steps steps with every body awake (as the peers run) and
// returns the velocity problem of the step after them, as the solver receives it.
func sceneProblem(tb testing.TB, scene string, steps int) *pgs.Problem {
	tb.Helper()
	_, w := loadWorld(tb, scene)
	w.EnableSleep = false
	rec := &recorder{GaussSeidel: velocitySolver(), at: -1}
	w.Solver = rec
	for range steps {
		mustStep(tb, w)
	}
	rec.at = rec.solves
	for rec.kept == nil {
		mustStep(tb, w)
	}
	return rec.kept
}

// BenchmarkSolve times the velocity solve alone (the default solver's settings, eight
// sweeps) on the problem of pile1000 mid-fall, step 150 (about 2,300 contacts, 7,000 rows):
// setup, warm start and sweeps; building the rows is not timed. It reports ns per row, and
// the fastest solve in µs ("min-µs"): on a machine shared with other jobs the minimum is
// the steadiest figure to compare.
func BenchmarkSolve(b *testing.B) {
	p := sceneProblem(b, "pile1000", 150)
	v0, l0 := append([]float64(nil), p.V...), append([]float64(nil), p.Lambda...)
	s := velocitySolver()
	fastest := time.Duration(math.MaxInt64)
	for b.Loop() {
		copy(p.V, v0)
		copy(p.Lambda, l0)
		start := time.Now()
		if _, err := s.Solve(p); err != nil {
			b.Fatal(err)
		}
		fastest = min(fastest, time.Since(start))
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(p.Rows)), "ns/row")
	b.ReportMetric(float64(fastest.Nanoseconds())/1e3, "min-µs")
}
