package pgs

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkGaussSeidel reports ns per row per sweep on 1000 two-body 6-DOF rows (a contact
// normal and two friction rows per contact), the whole Solve (setup and warm start included).
func BenchmarkGaussSeidel(b *testing.B) {
	for _, dof := range []int{6, 3} {
		rng := rand.New(rand.NewPCG(1, 2))
		p := randomProblem(rng, problemSpec{dof: dof, bodies: 400, normals: 334, friction: 2, mu: 0.5})
		for k := range p.Rows { // make every row two-body
			if p.Rows[k].B < 0 {
				p.Rows[k].B = (p.Rows[k].A + 1) % 400
				for i := range dof {
					p.J[k*2*dof+dof+i] = rng.NormFloat64()
				}
			}
		}
		s := &GaussSeidel{}
		name := map[int]string{6: "3D", 3: "2D"}[dof]
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				if _, err := s.Solve(p); err != nil {
					b.Fatal(err)
				}
			}
			sweeps := float64(s.Iterations)
			if sweeps == 0 {
				sweeps = DefaultIterations
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(p.Rows))/sweeps, "ns/row/sweep")
		})
	}
}
