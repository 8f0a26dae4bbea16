package pgs

import (
	"fmt"
	"testing"
)

// towers returns cols towers of `high` unit boxes (1 kg) on a fixed floor (body 0), every
// box falling at g·dt = 9.81/60 m/s, so every contact row is active and every sweep changes
// every impulse. In 3D each box touches the one below on four corners with a normal and two
// friction rows (12 rows per box); in 2D on two corners with a normal and one friction row
// (4 rows per box). All rows are two-body rows.
func towers(dof, cols, high int) *Problem {
	var p Problem
	p.Reset(dof)
	p.AddBody(nil, nil, nil)
	mass, inv := make([]float64, dof*dof), make([]float64, dof*dof)
	inertia := 1.0 / 6 // unit cube (and unit square), 1 kg
	for i := range dof {
		mass[i*dof+i], inv[i*dof+i] = 1, 1
		if i >= dof/2 && dof == 6 || dof == 3 && i == 2 {
			mass[i*dof+i], inv[i*dof+i] = inertia, 1/inertia
		}
	}
	v := make([]float64, dof)
	v[1] = -9.81 / 60
	corners := [][3]float64{{-0.5, 0, -0.5}, {0.5, 0, -0.5}, {0.5, 0, 0.5}, {-0.5, 0, 0.5}}
	tangents := [][3]float64{{1, 0, 0}, {0, 0, 1}}
	if dof == 3 {
		corners, tangents = corners[:2], tangents[:1]
	}
	ja, jb := make([]float64, dof), make([]float64, dof)
	// jac fills the Jacobian block of direction n at offset r (3D: [n; r × n], 2D: [n; r × n]).
	jac := func(j []float64, n, r [3]float64, sign float64) {
		if dof == 3 {
			j[0], j[1], j[2] = sign*n[0], sign*n[1], sign*(r[0]*n[1]-r[1]*n[0])
			return
		}
		c := [3]float64{r[1]*n[2] - r[2]*n[1], r[2]*n[0] - r[0]*n[2], r[0]*n[1] - r[1]*n[0]}
		for i := range 3 {
			j[i], j[3+i] = sign*n[i], sign*c[i]
		}
	}
	for range cols {
		below := 0
		for level := range high {
			b := p.AddBody(mass, inv, v)
			for _, c := range corners {
				ra := [3]float64{c[0], 0.5, c[2]} // from the centre of the box below (floor: any)
				rb := [3]float64{c[0], -0.5, c[2]}
				if level == 0 {
					ra = [3]float64{}
				}
				jac(ja, [3]float64{0, 1, 0}, ra, -1)
				jac(jb, [3]float64{0, 1, 0}, rb, 1)
				n := p.AddRow(NormalRow(below, b, 0), ja, jb, 0)
				for _, t := range tangents {
					jac(ja, t, ra, -1)
					jac(jb, t, rb, 1)
					p.AddRow(FrictionRow(below, b, n, 0.5), ja, jb, 0)
				}
			}
			below = b
		}
	}
	return &p
}

// BenchmarkGaussSeidel reports ns per row per sweep of a cold solve (setup and warm start
// included) on about 1000 active two-body rows: 7 towers of 12 cubes in 3D (1008 rows), 25
// towers of 10 squares in 2D (1000 rows). With 10 sweeps (the default) the per-solve setup
// is spread over 10 sweeps; with 100 the number approaches the cost of the sweep loop alone.
func BenchmarkGaussSeidel(b *testing.B) {
	for _, tc := range []struct {
		name              string
		dof, cols, levels int
	}{{"3D", 6, 7, 12}, {"2D", 3, 25, 10}} {
		p := towers(tc.dof, tc.cols, tc.levels)
		v0 := append([]float64(nil), p.V...)
		for _, sweeps := range []int{10, 100} {
			s := GaussSeidel{Iterations: sweeps}
			b.Run(fmt.Sprintf("%s/sweeps=%d", tc.name, sweeps), func(b *testing.B) {
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
