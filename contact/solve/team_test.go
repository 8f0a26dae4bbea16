package solve

import (
	"cmp"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/internal/work"
)

// laidOut lays mans out in parts parts split along x (Layout), as the step splits a heap,
// and returns them with the layout and, per laid-out manifold, its index in mans.
func laidOut(bodies []testBody, mans []testManifold, parts int) ([]testManifold, *Layout, []int32) {
	from := make([]int32, len(mans))
	for k := range from {
		from[k] = int32(k)
	}
	var l Layout
	l.Sort(from, len(bodies), parts, func(k int32) float64 {
		m := mans[k]
		if m.b < 0 {
			return bodies[m.a].p[0]
		}
		return (bodies[m.a].p[0] + bodies[m.b].p[0]) / 2
	}, func(k int32) (a, b int32) { return int32(mans[k].a), int32(mans[k].b) })
	laid := make([]testManifold, len(mans))
	for q, k := range from {
		laid[q] = mans[k]
	}
	return laid, &l, from
}

// solveAndPosition runs a velocity solve of a 30-box-wide wall pyramid (465 boxes, 1,365
// manifolds: enough to be shared; a third of them resist rolling) and then a position pass
// with corner rows on the ground and on a wall, on workers goroutines with the manifolds
// laid out in parts parts (in sweep order, unshared, for none), and returns the problem
// and, per manifold, its index in the sweep order.
func solveAndPosition(workers, parts, sweeps int, tol float64) (*Contacts, []int32) {
	rng := rand.New(rand.NewPCG(6, 7))
	bodies, mans := pyramid(rng, 30)
	rolling := make([]mgl64.Vec3, len(mans))
	bias := make([][]float64, len(mans))
	for k, m := range mans {
		rolling[k] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		for range m.points {
			bias[k] = append(bias[k], 0.01*rng.Float64())
		}
	}
	laid, layout, from := mans, (*Layout)(nil), []int32(nil)
	if parts > 0 {
		laid, layout, from = laidOut(bodies, mans, parts)
	}
	of := func(q int) int {
		if from == nil {
			return q
		}
		return int(from[q])
	}
	c := newContacts(bodies, laid)
	for q := range laid {
		if of(q)%3 == 0 { // a third resist rolling
			c.SetRolling(q, 0.05, rolling[of(q)])
		}
	}
	var pool work.Pool
	c.Share(&pool, workers, layout)
	c.Solve(sweeps, tol)
	c.BeginPosition()
	for q := range laid {
		c.SetPositionBias(q, bias[of(q)])
	}
	for i := range 40 {
		c.AddCorner(i, mgl64.Vec3{0, -1, 0}, mgl64.Vec3{-0.5, -0.5, 0.5}, 0.01*rng.Float64(), true)
		c.AddCorner(i, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0.5, 0.5, -0.5}, 0.01*rng.Float64(), false)
	}
	c.Position(sweeps, tol)
	return c, from
}

// The warm start, the sweeps and the position pass shared out over goroutines, the
// manifolds laid out in parts, give the serial solve's bits, for any number of workers and
// of parts (more parts than goroutines: a goroutine runs several by turns): velocities,
// impulses, pseudo-velocities and residuals. The sweeps run to the end, stop early on
// their tolerance, or stop after the shock sweep.
func TestSharedSolveIsTheSerialOne(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(8)) // the team has at most one goroutine per processor
	for _, run := range []struct {
		sweeps int
		tol    float64
	}{{10, -1}, {10, 1e-3}, {2, -1}, {1, -1}} {
		serial, _ := solveAndPosition(1, 0, run.sweeps, run.tol)
		if serial.team.shares {
			t.Fatal("one worker shared its sweeps")
		}
		for _, team := range [][2]int{{2, 2}, {3, 3}, {8, 8}, {2, 5}} {
			workers, parts := team[0], team[1]
			c, from := solveAndPosition(workers, parts, run.sweeps, run.tol)
			if !c.team.shares || len(c.team.parts) != parts {
				t.Fatalf("%d workers, %d parts: shared %v in %d parts", workers, parts, c.team.shares, len(c.team.parts))
			}
			same := func(what string, a, b float64) {
				if math.Float64bits(a) != math.Float64bits(b) {
					t.Fatalf("%d sweeps, tolerance %g, %d workers, %d parts: %s %v, serially %v", run.sweeps, run.tol, workers, parts, what, a, b)
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
			for q := range c.cons {
				k := from[q]
				for d := range 3 {
					if c.cons[q].roll >= 0 {
						same("angular impulse", c.rollingOf(&c.cons[q]).lambda[d], serial.rollingOf(&serial.cons[k]).lambda[d])
					}
				}
				for i := range c.cons[q].n {
					for d := range 3 {
						same("impulse", c.cons[q].pts[i].lambda[d], serial.cons[k].pts[i].lambda[d])
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

// Laid out in parts and shared, a solve's manifolds give the bits of their sweep order in
// the exact stage too, which takes an island's manifolds in the waves of the sweep order
// (waves.go), not in the order they lie in, and solves the islands on two goroutines. 72 small wall pyramids, each an island the exact
// stage solves, their manifolds sorted by level across the pyramids as the step sorts
// them. With each island's manifolds taken in the order they lie in, the exact stage's
// impulses differed in their last bits.
func TestLayoutKeepsTheBits(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	const islands = 72 // 16 manifolds each: enough to share
	rng := rand.New(rand.NewPCG(8, 9))
	var bodies []testBody
	var mans []testManifold
	for i := range islands {
		bs, ms := pyramid(rng, 4)
		for j := range bs {
			bs[j].p[2] += 2 * float64(i) // side by side: the cut across x splits each
		}
		for _, m := range ms {
			m.a += len(bodies)
			if m.b >= 0 {
				m.b += len(bodies)
			}
			mans = append(mans, m)
		}
		bodies = append(bodies, bs...)
	}
	slices.SortStableFunc(mans, func(x, y testManifold) int { return cmp.Compare(bodies[x.a].level, bodies[y.a].level) })
	laid, layout, from := laidOut(bodies, mans, 2)
	solved := func(ms []testManifold, layout *Layout) *Contacts {
		c := newContacts(bodies, ms)
		var pool work.Pool
		c.Share(&pool, 2, layout)
		c.Solve(10, -1)
		if c.team.shares != (layout != nil) {
			t.Fatalf("shared %v with a layout %v", c.team.shares, layout != nil)
		}
		if st := c.Exact(1 << 20); st.Islands != islands {
			t.Fatalf("the exact stage: %+v, want the %d pyramids solved", st, islands)
		}
		return c
	}
	in, out := solved(mans, nil), solved(laid, layout)
	same := func(what string, a, b float64) {
		t.Helper()
		if math.Float64bits(a) != math.Float64bits(b) {
			t.Fatalf("%s: %v laid out in parts, %v in sweep order", what, b, a)
		}
	}
	for i := range bodies {
		v, w := in.Velocity(i)
		lv, lw := out.Velocity(i)
		for d := range 3 {
			same("velocity", v[d], lv[d])
			same("angular velocity", w[d], lw[d])
		}
	}
	for q, k := range from {
		for i := range mans[k].points {
			n, f := in.Impulses(int(k), i)
			ln, lf := out.Impulses(q, i)
			same("normal impulse", n, ln)
			for d := range 3 {
				same("friction impulse", f[d], lf[d])
			}
		}
	}
}

// A shared solve and position pass allocate nothing once their storage has grown: the
// parts, the waits and the goroutines' scratch are kept from solve to solve.
func TestSharedSolveDoesNotAllocate(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	bodies, mans := pyramid(rand.New(rand.NewPCG(6, 7)), 30)
	laid, layout, _ := laidOut(bodies, mans, 2)
	c := newContacts(bodies, laid)
	var pool work.Pool
	c.Share(&pool, 2, layout)
	vel, cons := append([]velocity(nil), c.vel...), append([]constraint(nil), c.cons...)
	solve := func() {
		copy(c.vel, vel)
		copy(c.cons, cons)
		c.Solve(10, -1)
		c.BeginPosition()
		c.Position(10, -1)
	}
	solve()
	if !c.team.shares {
		t.Fatal("the solve was not shared")
	}
	if n := testing.AllocsPerRun(20, solve); n != 0 {
		t.Errorf("%g allocations per shared solve", n)
	}
}
