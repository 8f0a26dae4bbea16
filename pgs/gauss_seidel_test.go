package pgs

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestGaussSeidelConvergesToLCP compares PGS after a growing number of sweeps with the exact
// LCP solution on random well-posed problems (fewer rows than DOF, so A is positive definite
// and λ unique): the error falls with the sweeps and is tiny at 200.
func TestGaussSeidelConvergesToLCP(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	sweeps := []int{1, 2, 5, 10, 20, 50, 100, 200}
	for _, tc := range []struct {
		name string
		spec problemSpec
	}{
		{"3D", problemSpec{dof: 6, bodies: 8, fixed: 1, normals: 12}},
		{"2D", problemSpec{dof: 3, bodies: 10, fixed: 2, normals: 10}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for trial := range 10 {
				p := randomProblem(rng, tc.spec)
				exact := clone(p)
				if _, err := (&LCP{}).Solve(exact); err != nil {
					t.Fatal(err)
				}
				errs := make([]float64, len(sweeps))
				for i, n := range sweeps {
					q := clone(p)
					if _, err := (&GaussSeidel{Iterations: n}).Solve(q); err != nil {
						t.Fatal(err)
					}
					errs[i] = maxDiff(q.Lambda, exact.Lambda) / (1 + maxAbs(exact.Lambda))
				}
				for i := 1; i < len(errs); i++ {
					if errs[i] > 1.5*errs[i-1]+1e-14 {
						t.Errorf("trial %d: error rose from %.3g at %d sweeps to %.3g at %d", trial, errs[i-1], sweeps[i-1], errs[i], sweeps[i])
					}
				}
				if last := errs[len(errs)-1]; last > 1e-8 || last > 1e-4*errs[0]+1e-14 {
					t.Errorf("trial %d: relative λ error %.3g after 200 sweeps (%.3g after 1)", trial, errs[len(errs)-1], errs[0])
				}
				if trial == 0 {
					t.Logf("relative λ error after %v sweeps: %.2g", sweeps, errs)
				}
			}
		})
	}
}

// TestGaussSeidelWarmStart repeats one problem as a resting scene repeats its step: each solve
// starts from the same v⁻ and the previous λ. The 10-sweep solves converge to the exact
// answer, and a solve warm started at the exact λ changes nothing.
func TestGaussSeidelWarmStart(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	p := randomProblem(rng, problemSpec{dof: 6, bodies: 8, fixed: 1, normals: 12})
	exact := clone(p)
	if _, err := (&LCP{}).Solve(exact); err != nil {
		t.Fatal(err)
	}
	v0 := append([]float64(nil), p.V...)
	var s GaussSeidel
	var first, last float64
	for step := range 40 {
		copy(p.V, v0)
		st, err := s.Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		if step == 0 {
			first = st.Residuals[0]
		}
		last = st.Residuals[len(st.Residuals)-1]
	}
	if d := maxDiff(p.V, exact.V); d > 1e-10 {
		t.Errorf("after 40 warm-started 10-sweep solves v⁺ is off by %.3g", d)
	}
	t.Logf("sweep residual: %.3g on the first cold sweep, %.3g on the last warm one", first, last)

	q := clone(exact)
	copy(q.V, v0)
	st, err := (&GaussSeidel{Iterations: 1}).Solve(q)
	if err != nil {
		t.Fatal(err)
	}
	if st.Residuals[0] > 1e-12 || maxDiff(q.V, exact.V) > 1e-12 {
		t.Errorf("warm start at the solution: residual %.3g, v⁺ off by %.3g", st.Residuals[0], maxDiff(q.V, exact.V))
	}
}

// TestGaussSeidelFrictionCone checks |λ_t| ≤ μ λ_n after any number of sweeps, from a warm
// start far outside the cone, on random problems (friction rows with random Jacobians, where
// PGS need not converge) and on planar boxes landing on the floor on two corners, sliding
// and spinning (where it does: the residual reaches 0).
func TestGaussSeidelFrictionCone(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for _, tc := range []struct {
		name     string
		build    func() *Problem
		converge bool
	}{
		{"random rows", func() *Problem {
			return randomProblem(rng, problemSpec{dof: 6, bodies: 10, fixed: 2, normals: 8, friction: 2, mu: 0.6})
		}, false},
		{"boxes on the floor", func() *Problem { return landingBoxes(rng, 10, 0.6) }, true},
	} {
		for _, n := range []int{1, 10, 2000} {
			for range 10 {
				p := tc.build()
				for k := range p.Lambda {
					p.Lambda[k] = 10 * rng.NormFloat64()
				}
				st, err := (&GaussSeidel{Iterations: n}).Solve(p)
				if err != nil {
					t.Fatal(err)
				}
				for k, r := range p.Rows {
					switch {
					case r.Normal < 0 && p.Lambda[k] < 0:
						t.Errorf("%s, %d sweeps: normal impulse %g < 0", tc.name, n, p.Lambda[k])
					case r.Normal >= 0 && math.Abs(p.Lambda[k]) > r.Mu*p.Lambda[r.Normal]:
						t.Errorf("%s, %d sweeps: friction %g outside ±%g", tc.name, n, p.Lambda[k], r.Mu*p.Lambda[r.Normal])
					}
				}
				if res := st.Residuals[len(st.Residuals)-1]; tc.converge && n == 2000 && (res > 1e-12 || p.Residual() > 1e-12) {
					t.Errorf("%s after %d sweeps: sweep residual %.3g, problem residual %.3g", tc.name, n, res, p.Residual())
				}
			}
		}
	}
}

// landingBoxes returns n planar boxes (half extents 0.5 × 0.25, 1 kg) touching the floor on
// both bottom corners with friction μ, each moving down, sideways and spinning at random.
func landingBoxes(rng *rand.Rand, n int, mu float64) *Problem {
	var p Problem
	p.Reset(3)
	for i := range n {
		m, inv := body2D(1, (1.0+0.25)/12)
		p.AddBody(m, inv, []float64{rng.NormFloat64(), -rng.Float64(), rng.NormFloat64()})
		for _, x := range []float64{-0.5, 0.5} {
			r := [2]float64{x, -0.25}
			k := p.AddRow(NormalRow(i, -1, 0), contact2D([2]float64{0, 1}, r), nil, 0)
			p.AddRow(FrictionRow(i, -1, k, mu), contact2D([2]float64{1, 0}, r), nil, 0)
		}
	}
	return &p
}

// TestGaussSeidelTolerance checks the early stop and the sweep count in Stats.
func TestGaussSeidelTolerance(t *testing.T) {
	p := scenes[0].build()
	st, err := (&GaussSeidel{}).Solve(p)
	if err != nil {
		t.Fatal(err)
	}
	// One row: the first sweep solves it, the second changes nothing (residual 0) and stops.
	if st.Iterations != 2 || st.Residuals[1] != 0 {
		t.Errorf("stats %+v, want 2 sweeps ending at residual 0", st)
	}
	p = scenes[1].build()
	st, _ = (&GaussSeidel{Iterations: 1000, Tolerance: 1e-6}).Solve(p)
	if n := st.Iterations; n >= 1000 || st.Residuals[n-1] > 1e-6 || st.Residuals[n-2] <= 1e-6 {
		t.Errorf("stopped after %d sweeps with residuals ending %v", n, st.Residuals[max(n-2, 0):])
	}
}

// TestGaussSeidelAllocations checks that building and solving a problem again allocates
// nothing once the storage has grown.
func TestGaussSeidelAllocations(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	src := randomProblem(rng, problemSpec{dof: 6, bodies: 20, fixed: 2, normals: 30, friction: 2, mu: 0.5})
	var p Problem
	var s GaussSeidel
	d := src.DOF
	step := func() {
		p.Reset(d)
		for i := range src.Bodies() {
			p.AddBody(src.Mass[i*d*d:(i+1)*d*d], src.InvMass[i*d*d:(i+1)*d*d], src.V[i*d:(i+1)*d])
		}
		for k, r := range src.Rows {
			p.AddRow(r, src.J[k*2*d:k*2*d+d], src.J[k*2*d+d:(k+1)*2*d], 0)
		}
		if _, err := s.Solve(&p); err != nil {
			t.Fatal(err)
		}
	}
	step()
	if a := testing.AllocsPerRun(50, step); a != 0 {
		t.Errorf("%g allocations per step after warm-up, want 0", a)
	}
}
