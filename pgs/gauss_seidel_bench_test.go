package pgs

import (
	"fmt"
	"testing"
)

// BenchmarkGaussSeidel reports ns per row per sweep of a cold solve (setup and warm start
// included) on about 1000 active two-body rows: 7 towers of 12 cubes in 3D (1008 rows), 25
// towers of 10 squares in 2D (1000 rows). With 10 sweeps (the default) the per-solve setup
// is spread over 10 sweeps; with 100 the number approaches the cost of the sweep loop alone.
// "rows" solves row by row (rows interleaved per contact point); "blocks" lays each manifold
// out normals first and sets BlockNormals (blocks of four normal rows in 3D, two in 2D).
func BenchmarkGaussSeidel(b *testing.B) {
	for _, tc := range []struct {
		name              string
		dof, cols, levels int
	}{{"3D", 6, 7, 12}, {"2D", 3, 25, 10}} {
		for _, mode := range []struct {
			name   string
			layout rowLayout
			block  bool
		}{{"rows", interleaved, false}, {"blocks", grouped, true}} {
			p := towers(tc.dof, tc.cols, tc.levels, mode.layout)
			v0 := append([]float64(nil), p.V...)
			for _, sweeps := range []int{10, 100} {
				s := GaussSeidel{Iterations: sweeps, BlockNormals: mode.block}
				b.Run(fmt.Sprintf("%s/%s/sweeps=%d", tc.name, mode.name, sweeps), func(b *testing.B) {
					for b.Loop() {
						copy(p.V, v0)
						clear(p.Lambda)
						if _, err := s.Solve(p); err != nil {
							b.Fatal(err)
						}
					}
					perRowSweep := float64(b.Elapsed().Nanoseconds()) / float64(b.N) / float64(len(p.Rows)) / float64(sweeps)
					b.ReportMetric(perRowSweep, "ns/row/sweep")
				})
			}
		}
	}
}
