package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A 5 cm cube shot at a fixed torus's 0.5 m tube, without gravity, at speeds that cross the
// torus's distance field in one step (300 m/s: 5 m a step), never enters the tube: along
// the straight path between its positions at the ends of consecutive steps, its centre
// stays at least the tube's radius from the ring's centre line, less the cube's
// half-diagonal. Before the samples beyond the field were swept against the triangles, the
// cube passed through in one step at 300 m/s (it was stopped at 30).
func TestFastCubeDoesNotTunnelThroughTorus(t *testing.T) {
	cube := builtinMesh(t, "cube").Transformed(mgl64.Vec3{0.05, 0.05, 0.05})
	for _, speed := range []float64{30, 300, 3000} {
		w := NewWorld(DefaultSettings())
		w.Gravity = mgl64.Vec3{}
		ring := DefaultBodyDef()
		ring.Mesh, ring.Fixed = builtinMesh(t, "torus"), true // ring radius 1 about y, tube 0.25
		bullet := DefaultBodyDef()
		bullet.Mesh, bullet.Position, bullet.Velocity = cube, mgl64.Vec3{1, 3, 0}, mgl64.Vec3{0, -speed, 0}
		for _, def := range []BodyDef{ring, bullet} {
			if _, err := w.CreateBody(def); err != nil {
				t.Fatal(err)
			}
		}
		closest := math.Inf(1) // the cube centre's distance from the tube's centre line, m
		for range 60 {
			from := w.Bodies[1].P
			mustStep(t, w)
			to := w.Bodies[1].P
			for k := range 1001 {
				p := from.Add(to.Sub(from).Mul(float64(k) / 1000))
				closest = min(closest, math.Hypot(math.Hypot(p[0], p[2])-1, p[1]))
			}
		}
		const allowed = 0.25 - 0.0433 // the tube's radius less the cube's half-diagonal
		t.Logf("%g m/s: the cube's centre came within %.3f m of the tube's centre line", speed, closest)
		if closest < allowed {
			t.Errorf("%g m/s: the cube's centre came within %.3f m of the tube's centre line: inside the tube (want ≥ %.3f m)", speed, closest, allowed)
		}
	}
}
