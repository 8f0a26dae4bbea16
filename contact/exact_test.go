package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// slopeColumn returns n unit cubes of 1 kg in a vertical column on a plane through the
// origin inclined by theta about z (descending toward +x), each turned to lie flush on the
// one below: cube k's centre is 1/cos θ above cube k−1's, so the column's weight stays over
// its base. Every surface has friction mu.
func slopeColumn(n int, theta, mu float64) (*World, []mgl64.Vec3) {
	normal := mgl64.Vec3{math.Sin(theta), math.Cos(theta), 0}
	var bodies []*body.Body
	var start []mgl64.Vec3
	for k := range n {
		p := normal.Mul(0.5).Add(mgl64.Vec3{0, float64(k) / math.Cos(theta), 0})
		b := boxBody(mgl64.Vec3{1, 1, 1}, 1, p)
		b.R = body.Exp(mgl64.Vec3{0, 0, -theta})
		bodies = append(bodies, b)
		start = append(start, p)
	}
	w := floorWorld(mu, bodies...)
	w.Planes[0].Normal = normal
	for range bodies {
		w.Materials = append(w.Materials, Material{Friction: mu})
	}
	return w, start
}

// slabStack returns n slabs (2 × 0.2 × 2 m, 4 kg) stacked flush on a plane inclined by theta
// as slopeColumn's, the slabs with friction slab and the plane with friction plane.
func slabStack(n int, theta, slab, plane float64) *World {
	normal := mgl64.Vec3{math.Sin(theta), math.Cos(theta), 0}
	w := floorWorld(plane)
	w.Planes[0].Normal = normal
	for k := range n {
		b := boxBody(mgl64.Vec3{2, 0.2, 2}, 4, normal.Mul(0.1+0.2*float64(k)))
		b.R = body.Exp(mgl64.Vec3{0, 0, -theta})
		w.Bodies = append(w.Bodies, b)
		w.Materials = append(w.Materials, Material{Friction: slab})
	}
	return w
}

// heavyOnLight returns a unit cube of mass heavy resting flush (drop = 0) or dropped from
// drop metres onto a unit cube of 1 kg on the floor, friction 0.5.
func heavyOnLight(heavy, drop float64) *World {
	light := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
	top := boxBody(mgl64.Vec3{1, 1, 1}, heavy, mgl64.Vec3{0, 1.5 + drop, 0})
	return floorWorld(0.5, light, top)
}

// A column of cubes on a 20° slope, each lying flush on the one below with its weight over
// the base, holds: every cube stays within 1 cm of its start for 6 s and moves sideways by
// less than 1 mm. Where friction is at μ everywhere, every error of the sweeps in a normal
// impulse became slip, and the top of fifteen slid 21 cm; the exact stage solves the column.
func TestColumnOnSlopeHolds(t *testing.T) {
	for _, n := range []int{3, 6, 10, 15} {
		w, start := slopeColumn(n, 20*math.Pi/180, 0.8)
		worst, side, exact := 0.0, 0.0, 0
		for range 360 {
			mustStep(t, w)
			exact += w.Stats.Exact.Islands + w.Stats.Exact.Held
			for k, b := range w.Bodies {
				worst = max(worst, b.P.Sub(start[k]).Len())
				side = max(side, math.Abs(b.P[2]-start[k][2]))
			}
		}
		t.Logf("column of %d: largest move %.3g m, sideways %.3g m; the exact stage solved or held it in %d of 360 steps", n, worst, side, exact)
		if worst > 0.01 || side > 1e-3 {
			t.Errorf("column of %d: a cube moved %.3g m (sideways %.3g m), want < 1 cm (< 1 mm)", n, worst, side)
		}
	}
}

// Slabs stacked on a 30° plane slide together as Coulomb says, with μ 0.5 on every surface
// and with the slabs' friction with each other (0.8) above theirs with the plane (mixed to
// 0.5): each by g(sin θ − μ cos θ)t²/2 = 2.957 m in 3 s, within 3% (the integrator's
// h²n(n+1)/2 is 0.56% above t²/2), and the slabs within 1 µm of each other. With μ equal on
// every surface the friction between the slabs is exactly at its bound, and every error of
// the sweeps in a normal impulse became slip: the top slab slid 6% too far.
func TestSlabsSlideTogether(t *testing.T) {
	theta := 30 * math.Pi / 180
	want := 9.81 * (math.Sin(theta) - 0.5*math.Cos(theta)) * 9 / 2
	for _, mu := range [][2]float64{{0.5, 0.5}, {0.8, 0.5 * 0.5 / 0.8}} {
		w := slabStack(4, theta, mu[0], mu[1])
		var start []mgl64.Vec3
		for _, b := range w.Bodies {
			start = append(start, b.P)
		}
		for range 180 {
			mustStep(t, w)
		}
		first := w.Bodies[0].P.Sub(start[0]).Len()
		for k, b := range w.Bodies {
			got := b.P.Sub(start[k]).Len()
			t.Logf("slabs μ %.2f, plane μ %.4f: slab %d slid %.6f m, want %.4f", mu[0], mu[1], k, got, want)
			if math.Abs(got-want) > 0.03*want || math.Abs(got-first) > 1e-6 {
				t.Errorf("slabs μ %g: slab %d slid %.6f m, want %.4f ± 3%% and the bottom slab's %.6f", mu[0], k, got, want, first)
			}
		}
	}
}

// A heavy cube on a light one, at mass ratios 10², 10⁴ and 10⁶, resting flush or dropped
// from 0.1 m: the light cube moves less than 5 mm in 3 s, and the total energy never rises
// above its first step's by more than 10⁻⁴ of it. The sweeps alone carry the heavy cube's
// weight down at rate M/(M + m) per sweep: at 10⁶ they squeezed the light cube out 700 m.
func TestHeavyOnLightHolds(t *testing.T) {
	for _, m := range []float64{1e2, 1e4, 1e6} {
		for _, drop := range []float64{0, 0.1} {
			w := heavyOnLight(m, drop)
			e0, rise, moved := 0.0, 0.0, 0.0
			for s := range 180 {
				mustStep(t, w)
				e := energy(w)
				if s == 0 {
					e0 = e
				}
				rise = max(rise, (e-e0)/math.Abs(e0))
				moved = max(moved, w.Bodies[0].P.Sub(mgl64.Vec3{0, 0.5, 0}).Len())
			}
			t.Logf("%g kg on 1 kg, dropped %g m: the light cube moved %.3g m, energy rose %.3g of the first step's", m, drop, moved, rise)
			if moved >= 5e-3 || rise > 1e-4 {
				t.Errorf("%g kg on 1 kg, dropped %g m: the light cube moved %.3g m (want < 5 mm), energy rose %.3g of the first step's (want ≤ 1e-4)",
					m, drop, moved, rise)
			}
		}
	}
}

// The exact stage treats a fixed body as it treats a plane: a 10⁶ kg cube on a 1 kg cube on
// a fixed slab, with no plane, holds to the same 5 mm, covered by the stage every step.
func TestHeavyOnLightOnFixedBody(t *testing.T) {
	slab := boxBody(mgl64.Vec3{4, 1, 4}, 1, mgl64.Vec3{0, -0.5, 0})
	slab.Fixed, slab.InvMass, slab.InvInertia = true, 0, mgl64.Mat3{}
	light := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
	heavy := boxBody(mgl64.Vec3{1, 1, 1}, 1e6, mgl64.Vec3{0, 1.5, 0})
	w := worldOf(mgl64.Vec3{0, -9.81, 0}, slab, light, heavy)
	w.EnableSleep = false
	moved := 0.0
	for range 180 {
		mustStep(t, w)
		if st := w.Stats.Exact; st.Islands+st.Held != 1 {
			t.Fatalf("step %d: exact stage %+v, want the island solved or held", w.Steps, st)
		}
		moved = max(moved, light.P.Sub(mgl64.Vec3{0, 0.5, 0}).Len())
	}
	t.Logf("the light cube moved %.3g m", moved)
	if moved >= 5e-3 {
		t.Errorf("the light cube moved %.3g m, want < 5 mm", moved)
	}
}
