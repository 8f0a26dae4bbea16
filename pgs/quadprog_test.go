package pgs

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// kktError returns the worst of the four KKT violations of (x, u) for the QP, each relative
// to the size of the terms it compares: stationarity G x + g0 = Σ u_i C_i, primal
// feasibility C_i x ≥ c_i, dual feasibility u ≥ 0 and complementarity u_i (C_i x − c_i) = 0.
func kktError(n, m int, g, g0, ct, c, x, u []float64) (stat, primal, dual, compl float64) {
	for r := range n {
		v, scale := g0[r], math.Abs(g0[r])
		for k := range n {
			v += g[r*n+k] * x[k]
			scale += math.Abs(g[r*n+k] * x[k])
		}
		for i := range m {
			v -= u[i] * ct[i*n+r]
			scale += math.Abs(u[i] * ct[i*n+r])
		}
		stat = max(stat, math.Abs(v)/(1+scale))
	}
	for i := range m {
		s, scale := -c[i], math.Abs(c[i])
		for k := range n {
			s += ct[i*n+k] * x[k]
			scale += math.Abs(ct[i*n+k] * x[k])
		}
		primal = max(primal, -s/(1+scale))
		dual = max(dual, -u[i])
		compl = max(compl, math.Abs(u[i]*s)/(1+scale*(1+math.Abs(u[i]))))
	}
	return
}

// randomQP returns a strictly convex QP with m random constraints that a random point
// satisfies, plus `extra` redundant ones: duplicates and nonnegative combinations of others
// (linearly dependent normals, as redundant contacts give).
func randomQP(rng *rand.Rand, n, m, extra int) (g, g0, ct, c []float64) {
	g, _ = randomSPD(rng, n)
	g0 = make([]float64, n)
	star := make([]float64, n)
	for i := range n {
		g0[i] = 3 * rng.NormFloat64()
		star[i] = rng.NormFloat64()
	}
	for i := range m + extra {
		row := make([]float64, n)
		var ci float64
		if i < m || i == 0 {
			for k := range row {
				row[k] = rng.NormFloat64()
			}
			ci = dot(row, star) - rng.Float64()*float64(rng.IntN(2))
		} else { // a combination of up to two earlier constraints
			a, b := rng.IntN(i), rng.IntN(i)
			wa, wb := rng.Float64(), float64(rng.IntN(2))*rng.Float64()
			for k := range row {
				row[k] = wa*ct[a*n+k] + wb*ct[b*n+k]
			}
			ci = wa*c[a] + wb*c[b]
		}
		ct = append(ct, row...)
		c = append(c, ci)
	}
	return g, g0, ct, c
}

func TestQPKKT(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, tc := range []struct {
		name        string
		n, m, extra int
		trials      int
	}{
		{"few constraints", 6, 3, 0, 100},
		{"more constraints than variables", 4, 12, 0, 100},
		{"redundant constraints", 6, 5, 6, 100},
		{"many redundant constraints", 12, 20, 20, 50},
		{"one variable", 1, 4, 3, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var q QP
			var worst [4]float64
			for trial := range tc.trials {
				g, g0, ct, c := randomQP(rng, tc.n, tc.m, tc.extra)
				m := len(c)
				x, u := make([]float64, tc.n), make([]float64, m)
				if _, err := q.SolveDense(tc.n, m, g, g0, ct, c, x, u); err != nil {
					t.Fatalf("trial %d: %v", trial, err)
				}
				e := [4]float64{}
				e[0], e[1], e[2], e[3] = kktError(tc.n, m, g, g0, ct, c, x, u)
				for k := range e {
					worst[k] = max(worst[k], e[k])
				}
			}
			for k, name := range []string{"stationarity", "primal feasibility", "dual feasibility", "complementarity"} {
				if worst[k] > 1e-12 {
					t.Errorf("%s violated by %.3g > 1e-12", name, worst[k])
				}
			}
			t.Logf("worst KKT violations (stationarity, primal, dual, complementarity): %.2g", worst)
		})
	}
}

// TestQPInfeasible checks that contradictory constraints give ErrNoSolution.
func TestQPInfeasible(t *testing.T) {
	g := []float64{1, 0, 0, 1}
	ct := []float64{1, 0, -1, 0} // x ≥ 1 and −x ≥ 0
	c := []float64{1, 0}
	x, u := make([]float64, 2), make([]float64, 2)
	if _, err := SolveQP(2, 2, g, []float64{0, 0}, ct, c, x, u); !errors.Is(err, ErrNoSolution) {
		t.Fatalf("err = %v, want ErrNoSolution", err)
	}
}

// TestQPClosedForm checks the projection of a = (1, −2) onto a half-plane and a corner:
// min ½|x − a|², with minimum ½ dist².
func TestQPClosedForm(t *testing.T) {
	for _, tc := range []struct {
		name  string
		ct, c []float64
		x, u  []float64
		f     float64
	}{
		// subject to y ≥ 0: x = (1, 0), u = 2.
		{"half-plane", []float64{0, 1}, []float64{0}, []float64{1, 0}, []float64{2}, 2},
		// also x ≤ 0.5: x = (0.5, 0), u = (2, 0.5).
		{"corner", []float64{0, 1, -1, 0}, []float64{0, -0.5}, []float64{0.5, 0}, []float64{2, 0.5}, 2.125},
		// the same corner given twice: multipliers finite, x unchanged.
		{"duplicated corner", []float64{0, 1, -1, 0, 0, 1, -1, 0}, []float64{0, -0.5, 0, -0.5}, []float64{0.5, 0}, nil, 2.125},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := len(tc.c)
			x, u := make([]float64, 2), make([]float64, m)
			f, err := SolveQP(2, m, []float64{1, 0, 0, 1}, []float64{-1, 2}, tc.ct, tc.c, x, u)
			if err != nil {
				t.Fatal(err)
			}
			// f includes the constant −½|(1, −2)|² = −2.5 dropped from the objective.
			if maxDiff(x, tc.x) > 1e-15 || math.Abs(f+2.5-tc.f) > 1e-15 {
				t.Errorf("x = %v, f = %g, want %v, %g", x, f+2.5, tc.x, tc.f)
			}
			if tc.u != nil && maxDiff(u, tc.u) > 1e-15 {
				t.Errorf("u = %v, want %v", u, tc.u)
			}
			if tc.u == nil && (u[0]+u[2] != 2 || u[1]+u[3] != 0.5) {
				t.Errorf("u = %v: duplicated constraints' multipliers must add up to (2, 0.5)", u)
			}
		})
	}
}

// TestQPNeedsMass checks that a body with an inverse mass but no mass block (PGS alone does
// not need Mass) is refused rather than treated as fixed.
func TestQPNeedsMass(t *testing.T) {
	for name, strip := range map[string]func(p *Problem){
		"zero block": func(p *Problem) { clear(p.Mass) },
		"no Mass":    func(p *Problem) { p.Mass = nil },
	} {
		p := sceneNamed("block lands").build()
		strip(p)
		if _, err := (&QP{}).Solve(p); err == nil {
			t.Errorf("%s: QP accepted a body without a mass block", name)
		}
		for sname, s := range map[string]Solver{"pgs": &GaussSeidel{}, "lcp": &LCP{}} {
			p := sceneNamed("block lands").build()
			strip(p)
			if _, err := s.Solve(p); err != nil || maxDiff(p.V, sceneNamed("block lands").v) > 1e-15 {
				t.Errorf("%s, %s: v⁺ = %v, err %v; PGS and LCP do not need Mass", name, sname, p.V, err)
			}
		}
	}
}
