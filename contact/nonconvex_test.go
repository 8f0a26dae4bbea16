package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/inertia"
)

// meshBody returns a body of mesh m (density 500 kg/m³) at pos.
func meshBody(t *testing.T, m *inertia.Mesh, scale float64, pos mgl64.Vec3) *body.Body {
	t.Helper()
	m = m.Transformed(mgl64.Vec3{scale, scale, scale})
	props, err := inertia.Compute(m, 500, inertia.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := body.New(m, props)
	b.P = pos
	return b
}

// The torus's hole is empty: a ball narrower than the hole (radius 0.5 m < 0.75 m) dropped
// over a fixed flat torus falls through it to the floor; one wider (0.9 m) sticks in it,
// resting on the inner rim where its centre is √((ρ + r)² − R²) above the torus's centre
// (ρ the ball's radius; the facets of both meshes move it by millimetres).
func TestTorusHoleIsEmpty(t *testing.T) {
	ball := builtinMesh(t, "icosphere") // radius 0.5 m
	for _, c := range []struct {
		radius, want float64
	}{
		{0.5, 0.5},                          // on the floor, through the hole
		{0.9, 2 + math.Sqrt(1.15*1.15-1*1)}, // stuck in the hole
	} {
		ring := meshBody(t, builtinMesh(t, "torus"), 1, mgl64.Vec3{0, 2, 0})
		ring.Fix()
		b := meshBody(t, ball, c.radius/0.5, mgl64.Vec3{0.01, 4, 0})
		w := floorWorld(0.5, ring, b)
		for range 300 {
			mustStep(t, w)
		}
		t.Logf("ball of radius %.1f m ends at y = %.4f m, want %.4f", c.radius, b.P[1], c.want)
		if math.Abs(b.P[1]-c.want) > 0.02 || b.V.Len() > 1e-3 {
			t.Errorf("ball of radius %.1f m at y = %.4f m (v %v), want %.4f at rest", c.radius, b.P[1], b.V, c.want)
		}
	}
}

// Convex against non-convex: a torus lies on the floor; a 1 m cube dropped over its middle
// fits its hole (half-diagonal 0.707 m < 0.75 m) and falls through to the floor, a box
// 1 × 2 × 0.5 m dropped flat across it lands on its top (0.5 m) and rests with its centre
// 0.25 m higher. The torus does not move.
func TestBoxesOnTorus(t *testing.T) {
	for _, c := range []struct {
		mesh string
		rot  mgl64.Vec3
		want float64
	}{
		{"cube", mgl64.Vec3{0, 0.3, 0}, 0.5},
		{"box", mgl64.Vec3{math.Pi / 2, 0, 0}, 0.75}, // flat: 0.5 m tall, its 2 m along z
	} {
		ring := meshBody(t, builtinMesh(t, "torus"), 1, mgl64.Vec3{0, 0.25, 0})
		b := meshBody(t, builtinMesh(t, c.mesh), 1, mgl64.Vec3{0.02, 2, 0})
		b.R = body.Exp(c.rot)
		w := floorWorld(0.5, ring, b)
		for range 240 {
			mustStep(t, w)
		}
		t.Logf("%s ends at y = %.4f m, want %.4f; torus at %v", c.mesh, b.P[1], c.want, ring.P)
		if math.Abs(b.P[1]-c.want) > 0.01 || b.V.Len() > 1e-3 || ring.P.Sub(mgl64.Vec3{0, 0.25, 0}).Len() > 0.02 {
			t.Errorf("%s at y = %.4f m (v %v), want %.4f at rest; torus at %v", c.mesh, b.P[1], b.V, c.want, ring.P)
		}
	}
}

// A non-convex pair at rest keeps its manifolds from step to step, as a convex pair does
// (docs/contact.md, "Recycling"), and is detected again once it moves: a box lying across a
// torus on the floor (awake: sleeping off) rests at the same height, 0.75 m, with its pair
// recycled on nearly every step of its last second and the pair's samples kept for the
// guard; pushed sideways at 1 m/s, the pair is detected again the step after, and the box slides
// off over the ring without sinking into it.
func TestNonConvexPairRecycled(t *testing.T) {
	ring := meshBody(t, builtinMesh(t, "torus"), 1, mgl64.Vec3{0, 0.25, 0})
	b := meshBody(t, builtinMesh(t, "box"), 1, mgl64.Vec3{0.02, 2, 0})
	b.R = body.Exp(mgl64.Vec3{math.Pi / 2, 0, 0})
	w := floorWorld(0.5, ring, b)
	w.EnableSleep = false
	pairRecycled := func() (recycled bool, manifolds int) {
		for i := range w.contacts.cur {
			if w.contacts.cur[i].Pair.B >= 0 {
				manifolds++
			}
		}
		return w.Stats.Recycled >= manifolds && manifolds > 0, manifolds
	}
	kept := 0
	for step := range 240 {
		mustStep(t, w)
		if r, _ := pairRecycled(); r && step >= 180 {
			kept++
		}
	}
	_, manifolds := pairRecycled()
	samples, _, ok := w.contacts.guards.nc.last(Pair{A: 0, B: 1})
	t.Logf("box at y = %.5f m; pair recycled on %d of the last 60 steps (%d manifolds); %d samples kept", b.P[1], kept, manifolds, len(samples))
	if math.Abs(b.P[1]-0.75) > 0.01 || b.V.Len() > 1e-3 {
		t.Errorf("box at y = %.4f m (v %v), want 0.75 at rest", b.P[1], b.V)
	}
	if kept < 55 {
		t.Errorf("the resting pair was recycled on %d of the last 60 steps, want nearly all", kept)
	}
	if !ok || len(samples) == 0 {
		t.Errorf("the recycled pair's samples were not kept for the guard")
	}
	b.V = mgl64.Vec3{1, 0, 0}
	mustStep(t, w) // detected where it rested: it moves 17 mm in this step
	mustStep(t, w)
	if r, _ := pairRecycled(); r {
		t.Errorf("a box pushed at 1 m/s kept its manifolds")
	}
	low := b.P[1]
	for range 30 {
		mustStep(t, w)
		low = min(low, b.P[1])
	}
	if low < 0.75-0.01 {
		t.Errorf("the pushed box sank to y = %.4f m over the ring", low)
	}
}
