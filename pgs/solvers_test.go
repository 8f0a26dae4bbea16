package pgs

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// body2D returns the mass and inverse mass blocks of a planar body (DOF 3: vx, vy, ω).
func body2D(m, inertia float64) (mass, inv []float64) {
	return []float64{m, 0, 0, 0, m, 0, 0, 0, inertia},
		[]float64{1 / m, 0, 0, 0, 1 / m, 0, 0, 0, 1 / inertia}
}

// contact2D returns the Jacobian block of a planar body for direction n at offset r from its
// centre of mass: [n; r × n].
func contact2D(n, r [2]float64) []float64 {
	return []float64{n[0], n[1], r[0]*n[1] - r[1]*n[0]}
}

// scene is a small problem with a closed-form answer.
type scene struct {
	name    string
	build   func() *Problem
	v       []float64 // expected v⁺ for every body
	lambda  []float64 // expected impulses; nil when not unique
	normals bool      // only normal rows: the exact solvers apply too
}

// scenes are the closed-form cases every solver must reproduce.
var scenes = []scene{
	{
		// No rows: every solver leaves the velocities alone.
		name: "free flight", normals: true,
		build: func() *Problem {
			var p Problem
			p.Reset(3)
			m, inv := body2D(2, 0.5)
			p.AddBody(m, inv, []float64{0.3, -1, 0.2})
			return &p
		},
		v: []float64{0.3, -1, 0.2}, lambda: []float64{},
	},
	{
		// A 2 kg block moving down at 1 m/s onto the floor at its centre: λ = m·1.
		name: "block lands", normals: true,
		build: func() *Problem {
			var p Problem
			p.Reset(3)
			m, inv := body2D(2, 0.5)
			p.AddBody(m, inv, []float64{0.3, -1, 0})
			p.AddRow(NormalRow(0, -1, 0), contact2D([2]float64{0, 1}, [2]float64{}), nil, 0)
			return &p
		},
		v: []float64{0.3, 0, 0}, lambda: []float64{2},
	},
	{
		// The four-legged table: four collinear contacts on three DOF make A singular. The
		// projection of (0.3, −1, 0.2) onto vy ≥ |ω| is (0.3, 0, 0); Σλ = m·1 and
		// Σλ·r_x = I·(0 − 0.2).
		name: "four-legged table", normals: true,
		build: func() *Problem {
			var p Problem
			p.Reset(3)
			m, inv := body2D(2, 0.5)
			p.AddBody(m, inv, []float64{0.3, -1, 0.2})
			for _, x := range []float64{-1, -0.3, 0.3, 1} {
				p.AddRow(NormalRow(0, -1, 0), contact2D([2]float64{0, 1}, [2]float64{x, -0.5}), nil, 0)
			}
			return &p
		},
		v: []float64{0.3, 0, 0},
	},
	{
		// A fixed platform rising at 1 m/s under a body falling at 2 m/s (row from the
		// platform, body A, to the body, B): the body leaves at the platform's speed and
		// the platform keeps its velocity. λ = m·3.
		name: "fixed moving platform", normals: true,
		build: func() *Problem {
			var p Problem
			p.Reset(3)
			p.AddBody(nil, nil, []float64{0, 1, 0})
			m, inv := body2D(1.5, 0.2)
			p.AddBody(m, inv, []float64{0, -2, 0})
			n := [2]float64{0, 1}
			ja := contact2D(n, [2]float64{})
			for i := range ja {
				ja[i] = -ja[i]
			}
			p.AddRow(NormalRow(0, 1, 0), ja, contact2D(n, [2]float64{}), 0)
			return &p
		},
		v: []float64{0, 1, 0, 0, 1, 0}, lambda: []float64{4.5},
	},
	{
		// Two equal balls, the left one moving at 1 m/s into the right: a plastic impact
		// leaves both at 0.5 m/s; λ = m·0.5.
		name: "plastic impact", normals: true,
		build: func() *Problem {
			var p Problem
			p.Reset(3)
			m, inv := body2D(1, 0.1)
			p.AddBody(m, inv, []float64{1, 0, 0})
			p.AddBody(m, inv, []float64{0, 0, 0})
			n := [2]float64{1, 0}
			ja := contact2D(n, [2]float64{})
			for i := range ja {
				ja[i] = -ja[i]
			}
			p.AddRow(NormalRow(0, 1, 0), ja, contact2D(n, [2]float64{}), 0)
			return &p
		},
		v: []float64{0.5, 0, 0, 0.5, 0, 0}, lambda: []float64{0.5},
	},
	{
		// Restitution through the bias: the block must leave at 0.5 m/s.
		name: "bias", normals: true,
		build: func() *Problem {
			var p Problem
			p.Reset(3)
			m, inv := body2D(2, 0.5)
			p.AddBody(m, inv, []float64{0, -1, 0})
			p.AddRow(NormalRow(0, -1, 0.5), contact2D([2]float64{0, 1}, [2]float64{}), nil, 0)
			return &p
		},
		v: []float64{0, 0.5, 0}, lambda: []float64{3},
	},
	{
		// Sliding: friction μ = 0.5 removes μ·λ_n/m = 0.5 m/s of the 5 m/s.
		name: "sliding friction",
		build: func() *Problem {
			var p Problem
			p.Reset(3)
			m, inv := body2D(2, 0.5)
			p.AddBody(m, inv, []float64{5, -1, 0})
			n := p.AddRow(NormalRow(0, -1, 0), contact2D([2]float64{0, 1}, [2]float64{}), nil, 0)
			p.AddRow(FrictionRow(0, -1, n, 0.5), contact2D([2]float64{1, 0}, [2]float64{}), nil, 0)
			return &p
		},
		v: []float64{4.5, 0, 0}, lambda: []float64{2, -1},
	},
	{
		// Sticking: 0.2 m/s of slip needs 0.4 N·s, inside the cone of 0.5·2 N·s.
		name: "sticking friction",
		build: func() *Problem {
			var p Problem
			p.Reset(3)
			m, inv := body2D(2, 0.5)
			p.AddBody(m, inv, []float64{0.2, -1, 0})
			n := p.AddRow(NormalRow(0, -1, 0), contact2D([2]float64{0, 1}, [2]float64{}), nil, 0)
			p.AddRow(FrictionRow(0, -1, n, 0.5), contact2D([2]float64{1, 0}, [2]float64{}), nil, 0)
			return &p
		},
		v: []float64{0, 0, 0}, lambda: []float64{2, -0.4},
	},
}

// sceneNamed returns the scene with the given name.
func sceneNamed(name string) scene {
	for _, sc := range scenes {
		if sc.name == name {
			return sc
		}
	}
	panic("no scene " + name)
}

// solvers are every Solver, PGS with enough sweeps to converge on the scenes.
func solvers() map[string]Solver {
	return map[string]Solver{
		"pgs":        &GaussSeidel{Iterations: 500},
		"pgs-blocks": &GaussSeidel{Iterations: 500, BlockNormals: true},
		"lcp":        &LCP{},
		"qp":         &QP{},
	}
}

func TestSolversOnScenes(t *testing.T) {
	for name, s := range solvers() {
		for _, sc := range scenes {
			t.Run(name+"/"+sc.name, func(t *testing.T) {
				p := sc.build()
				_, err := s.Solve(p)
				if !sc.normals && !strings.HasPrefix(name, "pgs") {
					if !errors.Is(err, errUnbounded) {
						t.Fatalf("err = %v, want the friction rows refused", err)
					}
					return
				}
				if err != nil {
					t.Fatal(err)
				}
				if d := maxDiff(p.V, sc.v); d > 1e-13 {
					t.Errorf("v⁺ = %v, want %v (off by %.3g)", p.V, sc.v, d)
				}
				if sc.lambda != nil && maxDiff(p.Lambda, sc.lambda) > 1e-13 {
					t.Errorf("λ = %v, want %v", p.Lambda, sc.lambda)
				}
				if r := p.Residual(); r > 1e-13 {
					t.Errorf("residual %.3g at the solution", r)
				}
			})
		}
	}
}

// TestFourLeggedTableImpulses checks the table's impulses against momentum: Σλ = m Δvy,
// Σλ r_x = I Δω, all finite and nonnegative.
func TestFourLeggedTableImpulses(t *testing.T) {
	for name, s := range solvers() {
		p := sceneNamed("four-legged table").build()
		if _, err := s.Solve(p); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		sum, moment := 0.0, 0.0
		for k, l := range p.Lambda {
			if !(l >= 0) || math.IsInf(l, 0) {
				t.Errorf("%s: λ = %v not finite and nonnegative", name, p.Lambda)
			}
			sum += l
			moment += l * []float64{-1, -0.3, 0.3, 1}[k]
		}
		if math.Abs(sum-2) > 1e-12 || math.Abs(moment+0.1) > 1e-12 {
			t.Errorf("%s: Σλ = %.15g (want 2), Σλ r_x = %.15g (want −0.1)", name, sum, moment)
		}
	}
}

// handoutProblem is a problem whose A = J M⁻¹ Jᵀ and b = J v are the handout's block on a
// table edge, A = [[13/20, 9/20], [9/20, 7/20]], b = (−2, −2): one planar body with unit
// mass and inertia whose two rows are the rows of A's Cholesky factor.
func handoutProblem() *Problem {
	var p Problem
	p.Reset(3)
	m, inv := body2D(1, 1)
	l11 := math.Sqrt(13.0 / 20)
	l21 := 9.0 / 20 / l11
	l22 := math.Sqrt(7.0/20 - l21*l21)
	// J v = (−2, −2) for v = (−2/l11, (−2 − l21 v0)/l22, 0).
	v0 := -2 / l11
	p.AddBody(m, inv, []float64{v0, (-2 - l21*v0) / l22, 0})
	p.AddRow(NormalRow(0, -1, 0), []float64{l11, 0, 0}, nil, 0)
	p.AddRow(NormalRow(0, -1, 0), []float64{l21, l22, 0}, nil, 0)
	return &p
}

// TestHandoutThroughProblem solves the handout's LCP as a Problem: the LCP gives
// λ = (0, 40/7) and the QP the same velocities and impulses.
func TestHandoutThroughProblem(t *testing.T) {
	lcp, qp := handoutProblem(), handoutProblem()
	if _, err := (&LCP{}).Solve(lcp); err != nil {
		t.Fatal(err)
	}
	if _, err := (&QP{}).Solve(qp); err != nil {
		t.Fatal(err)
	}
	a, b := make([]float64, 4), make([]float64, 2)
	handoutProblem().LCPMatrices(a, b)
	if maxDiff(a, []float64{13.0 / 20, 9.0 / 20, 9.0 / 20, 7.0 / 20}) > 1e-15 || maxDiff(b, []float64{-2, -2}) > 1e-15 {
		t.Fatalf("A = %v, b = %v: not the handout's", a, b)
	}
	if want := []float64{0, 40.0 / 7}; maxDiff(lcp.Lambda, want) > 1e-14 {
		t.Errorf("LCP λ = %v, want %v", lcp.Lambda, want)
	}
	if d := maxDiff(lcp.V, qp.V); d > 1e-14 {
		t.Errorf("QP v⁺ = %v, LCP v⁺ = %v: off by %.3g", qp.V, lcp.V, d)
	}
	if d := maxDiff(lcp.Lambda, qp.Lambda); d > 1e-13 {
		t.Errorf("QP λ = %v, LCP λ = %v", qp.Lambda, lcp.Lambda)
	}
}

// TestLCPMatchesQP checks that the two exact solvers give the same v⁺ on random contact
// problems, redundant ones included (duplicated rows, more rows than DOF), where λ need not
// be unique but v⁺ is.
func TestLCPMatchesQP(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, tc := range []struct {
		name string
		spec problemSpec
		dups int
	}{
		{"3D well-posed", problemSpec{dof: 6, bodies: 6, fixed: 1, normals: 12}, 0},
		{"2D more rows than DOF", problemSpec{dof: 3, bodies: 4, fixed: 1, normals: 20}, 0},
		{"2D duplicated rows", problemSpec{dof: 3, bodies: 5, fixed: 1, normals: 8}, 6},
		{"2D large redundant pile", problemSpec{dof: 3, bodies: 20, fixed: 2, normals: 80}, 30},
		{"3D large", problemSpec{dof: 6, bodies: 30, fixed: 2, normals: 100}, 10},
		{"2D mass ratios up to 1e6", problemSpec{dof: 3, bodies: 8, fixed: 1, normals: 30, massSpread: 1e3}, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			worst := 0.0
			var lcp LCP
			var qp QP
			for trial := range 40 {
				p := randomProblem(rng, tc.spec)
				for range tc.dups {
					k := rng.IntN(len(p.Rows))
					d := p.DOF
					p.AddRow(p.Rows[k], p.J[k*2*d:k*2*d+d], p.J[k*2*d+d:(k+1)*2*d], 0)
				}
				a, b := clone(p), clone(p)
				if _, err := lcp.Solve(a); err != nil {
					t.Fatalf("trial %d: lcp: %v", trial, err)
				}
				if _, err := qp.Solve(b); err != nil {
					t.Fatalf("trial %d: qp: %v", trial, err)
				}
				worst = max(worst, maxDiff(a.V, b.V)/(1+maxAbs(a.V)))
				if r := max(a.Residual(), b.Residual()); r > 1e-9 {
					t.Errorf("trial %d: residuals %.3g (lcp), %.3g (qp)", trial, a.Residual(), b.Residual())
				}
			}
			if worst > 1e-11 {
				t.Errorf("LCP and QP velocities differ by %.3g (relative)", worst)
			}
			t.Logf("largest relative LCP–QP velocity difference over 40 problems: %.3g", worst)
		})
	}
}

// TestValidate checks that malformed problems are refused with an error, not a panic.
func TestValidate(t *testing.T) {
	good := func() *Problem { return sceneNamed("sliding friction").build() }
	for _, tc := range []struct {
		name   string
		break_ func(p *Problem)
	}{
		{"no DOF", func(p *Problem) { p.DOF = 0 }},
		{"short V", func(p *Problem) { p.V = p.V[:2] }},
		{"short J", func(p *Problem) { p.J = p.J[:5] }},
		{"body out of range", func(p *Problem) { p.Rows[0].A = 3 }},
		{"same body twice", func(p *Problem) { p.Rows[0].B = 0 }},
		{"NaN bias", func(p *Problem) { p.Rows[0].Bias = math.NaN() }},
		{"friction on friction", func(p *Problem) { p.Rows[0].Normal = 1 }},
		{"negative μ", func(p *Problem) { p.Rows[1].Mu = -1 }},
		{"empty bounds", func(p *Problem) { p.Rows[0].Lo = 1; p.Rows[0].Hi = 0 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for name, s := range solvers() {
				p := good()
				tc.break_(p)
				if _, err := s.Solve(p); err == nil {
					t.Errorf("%s accepted it", name)
				}
			}
		})
	}
}

// TestExactSolversOnDegenerateTowers runs the exact solvers on frictionless towers whose
// contacts are exactly degenerate, as a detector produces them: every corner contact twice
// (found from both bodies) and, in 2D, a third collinear contact per interface. The LCP and
// the QP must agree on v⁺, stay finite, and leave every box at rest on the one below.
func TestExactSolversOnDegenerateTowers(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	for _, dof := range []int{3, 6} {
		base := frictionless(towers(dof, 2, 8, interleaved))
		var p Problem
		p.Reset(dof)
		d := dof
		for i := range base.Bodies() {
			v := append([]float64(nil), base.V[i*d:(i+1)*d]...)
			if i > 0 {
				v[0] += 0.1 * rng.NormFloat64() // sliding and spinning too
				v[d-1] += 0.1 * rng.NormFloat64()
			}
			p.AddBody(base.Mass[i*d*d:(i+1)*d*d], base.InvMass[i*d*d:(i+1)*d*d], v)
		}
		for k, r := range base.Rows {
			ja, jb := base.J[k*2*d:k*2*d+d], base.J[k*2*d+d:(k+1)*2*d]
			p.AddRow(r, ja, jb, 0)
			p.AddRow(r, ja, jb, 0)
			if dof == 3 && k%2 == 1 { // the midpoint of the two corners: their average
				mid := make([]float64, 2*d)
				for i := range mid {
					mid[i] = 0.5 * (base.J[(k-1)*2*d+i] + base.J[k*2*d+i])
				}
				p.AddRow(r, mid[:d], mid[d:], 0)
			}
		}
		lcp, qp := clone(&p), clone(&p)
		if _, err := (&LCP{}).Solve(lcp); err != nil {
			t.Fatalf("%d DOF: lcp: %v", dof, err)
		}
		if _, err := (&QP{}).Solve(qp); err != nil {
			t.Fatalf("%d DOF: qp: %v", dof, err)
		}
		if dv := maxDiff(lcp.V, qp.V); dv > 1e-13 {
			t.Errorf("%d DOF: LCP and QP v⁺ differ by %.3g", dof, dv)
		}
		for _, q := range []*Problem{lcp, qp} {
			for k := range q.Rows {
				if w := q.RowVelocity(k); math.IsNaN(q.Lambda[k]) || w < -1e-13 || w > 1e-13 {
					t.Errorf("%d DOF: row %d: λ = %g, relative velocity %.3g (boxes must rest on each other)", dof, k, q.Lambda[k], w)
				}
			}
		}
	}
}
