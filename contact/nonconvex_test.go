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
