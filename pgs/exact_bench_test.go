package pgs

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// BenchmarkExact reports ns per solve of the LCP and QP solvers on random feasible planar
// contact problems of n normal rows over n/2 + 1 free bodies and one fixed body (so that most
// rows are active and, from n = 8 on, A is singular: more rows than DOF is common in piles).
func BenchmarkExact(b *testing.B) {
	for _, n := range []int{2, 8, 32, 128} {
		rng := rand.New(rand.NewPCG(17, uint64(n)))
		p := randomProblem(rng, problemSpec{dof: 3, bodies: n/2 + 2, fixed: 1, normals: n})
		for _, solver := range []struct {
			name string
			s    Solver
		}{{"lcp", &LCP{}}, {"qp", &QP{}}} {
			s := solver.s
			b.Run(fmt.Sprintf("%s/n=%d", solver.name, n), func(b *testing.B) {
				q := clone(p)
				for b.Loop() {
					copy(q.V, p.V)
					if _, err := s.Solve(q); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
