package contact_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/pgs"
)

// The floor of a sweep: what one visit of a contact row costs in the leanest Go we could
// write, to set the solver's cost beside the peers' (docs/benchmarks.md, "What the peers'
// speed would take").
// A floorRow is a contact row laid out as Bullet's and Box2D's solvers lay it out, for
// contact rows only: the linear Jacobian once (body B's is its negative), the angular
// Jacobian and I⁻¹ times it per body, the inverse masses as scalars; 17 numbers where the
// general pgs row keeps 24. Its sweep is written out with no generality left: no blocks,
// no shock sweep, no residual.

// floorRow is one contact row (normal or friction) in the floor layout.
type floorRow struct {
	a, b           int32      // bodies; b is the static body for a row on one body
	normal         int32      // a friction row's normal row, −1 for a normal row
	n              [3]float64 // body A's linear Jacobian; body B's is −n
	ra, rb         [3]float64 // the angular Jacobians
	ia, ib         [3]float64 // I⁻¹ times them
	ma, mb         float64    // inverse masses
	bias, invD, mu float64
}

// floorVel is a body's velocity.
type floorVel struct{ v, w [3]float64 }

// floorProblem is p in the floor layout, with one static body after p's bodies for the rows
// on one body. It fails the benchmark on a row that is not a contact row.
func floorProblem(tb testing.TB, p *pgs.Problem) ([]floorRow, []floorVel) {
	tb.Helper()
	nb := p.Bodies()
	vel := make([]floorVel, nb+1)
	for i := range nb {
		v := p.V[6*i:]
		vel[i] = floorVel{[3]float64{v[0], v[1], v[2]}, [3]float64{v[3], v[4], v[5]}}
	}
	// half returns body i's inverse mass and I⁻¹ times the angular part of jac.
	half := func(i int, jac []float64) (float64, [3]float64) {
		m := p.InvMass[36*i:]
		var iw [3]float64
		for r := range 3 {
			iw[r] = m[6*(3+r)+3]*jac[3] + m[6*(3+r)+4]*jac[4] + m[6*(3+r)+5]*jac[5]
		}
		return m[0], iw
	}
	rows := make([]floorRow, len(p.Rows))
	for k, r := range p.Rows {
		ja, jb := p.J[12*k:12*k+6], p.J[12*k+6:12*k+12]
		if r.B >= 0 && (ja[0] != -jb[0] || ja[1] != -jb[1] || ja[2] != -jb[2]) {
			tb.Fatalf("row %d is not a contact row: linear Jacobians %v and %v", k, ja[:3], jb[:3])
		}
		f := floorRow{a: int32(r.A), b: int32(nb), normal: int32(r.Normal), mu: r.Mu, bias: r.Bias,
			n: [3]float64{ja[0], ja[1], ja[2]}, ra: [3]float64{ja[3], ja[4], ja[5]}}
		f.ma, f.ia = half(r.A, ja)
		if r.B >= 0 {
			f.b, f.rb = int32(r.B), [3]float64{-jb[3], -jb[4], -jb[5]}
			f.mb, f.ib = half(r.B, jb)
			f.ib = [3]float64{-f.ib[0], -f.ib[1], -f.ib[2]}
		}
		d := f.ma*dot3(f.n, f.n) + dot3(f.ra, f.ia) + f.mb*dot3(f.n, f.n) + dot3(f.rb, f.ib)
		f.invD = 1 / d
		rows[k] = f
	}
	return rows, vel
}

func dot3(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }

// floorSweep visits every row once: λ ← clamp(λ − w/D), the change applied at once.
func floorSweep(rows []floorRow, vel []floorVel, lambda []float64) {
	for k := range rows {
		r := &rows[k]
		A, B := &vel[r.a], &vel[r.b]
		w := r.n[0]*(A.v[0]-B.v[0]) + r.n[1]*(A.v[1]-B.v[1]) + r.n[2]*(A.v[2]-B.v[2]) +
			r.ra[0]*A.w[0] + r.ra[1]*A.w[1] + r.ra[2]*A.w[2] -
			r.rb[0]*B.w[0] - r.rb[1]*B.w[1] - r.rb[2]*B.w[2] - r.bias
		lo, hi := 0.0, math.Inf(1)
		if r.normal >= 0 {
			hi = r.mu * lambda[r.normal]
			lo = -hi
		}
		old := lambda[k]
		l := min(max(old-w*r.invD, lo), hi)
		lambda[k] = l
		dl := l - old
		axpy3(&A.v, dl*r.ma, &r.n)
		axpy3(&B.v, -dl*r.mb, &r.n)
		axpy3(&A.w, dl, &r.ia)
		axpy3(&B.w, -dl, &r.ib)
	}
}

// axpy3 adds a·x to y (inlined).
func axpy3(y *[3]float64, a float64, x *[3]float64) {
	y[0] += a * x[0]
	y[1] += a * x[1]
	y[2] += a * x[2]
}

// floorScenes are the problems the floor is measured on: each scene's velocity solve at
// step 300, pyramid20 standing and pile1000 falling into its heap.
var floorScenes = []struct {
	name  string
	steps int
}{{"pyramid20", 300}, {"pile1000", 300}}

// TestFloorSweepSolvesTheSameProblem holds the floor to the problem it is timed on: from
// no warm start, its sweeps give the velocities of pgs.GaussSeidel's plain sweeps to
// rounding (the order of operations differs).
func TestFloorSweepSolvesTheSameProblem(t *testing.T) {
	p := sceneProblem(t, "pyramid20", 60)
	clear(p.Lambda)
	rows, vel := floorProblem(t, p)
	lambda := make([]float64, len(rows))
	for range contact.DefaultIterations {
		floorSweep(rows, vel, lambda)
	}
	gs := pgs.GaussSeidel{Iterations: contact.DefaultIterations}
	if _, err := gs.Solve(p); err != nil {
		t.Fatal(err)
	}
	worst, scale := 0.0, 0.0
	for i := range p.Bodies() {
		v := p.V[6*i:]
		f := vel[i]
		for j := range 3 {
			worst = max(worst, math.Abs(v[j]-f.v[j]), math.Abs(v[3+j]-f.w[j]))
			scale = max(scale, math.Abs(v[j]), math.Abs(v[3+j]))
		}
	}
	t.Logf("%d rows: largest velocity difference %.3g of %.3g", len(rows), worst, scale)
	if !(worst <= 1e-9*scale) {
		t.Errorf("floor and GaussSeidel differ by %.3g m/s (velocities up to %.3g)", worst, scale)
	}
}

// BenchmarkSweepFloor times ten sweeps (the peers' iteration count) on each scene's
// problem: "default" is the World's own velocity solve (blocks, shock sweep, tolerance, the
// eight sweeps a step leaves it), "plain" pgs.GaussSeidel row by row, "floor" floorSweep.
// Each reports ms per solve, the number to set beside a peer's whole step, and ns per row
// and sweep.
func BenchmarkSweepFloor(b *testing.B) {
	for _, sc := range floorScenes {
		p := sceneProblem(b, sc.name, sc.steps)
		v0, l0 := append([]float64(nil), p.V...), append([]float64(nil), p.Lambda...)
		report := func(b *testing.B, sweeps int) {
			per := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
			b.ReportMetric(per/1e6, "ms/solve")
			b.ReportMetric(per/float64(len(p.Rows)*sweeps), "ns/row/sweep")
		}
		solvers := []struct {
			name   string
			gs     pgs.GaussSeidel
			sweeps int
		}{
			{"default", velocitySolver(), 0},
			{"plain", pgs.GaussSeidel{Iterations: contact.DefaultIterations}, contact.DefaultIterations},
		}
		for _, s := range solvers {
			b.Run(fmt.Sprintf("%s/%s", sc.name, s.name), func(b *testing.B) {
				sweeps := s.sweeps
				for b.Loop() {
					copy(p.V, v0)
					copy(p.Lambda, l0)
					st, err := s.gs.Solve(p)
					if err != nil {
						b.Fatal(err)
					}
					if s.sweeps == 0 {
						sweeps = st.Iterations
					}
				}
				report(b, sweeps)
			})
		}
		b.Run(sc.name+"/floor", func(b *testing.B) {
			rows, vel0 := floorProblem(b, p)
			vel, lambda := make([]floorVel, len(vel0)), make([]float64, len(rows))
			for b.Loop() {
				copy(vel, vel0)
				copy(lambda, l0)
				for range contact.DefaultIterations {
					floorSweep(rows, vel, lambda)
				}
			}
			report(b, contact.DefaultIterations)
		})
	}
}
