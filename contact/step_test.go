package contact

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// The position pass removes depth without adding kinetic energy and without lifting a body
// above where it would rest: a box started inside the floor rises to the slop below the
// surface, never higher, with no more kinetic energy than the same box started on the
// surface has (whatever the solve leaves, the same in both).
func TestPositionPassAddsNoEnergy(t *testing.T) {
	run := func(depth float64) (pen, maxKE, maxE float64) {
		box := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5 - depth, 0})
		w := floorWorld(0.5, box)
		for range 120 {
			mustStep(t, w)
			maxKE = max(maxKE, box.KineticEnergy())
			maxE = max(maxE, energy(w))
		}
		return 0.5 - box.P[1], maxKE, maxE
	}
	_, surfaceKE, _ := run(0)
	rest := 9.81 * 0.5 // energy of the 1 kg box resting on the surface
	for _, depth := range []float64{0.002, 0.005, 0.05} {
		pen, maxKE, maxE := run(depth)
		t.Logf("start %g m deep: final depth %.3g m, max KE %.3g J (from the surface: %.3g J), max E − E_rest %.3g J",
			depth, pen, maxKE, surfaceKE, maxE-rest)
		if pen > defaults.PenetrationSlop+1e-6 || pen < 0 {
			t.Errorf("start %g m deep: final depth %.3g m, want in [0, slop]", depth, pen)
		}
		if maxKE > surfaceKE*(1+1e-9) || maxE > rest {
			t.Errorf("start %g m deep: kinetic energy up to %.3g J, energy %.3g J above resting", depth, maxKE, maxE-rest)
		}
	}
}

// Warm started from the last step's impulses matched by id, 10 sweeps of PGS bring a resting
// body's residual below 1e-6 m/s within 100 steps, for a box (4 corners), an icosphere
// (1 corner) and a torus lying flat (4 of its 24 lowest corners).
func TestWarmStartConverges(t *testing.T) {
	ring := torus(0.5, 0.2, 2, mgl64.Vec3{0, 0.2, 0})
	tests := []struct {
		name string
		b    *body.Body
	}{
		{"box", boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})},
		{"icosphere", icosphere(0.5, 1, mgl64.Vec3{0, 0.5, 0})},
		{"torus", ring},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.b.P[1] -= lowest(tc.b)
			w := floorWorld(0.5, tc.b)
			first := -1
			for step := range 100 {
				mustStep(t, w)
				r := w.Stats.Residuals
				if res := r[len(r)-1]; res < 1e-6 && first < 0 {
					first = step
				}
			}
			r := w.Stats.Residuals
			t.Logf("residual below 1e-6 m/s from step %d; at step 100: %.3g m/s (%d contacts)", first, r[len(r)-1], w.Stats.Contacts)
			if first < 0 || r[len(r)-1] >= 1e-6 {
				t.Errorf("residual %.3g m/s after 100 steps", r[len(r)-1])
			}
		})
	}
}

// A cylinder standing on its 32-corner cap keeps the same four contact ids from step to
// step, so its impulses warm start.
func TestManifoldIDsPersist(t *testing.T) {
	cyl := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 1, 0})
	cyl.Mesh.Vertices = cylinderPoints(32, 0.5)
	w := floorWorld(0.5, cyl)
	w.EnableSleep = false // the ids of a live contact, step after step
	var ids []uint32
	changes := 0
	for step := range 300 {
		mustStep(t, w)
		m := w.contacts.prev[0] // this step's manifolds, after the swap
		var now []uint32
		for i := range m.N {
			now = append(now, m.Points[i].ID)
		}
		if step > 0 && !sameSet(ids, now) {
			changes++
		}
		ids = now
	}
	if changes > 0 || len(ids) != 4 {
		t.Errorf("contact ids changed %d times; final %v", changes, ids)
	}
}

func sameSet(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			found = found || x == y
		}
		if !found {
			return false
		}
	}
	return true
}

// Bodies sharing a mesh share its hull: it is computed once per mesh.
func TestHullPerMesh(t *testing.T) {
	a := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
	b := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{3, 0.5, 0})
	b.Mesh = a.Mesh
	w := floorWorld(0.5, a, b)
	mustStep(t, w)
	if w.contacts.hullsByShape.Len() != 1 || w.contacts.hulls[0] != w.contacts.hulls[1] {
		t.Errorf("%d hulls for one shared mesh", w.contacts.hullsByShape.Len())
	}
}

// After warm-up a step allocates nothing, also while bodies bounce and tumble.
func TestStepDoesNotAllocate(t *testing.T) {
	ring := torus(0.5, 0.2, 2, mgl64.Vec3{0, 1, 0})
	ring.V, ring.Omega = mgl64.Vec3{2, -3, 0}, mgl64.Vec3{3, 1, 5}
	w := floorWorld(0.5, ring, boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{3, 0.5, 0}))
	for range 30 {
		mustStep(t, w)
	}
	if n := testing.AllocsPerRun(100, func() { mustStep(t, w) }); n != 0 {
		t.Errorf("%g allocations per step", n)
	}
}

// Iterations bounds each solve of a step: the velocity solve, each guard round and the
// position pass take at most Iterations sweeps, and a flung torus's steps use all of them.
func TestIterationsSetTheSweeps(t *testing.T) {
	for _, n := range []int{1, 3, 10} {
		ring := torus(0.5, 0.2, 2, mgl64.Vec3{0, 1, 0})
		ring.V, ring.Omega = mgl64.Vec3{2, -3, 0}, mgl64.Vec3{3, 1, 5}
		w := floorWorld(0.5, ring)
		w.Iterations = n
		most := 0
		for range 120 {
			mustStep(t, w)
			checkSweeps(t, w, "")
			most = max(most, len(w.Stats.Residuals))
		}
		if most < n {
			t.Errorf("Iterations %d: the velocity solves took at most %d sweeps", n, most)
		}
	}
}
