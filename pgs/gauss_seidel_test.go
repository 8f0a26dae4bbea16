package pgs

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestGaussSeidelConvergesToLCP compares PGS after a growing number of sweeps with the exact
// LCP solution: on random well-posed problems (fewer rows than DOF, A positive definite, λ
// unique) and on frictionless towers of ten boxes, the slow case for PGS (in 3D the four
// coplanar corners make λ non-unique, so only v⁺ is compared there), row by row and with
// BlockNormals. The error falls with the sweeps, never rising by more than half between
// checkpoints, and ends below 1e-8.
func TestGaussSeidelConvergesToLCP(t *testing.T) {
	random := func(s problemSpec) func(*rand.Rand) *Problem {
		return func(rng *rand.Rand) *Problem { return randomProblem(rng, s) }
	}
	tower := func(dof int) func(*rand.Rand) *Problem {
		return func(*rand.Rand) *Problem { return frictionless(towers(dof, 1, 10, grouped)) }
	}
	short := []int{1, 2, 5, 10, 20, 50, 100, 200}
	long := []int{1, 10, 30, 100, 300, 1000, 3000}
	for _, tc := range []struct {
		name     string
		build    func(*rand.Rand) *Problem
		trials   int
		sweeps   []int
		lambdaOK bool // λ unique: compare it too
	}{
		{"random 3D", random(problemSpec{dof: 6, bodies: 8, fixed: 1, normals: 12}), 10, short, true},
		{"random 2D", random(problemSpec{dof: 3, bodies: 10, fixed: 2, normals: 10}), 10, short, true},
		{"random 2D, two free bodies (runs form blocks)", random(problemSpec{dof: 3, bodies: 3, fixed: 1, normals: 5}), 30, short, true},
		{"random 2 DOF (generic loop)", random(problemSpec{dof: 2, bodies: 12, fixed: 1, normals: 8}), 10, short, true},
		{"2D tower", tower(3), 1, long, true},
		{"3D tower", tower(6), 1, long, false},
	} {
		for _, block := range []bool{false, true} {
			name := tc.name
			if block {
				name += ", blocks"
			}
			t.Run(name, func(t *testing.T) {
				rng := rand.New(rand.NewPCG(9, 10)) // the same problems with and without blocks
				for trial := range tc.trials {
					p := tc.build(rng)
					exact := clone(p)
					if _, err := (&LCP{}).Solve(exact); err != nil {
						t.Fatal(err)
					}
					errs := make([]float64, len(tc.sweeps))
					for i, n := range tc.sweeps {
						q := clone(p)
						if _, err := (&GaussSeidel{Iterations: n, BlockNormals: block}).Solve(q); err != nil {
							t.Fatal(err)
						}
						errs[i] = maxDiff(q.V, exact.V) / (1 + maxAbs(exact.V))
						if tc.lambdaOK {
							errs[i] = max(errs[i], maxDiff(q.Lambda, exact.Lambda)/(1+maxAbs(exact.Lambda)))
						}
					}
					for i := 1; i < len(errs); i++ {
						if errs[i] > 1.5*errs[i-1]+1e-14 {
							t.Errorf("trial %d: error rose from %.3g at %d sweeps to %.3g at %d", trial, errs[i-1], tc.sweeps[i-1], errs[i], tc.sweeps[i])
						}
					}
					if last := errs[len(errs)-1]; last > 1e-8 || last > 1e-4*errs[0]+1e-14 {
						t.Errorf("trial %d: relative error %.3g after %d sweeps (%.3g after 1)", trial, last, tc.sweeps[len(errs)-1], errs[0])
					}
					if trial == 0 {
						t.Logf("relative error after %v sweeps: %.2g", tc.sweeps, errs)
					}
				}
			})
		}
	}
}

// frictionless returns a copy of p without its friction rows.
func frictionless(p *Problem) *Problem {
	var q Problem
	q.Reset(p.DOF)
	d := p.DOF
	for i := range p.Bodies() {
		q.AddBody(p.Mass[i*d*d:(i+1)*d*d], p.InvMass[i*d*d:(i+1)*d*d], p.V[i*d:(i+1)*d])
	}
	for k, r := range p.Rows {
		if r.Normal < 0 {
			q.AddRow(r, p.J[k*2*d:k*2*d+d], p.J[k*2*d+d:(k+1)*2*d], p.Lambda[k])
		}
	}
	return &q
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

	q := clone(p)
	copy(q.V, v0)
	for k := range q.Lambda {
		q.Lambda[k] = math.NaN()
	}
	if _, err := (&GaussSeidel{Iterations: 500}).Solve(q); err != nil || maxDiff(q.V, exact.V) > 1e-12 {
		t.Errorf("NaN warm start: v⁺ off by %.3g (err %v)", maxDiff(q.V, exact.V), err)
	}

	q = clone(exact)
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
	p := sceneNamed("block lands").build()
	st, err := (&GaussSeidel{}).Solve(p)
	if err != nil {
		t.Fatal(err)
	}
	// One row: the first sweep solves it, the second changes nothing (residual 0) and stops.
	if st.Iterations != 2 || st.Residuals[1] != 0 {
		t.Errorf("stats %+v, want 2 sweeps ending at residual 0", st)
	}
	p = sceneNamed("four-legged table").build()
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
	tower := towers(6, 2, 5, grouped) // blocks of four normal rows
	d := src.DOF
	base := len(src.Rows)
	for k := range tower.Rows { // appended after src's rows, on src's first bodies
		r := tower.Rows[k]
		if r.Normal >= 0 {
			r.Normal += base
		}
		src.Rows = append(src.Rows, r)
		src.J = append(src.J, tower.J[k*2*d:(k+1)*2*d]...)
		src.Lambda = append(src.Lambda, 0)
	}
	var p Problem
	var s GaussSeidel
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
	for _, block := range []bool{false, true} {
		s.BlockNormals = block
		step()
		if a := testing.AllocsPerRun(50, step); a != 0 {
			t.Errorf("BlockNormals %v: %g allocations per step after warm-up, want 0", block, a)
		}
	}
}

// TestGaussSeidelRestingStack repeats the step of a resting tower of cubes (every box falling
// at g·dt before the solve) with warm starting and the default 10 sweeps, and counts the steps
// until the sweep residual falls below 1e-6 m/s (issue 3's acceptance bound: within 100).
// Single-row PGS gets there for a frictionless tower of ten and a tower of three with
// friction; with friction, taller towers are slow (the rotation that one corner at a time
// induces makes the contacts slip and the friction rows fight it: about 2200 steps for the
// 2D tower of ten). Block-solving each manifold's normal rows (BlockNormals, manifolds laid
// out normals first) brings towers of ten and twenty with friction under the bound.
func TestGaussSeidelRestingStack(t *testing.T) {
	for _, tc := range []struct {
		name      string
		dof, high int
		friction  bool
		layout    rowLayout
		block     bool
		maxSteps  int
	}{
		{"3D, 10 frictionless", 6, 10, false, interleaved, false, 100},
		{"2D, 10 frictionless", 3, 10, false, interleaved, false, 100},
		{"3D, 3 with friction", 6, 3, true, interleaved, false, 100},
		{"2D, 3 with friction", 3, 3, true, interleaved, false, 100},
		{"2D, 10 with friction", 3, 10, true, interleaved, false, 3000},
		{"3D, 10 with friction, blocks", 6, 10, true, grouped, true, 100},
		{"2D, 10 with friction, blocks", 3, 10, true, grouped, true, 100},
		{"3D, 20 with friction, blocks", 6, 20, true, grouped, true, 300},
		{"2D, 20 with friction, blocks", 3, 20, true, grouped, true, 300},
	} {
		p := towers(tc.dof, 1, tc.high, tc.layout)
		if !tc.friction {
			p = frictionless(p)
		}
		v0 := append([]float64(nil), p.V...)
		s := GaussSeidel{BlockNormals: tc.block}
		steps, res := 0, math.Inf(1)
		for steps < tc.maxSteps && res >= 1e-6 {
			copy(p.V, v0)
			st, err := s.Solve(p)
			if err != nil {
				t.Fatal(err)
			}
			res = st.Residuals[len(st.Residuals)-1]
			steps++
		}
		if res >= 1e-6 {
			t.Errorf("%s: sweep residual %.3g m/s after %d steps", tc.name, res, tc.maxSteps)
		}
		t.Logf("%s: residual %.2g m/s after %d warm-started steps, max |v⁺| %.2g m/s", tc.name, res, steps, maxAbs(p.V))
	}
}
