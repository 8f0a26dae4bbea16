package planar_test

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	rigid "github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	contact "github.com/tumble-physics/tumble/contact/planar"
	"github.com/tumble-physics/tumble/pgs"
)

// tower returns a fixed floor and n unit boxes stacked on it, each 0.15 m above the one
// below (within the radii, 0.2), all falling at 1 m/s with a little spin: 2 contacts per
// interface, 2n in all, with the inelastic and elastic responses both having work to do.
func tower(b *testing.B, n int) []rigid.Body {
	bodies := []rigid.Body{body(b, 0.1, true, box(-3, -1, 3, 0)...)}
	for i := range n {
		y := 0.15 + 1.15*float64(i)
		bx := body(b, 0.1, false, box(-0.5, y, 0.5, y+1)...)
		bx.V = mgl64.Vec2{0, -1}
		bx.Omega = 0.01 * float64(i%3-1)
		bodies = append(bodies, bx)
	}
	return bodies
}

// BenchmarkSolve times one solve of each 2D response on towers of 1 to 64 boxes, by the
// number of contacts; ns/op is per solve (the problem is built once; each solve starts from
// the same velocities), iterations the solver's count (pivots, active-set changes,
// reflection passes or sweeps). PGS runs cold here (the warm start would find this very
// problem's answer); BenchmarkWarmStart times the matching that the warm start adds.
func BenchmarkSolve(b *testing.B) {
	for _, name := range fosssim.Responses {
		for _, n := range []int{1, 4, 16, 64} {
			bodies := tower(b, n)
			var d contact.Detector
			contacts := d.Detect(bodies)
			b.Run(fmt.Sprintf("%s/contacts=%d", name, len(contacts)), func(b *testing.B) {
				r, err := contact.New(fosssim.CollisionHandling{Response: name, Iterations: fosssim.DefaultPGSIterations})
				if err != nil {
					b.Fatal(err)
				}
				if name == "pgs" { // the same problem again would start from its own answer
					r.Solver = &coldGaussSeidel{pgs.GaussSeidel{Iterations: fosssim.DefaultPGSIterations}}
				}
				var p pgs.Problem
				contact.Build(&p, bodies, contacts)
				v0 := append([]float64(nil), p.V...)
				var st pgs.Stats
				for b.Loop() {
					copy(p.V, v0)
					clear(p.Lambda)
					if st, err = r.Solver.Solve(&p); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(st.Iterations), "iterations")
			})
		}
	}
}

// BenchmarkT3M2 runs every course contact scene (t3m2, t3m2_optional and the student's
// t3m2) to its end with its own response, one after the other: ns/op is the whole set.
func BenchmarkT3M2(b *testing.B) {
	files := glob(b, contactScenes...)
	steps := 0
	for b.Loop() {
		steps = 0
		for _, f := range files {
			scene, sys, _ := load(b, f)
			run(b, sys, scene.Steps())
			steps += scene.Steps()
		}
	}
	b.ReportMetric(float64(len(files)), "scenes")
	b.ReportMetric(float64(steps), "steps")
}

// BenchmarkWarmStart times PGS's warm start on its own: matching the rows of a 64-box tower
// (128 contacts) with those of the last solve, whose answer then stops the sweeps at once.
func BenchmarkWarmStart(b *testing.B) {
	bodies := tower(b, 64)
	var d contact.Detector
	var p pgs.Problem
	contact.Build(&p, bodies, d.Detect(bodies))
	v0 := append([]float64(nil), p.V...)
	s := &contact.GaussSeidel{GaussSeidel: pgs.GaussSeidel{Iterations: fosssim.DefaultPGSIterations}}
	for b.Loop() {
		copy(p.V, v0)
		if _, err := s.Solve(&p); err != nil {
			b.Fatal(err)
		}
	}
}
