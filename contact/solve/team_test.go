package solve

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/internal/work"
)

// solveAndPosition runs a velocity solve of a 30-box-wide wall pyramid (465 boxes, 1,365
// manifolds: enough to be shared; a third of them resist rolling) and then a position pass with corner rows on the ground and on a wall, on
// workers goroutines, and returns the problem.
func solveAndPosition(workers, sweeps int, tol float64) *Contacts {
	rng := rand.New(rand.NewPCG(6, 7))
	bodies, mans := pyramid(rng, 30)
	c := newContacts(bodies, mans)
	for k := 0; k < len(mans); k += 3 { // a third resist rolling
		c.SetRolling(k, 0.05, mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
	}
	var pool work.Pool
	c.Share(&pool, workers)
	c.Solve(sweeps, tol)
	c.BeginPosition()
	for k, m := range mans {
		bias := make([]float64, len(m.points))
		for i := range bias {
			bias[i] = 0.01 * rng.Float64()
		}
		c.SetPositionBias(k, bias)
	}
	for i := range 40 {
		c.AddCorner(i, mgl64.Vec3{0, -1, 0}, mgl64.Vec3{-0.5, -0.5, 0.5}, 0.01*rng.Float64(), true)
		c.AddCorner(i, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0.5, 0.5, -0.5}, 0.01*rng.Float64(), false)
	}
	c.Position(sweeps, tol)
	return c
}

// The warm start, the sweeps and the position pass shared out over goroutines give the
// serial solve's bits, for any number of workers: velocities, impulses, pseudo-velocities
// and residuals (waves.go). The sweeps run to the end, stop early on their tolerance, or
// stop after the shock sweep.
func TestSharedSolveIsTheSerialOne(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8)) // the team has at most one goroutine per processor
	for _, run := range []struct {
		sweeps int
		tol    float64
	}{{10, -1}, {10, 1e-3}, {2, -1}, {1, -1}} {
		serial := solveAndPosition(1, run.sweeps, run.tol)
		if len(serial.team.tasks) != 0 {
			t.Fatal("one worker shared its sweeps")
		}
		for _, workers := range []int{2, 3, 8} {
			c := solveAndPosition(workers, run.sweeps, run.tol)
			if n := c.waves.count(); n < 2 || n > len(c.cons)/4 {
				t.Fatalf("%d waves for %d manifolds", n, len(c.cons))
			}
			same := func(what string, a, b float64) {
				if math.Float64bits(a) != math.Float64bits(b) {
					t.Fatalf("%d sweeps, tolerance %g, %d workers: %s %v, serially %v", run.sweeps, run.tol, workers, what, a, b)
				}
			}
			for i := range c.vel {
				v, w := c.Velocity(i)
				sv, sw := serial.Velocity(i)
				pv, pw := c.Pseudo(i)
				spv, spw := serial.Pseudo(i)
				for d := range 3 {
					same("v", v[d], sv[d])
					same("ω", w[d], sw[d])
					same("pseudo v", pv[d], spv[d])
					same("pseudo ω", pw[d], spw[d])
				}
			}
			for k := range c.cons {
				for d := range 3 {
					if c.cons[k].roll >= 0 {
						same("angular impulse", c.rolls[k].lambda[d], serial.rolls[k].lambda[d])
					}
				}
				for i := range c.cons[k].n {
					for d := range 3 {
						same("impulse", c.cons[k].pts[i].lambda[d], serial.cons[k].pts[i].lambda[d])
					}
				}
			}
			if len(c.Residuals) != len(serial.Residuals) {
				t.Fatalf("%d workers: %d position sweeps, serially %d", workers, len(c.Residuals), len(serial.Residuals))
			}
			for i, r := range c.Residuals {
				same("position residual", r, serial.Residuals[i])
			}
		}
	}
}

// A shared solve and position pass allocate nothing once their storage has grown: the
// waves, the tasks and the goroutines' scratch are kept from solve to solve.
func TestSharedSolveDoesNotAllocate(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	bodies, mans := pyramid(rand.New(rand.NewPCG(6, 7)), 30)
	c := newContacts(bodies, mans)
	var pool work.Pool
	c.Share(&pool, 2)
	vel, cons := append([]velocity(nil), c.vel...), append([]constraint(nil), c.cons...)
	solve := func() {
		copy(c.vel, vel)
		copy(c.cons, cons)
		c.Solve(10, -1)
		c.BeginPosition()
		c.Position(10, -1)
	}
	solve()
	if c.waves.count() == 0 {
		t.Fatal("the solve was not shared")
	}
	if n := testing.AllocsPerRun(20, solve); n != 0 {
		t.Errorf("%g allocations per shared solve", n)
	}
}
