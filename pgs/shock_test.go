package pgs

import (
	"math"
	"strings"
	"testing"
)

// fallingColumn returns a 3D problem of n unit-mass bodies (unit inertia) stacked on the
// ground, all falling at 1 m/s: a normal row (y up) between the ground and body 0, then
// between body k−1 and body k, bottom-up, with levels 0, 1, … when levels is set.
func fallingColumn(n int, levels bool) *Problem {
	p := &Problem{}
	p.Reset(6)
	id := make([]float64, 36)
	for i := range 6 {
		id[i*6+i] = 1
	}
	for k := range n {
		p.AddBody(id, id, []float64{0, -1, 0, 0, 0, 0})
		if levels {
			p.Level = append(p.Level, k)
		}
	}
	up, down := []float64{0, 1, 0, 0, 0, 0}, []float64{0, -1, 0, 0, 0, 0}
	p.AddRow(NormalRow(0, -1, 0), up, nil, 0)
	for k := 1; k < n; k++ {
		p.AddRow(NormalRow(k-1, k, 0), down, up, 0)
	}
	return p
}

// One shock sweep bottom-up stops a falling column of ten bodies exactly: every body ends
// at rest, every row non-approaching, whereas one plain sweep leaves the upper bodies
// approaching (Gauss–Seidel carries the stop up the column one body per sweep at best).
func TestShockSweepStopsAColumn(t *testing.T) {
	for _, tc := range []struct {
		name   string
		levels bool
	}{{"shock", true}, {"plain", false}} {
		t.Run(tc.name, func(t *testing.T) {
			p := fallingColumn(10, tc.levels)
			s := &GaussSeidel{Iterations: 1, Shock: true, BlockNormals: true}
			if _, err := s.Solve(p); err != nil {
				t.Fatal(err)
			}
			worst := 0.0
			for k := range p.Rows {
				worst = min(worst, p.RowVelocity(k))
			}
			if tc.levels {
				for i := range p.Bodies() {
					if v := p.Velocity(i)[1]; math.Abs(v) > 1e-15 {
						t.Errorf("body %d moves at %g m/s after the shock sweep", i, v)
					}
				}
				if worst < -1e-15 {
					t.Errorf("a row approaches at %g m/s after the shock sweep", -worst)
				}
				// Between bodies alike the one-sided impulses are not kept for the warm
				// start: Lambda holds the plain sweeps' impulses, and there were none.
				for k, l := range p.Lambda {
					if l != 0 {
						t.Errorf("row %d: impulse %g N·s kept from the shock sweep, want 0", k, l)
					}
				}
			} else if worst > -0.1 {
				t.Errorf("one plain sweep left every row non-approaching (worst %g m/s): the test shows nothing", worst)
			}
		})
	}
}

// A heavy body resting on a light one keeps the shock sweep's impulse for the warm start,
// the support the plain sweeps cannot carry through the light body: a 100 kg body falling
// at 1 m/s onto a 1 kg one on the ground is stopped by 100 N·s, and that is what Lambda
// holds; between bodies alike it holds the plain sweeps' impulses (TestShockSweepStopsAColumn).
func TestShockSweepKeepsHeavyOnLight(t *testing.T) {
	p := &Problem{}
	p.Reset(6)
	block := func(m float64) []float64 {
		b := make([]float64, 36)
		for i := range 6 {
			b[i*6+i] = m
		}
		return b
	}
	up, down := []float64{0, 1, 0, 0, 0, 0}, []float64{0, -1, 0, 0, 0, 0}
	p.AddBody(block(1), block(1), []float64{0, 0, 0, 0, 0, 0})       // light, on the ground
	p.AddBody(block(100), block(0.01), []float64{0, -1, 0, 0, 0, 0}) // heavy, falling onto it
	p.Level = []int{0, 1}
	p.AddRow(NormalRow(0, -1, 0), up, nil, 0)
	p.AddRow(NormalRow(0, 1, 0), down, up, 0)
	s := &GaussSeidel{Iterations: 1, Shock: true, BlockNormals: true}
	if _, err := s.Solve(p); err != nil {
		t.Fatal(err)
	}
	if v := p.Velocity(1)[1]; math.Abs(v) > 1e-12 {
		t.Errorf("the heavy body moves at %g m/s after the shock sweep", v)
	}
	if l := p.Lambda[1]; math.Abs(l-100) > 1e-9 {
		t.Errorf("impulse %g N·s kept between the light and the heavy body, want the shock sweep's 100", l)
	}
}

// With PlainAfterShock the shock sweep comes that many sweeps before the end: of two sweeps
// on the falling column, the first stops it, and the plain one after it finds nothing left
// to do; with the shock sweep last, the plain sweep before it leaves the upper bodies
// approaching, and the shock sweep stops them.
func TestPlainSweepAfterShock(t *testing.T) {
	for _, after := range []int{0, 1} {
		p := fallingColumn(10, true)
		s := &GaussSeidel{Iterations: 2, Shock: true, BlockNormals: true, PlainAfterShock: after}
		st, err := s.Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Iterations != 2 {
			t.Fatalf("PlainAfterShock %d: %d sweeps, want 2", after, st.Iterations)
		}
		for i := range p.Bodies() {
			if v := p.Velocity(i)[1]; math.Abs(v) > 1e-15 {
				t.Errorf("PlainAfterShock %d: body %d moves at %g m/s", after, i, v)
			}
		}
		first, last := st.Residuals[0], st.Residuals[1]
		if after == 1 && (first == 0 || last != 0) {
			t.Errorf("PlainAfterShock 1: residuals %g, %g; want the shock sweep's first, then 0", first, last)
		}
		if after == 0 && (first == 0 || last == 0) {
			t.Errorf("PlainAfterShock 0: residuals %g, %g; want both sweeps to move the column", first, last)
		}
	}
}

// A negative PlainAfterShock is refused, not read as 0.
func TestNegativePlainAfterShock(t *testing.T) {
	s := &GaussSeidel{Shock: true, PlainAfterShock: -1}
	if _, err := s.Solve(fallingColumn(3, true)); err == nil || !strings.Contains(err.Error(), "PlainAfterShock -1") {
		t.Errorf("Solve with PlainAfterShock -1: error %v, want one naming it", err)
	}
}
