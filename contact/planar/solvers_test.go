package planar_test

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"gonum.org/v1/gonum/mat"

	rigid "github.com/tumble-physics/tumble/body/planar"
	contact "github.com/tumble-physics/tumble/contact/planar"
	"github.com/tumble-physics/tumble/pgs"
)

// handout returns the handout's block on a table edge as contacts: a free block (M = 4,
// I = 10: unit masses at (±1.5, ±0.5)) over a fixed table, falling at 2 m/s, touching it at
// two points with the normal up and lever arms 2 and 1. Then A = Nᵀ M⁻¹ N =
// [[13/20, 9/20], [9/20, 7/20]] and b = Nᵀ q̇ = (−2, −2).
func handout(t *testing.T) ([]rigid.Body, contact.Set) {
	table := body(t, 0.1, true, box(-4, -2, 0, 0)...)
	block := body(t, 0.1, false, box(-1.5, 0.2, 1.5, 1.2)...)
	block.V = mgl64.Vec2{0, -2}
	up := mgl64.Vec2{0, 1}
	return []rigid.Body{table, block}, contact.Set{
		{I0: 0, I1: 1, R1: mgl64.Vec2{2, -0.6}, N: up},
		{I0: 0, I1: 1, R1: mgl64.Vec2{1, -0.6}, N: up},
	}
}

// TestHandout solves the handout's block on a table edge through the contact layer: the
// LCP gives λ = (0, 40/7) exactly (bit for bit the float64 nearest 40/7), velocity projection and generalized
// reflections' building blocks give the same velocities, and PGS converges to them.
func TestHandout(t *testing.T) {
	bodies, contacts := handout(t)
	if bodies[1].M != 4 || bodies[1].I != 10 {
		t.Fatalf("block M = %g, I = %g; want 4, 10", bodies[1].M, bodies[1].I)
	}
	var ref pgs.Problem
	contact.Build(&ref, bodies, contacts)
	before := append([]float64(nil), ref.V...)
	m := contact.MatricesOf(&contact.Record{Problem: &ref, Before: before})
	if want := mat.NewDense(2, 2, []float64{13.0 / 20, 9.0 / 20, 9.0 / 20, 7.0 / 20}); !mat.EqualApprox(m.A, want, 1e-15) {
		t.Errorf("A =\n%v\nwant\n%v", mat.Formatted(m.A), mat.Formatted(want))
	}
	if want := mat.NewVecDense(2, []float64{-2, -2}); !mat.EqualApprox(m.B, want, 1e-15) {
		t.Errorf("b = %v, want (−2, −2)", mat.Formatted(m.B.T()))
	}
	var lcpV []float64
	for _, tc := range []struct {
		name   string
		solver pgs.Solver
		tol    float64
	}{
		{"lcp", &contact.LCP{}, 1e-14},
		{"velocity-projection", &contact.VelocityProjection{}, 1e-14},
		{"pgs", &contact.GaussSeidel{GaussSeidel: pgs.GaussSeidel{Iterations: 200}}, 1e-9},
	} {
		var p pgs.Problem
		contact.Build(&p, bodies, contacts)
		if _, err := tc.solver.Solve(&p); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if tc.name == "lcp" {
			t.Logf("lcp: λ = (%.17g, %.17g), 40/7 = %.17g", p.Lambda[0], p.Lambda[1], 40.0/7)
			lcpV = append(lcpV, p.V...)
			if p.Lambda[0] != 0 || p.Lambda[1] != 40.0/7 {
				t.Errorf("lcp: λ = %v, want (0, 40/7) exactly (as rounded to float64)", p.Lambda)
			}
			continue
		}
		for i := range p.V {
			if math.Abs(p.V[i]-lcpV[i]) > tc.tol {
				t.Errorf("%s: q̇⁺ = %v, lcp's %v (tolerance %g)", tc.name, p.V, lcpV, tc.tol)
				break
			}
		}
	}
	// The block's velocity after the LCP: λ₂ = 40/7 at the lever arm 1 stops that point.
	if want := []float64{0, -2 + 40.0/7/4, 40.0 / 7 / 10}; math.Abs(lcpV[3]-want[0]) > 1e-14 || math.Abs(lcpV[4]-want[1]) > 1e-14 || math.Abs(lcpV[5]-want[2]) > 1e-14 {
		t.Errorf("block q̇⁺ = %v, want %v", lcpV[3:], want)
	}
}

// TestSolversAgree re-solves contact problems met in the course's inelastic scenes (every
// 25th solve of each) with every inelastic solver. The LCP and velocity projection have the
// same KKT conditions (M(q̇⁺ − q̇) = Nλ, λ ≥ 0, Nᵀq̇⁺ ≥ 0, λ ⊥ Nᵀq̇⁺), so they must give the
// same q̇⁺ (to 1e-9 relative); PGS with 500 sweeps must come within 1e-2 (it converges slowly on
// the shuriken's 20-contact problems).
func TestSolversAgree(t *testing.T) {
	problems := 0
	worst := map[string]float64{}
	for _, f := range glob(t, "t3m2/lcp/*.xml", "t3m2/velocityprojection/*.xml", "student_salepaun/t3m2/*.xml") {
		scene, sys, r := load(t, f)
		solves := 0
		r.Observe = func(rec *contact.Record) {
			if solves++; solves%25 != 1 {
				return
			}
			problems++
			var ref []float64
			for _, s := range []struct {
				name   string
				solver pgs.Solver
				tol    float64
			}{
				{"lcp", &contact.LCP{}, 0},
				{"velocity-projection", &contact.VelocityProjection{}, 1e-9},
				{"pgs", &contact.GaussSeidel{GaussSeidel: pgs.GaussSeidel{Iterations: 500}}, 1e-2},
			} {
				var p pgs.Problem
				contact.Build(&p, rec.Bodies, rec.Contacts)
				copy(p.V, rec.Before)
				if _, err := s.solver.Solve(&p); err != nil {
					t.Fatalf("%s step %d: %s: %v", sceneName(f), rec.Step, s.name, err)
				}
				if ref == nil {
					ref = append(ref, p.V...)
					continue
				}
				d := 0.0
				for i := range ref {
					d = max(d, math.Abs(p.V[i]-ref[i])/max(1, math.Abs(ref[i])))
				}
				worst[s.name] = max(worst[s.name], d)
				if d > s.tol {
					t.Errorf("%s step %d (%d contacts): %s q̇⁺ differs from the LCP's by %.3g", sceneName(f), rec.Step, len(rec.Contacts), s.name, d)
				}
			}
		}
		run(t, sys, scene.Steps())
	}
	t.Logf("%d problems; largest relative difference from the LCP's q̇⁺: %v", problems, worst)
}

// coldGaussSeidel is PGS starting every solve from zero impulses, for comparison.
type coldGaussSeidel struct{ pgs.GaussSeidel }

func (s *coldGaussSeidel) Solve(p *pgs.Problem) (pgs.Stats, error) {
	clear(p.Lambda)
	return s.GaussSeidel.Solve(p)
}

// TestGaussSeidelWarmStart runs the project's resting pyramid (20 sweeps per step): matched
// rows carry their impulses over, so once the pile has settled (the second half of the run)
// no contact approaches faster than 1e-12 m/s after a solve, where cold starts leave 1e-8.
func TestGaussSeidelWarmStart(t *testing.T) {
	approach := func(solver pgs.Solver) float64 {
		_, sys, r := load(t, filepath.Join("..", "..", "data", "scenes2d", "contact_pgs_pyramid.xml"))
		if solver != nil {
			r.Solver = solver
		}
		worst := 0.0
		r.Observe = func(rec *contact.Record) {
			for k := range rec.Problem.Rows {
				if rec.Step > 250 {
					worst = min(worst, rec.Problem.RowVelocity(k))
				}
			}
		}
		run(t, sys, 500)
		return worst
	}
	warm, cold := approach(nil), approach(&coldGaussSeidel{pgs.GaussSeidel{Iterations: 20}})
	t.Logf("largest approach after settling: warm %.3g m/s, cold %.3g m/s", warm, cold)
	if warm < -1e-12 || !(cold < warm) {
		t.Errorf("warm-started PGS leaves %.3g m/s (cold %.3g): want below 1e-12 and better than cold", warm, cold)
	}
}
