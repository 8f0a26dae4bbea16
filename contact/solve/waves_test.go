package solve

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// Laid out wave by wave (Layout), a solve's manifolds give the bits of their sweep order:
// the sweeps' velocities and impulses, and the exact stage's, which takes an island's
// manifolds in wave order. Eight small wall pyramids, each an island the exact stage
// solves, their manifolds sorted by level across the pyramids as the step sorts them.
// With each island's manifolds taken in the order they lie in, the exact stage's impulses
// differed in their last bits.
func TestLayoutKeepsTheBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	var bodies []testBody
	var mans []testManifold
	for range 8 {
		bs, ms := pyramid(rng, 4)
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
	order := make([]int32, len(mans))
	for k := range order {
		order[k] = int32(k)
	}
	var layout Layout
	layout.Sort(order, len(bodies), func(k int32) (a, b int32) { return int32(mans[k].a), int32(mans[k].b) })
	laid := make([]testManifold, len(mans))
	moved := 0
	for q, k := range order {
		laid[q] = mans[k]
		if int(k) != q {
			moved++
		}
	}
	if moved == 0 {
		t.Fatal("the layout kept the sweep order: it tests nothing")
	}
	solved := func(ms []testManifold) *Contacts {
		c := newContacts(bodies, ms)
		c.Solve(10, -1)
		if st := c.Exact(1 << 20); st.Islands != 8 {
			t.Fatalf("the exact stage solved %d islands, want the 8 pyramids", st.Islands)
		}
		return c
	}
	in, out := solved(mans), solved(laid)
	same := func(what string, a, b float64) {
		t.Helper()
		if math.Float64bits(a) != math.Float64bits(b) {
			t.Fatalf("%s: %v laid out by waves, %v in sweep order", what, b, a)
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
	for q, k := range order {
		for i := range mans[k].points {
			n, f := in.Impulses(int(k), i)
			ln, lf := out.Impulses(q, i)
			same("normal impulse", n, ln)
			for d := range 3 {
				same("friction impulse", f[d], lf[d])
			}
		}
	}
	t.Logf("%d of %d manifolds moved by the layout", moved, len(mans))
}
