package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// rampWorld returns a unit box of mass 1 kg resting on a plane through the origin inclined
// by theta about z (descending toward +x), both with friction mu.
func rampWorld(theta, mu float64) (*World, *body.Body) {
	n := mgl64.Vec3{math.Sin(theta), math.Cos(theta), 0}
	box := boxBody(mgl64.Vec3{1, 1, 1}, 1, n.Mul(0.5))
	box.R = body.Exp(mgl64.Vec3{0, 0, -theta})
	w := floorWorld(mu, box)
	w.Planes[0].Normal = n
	w.Materials = []Material{{Friction: mu}}
	return w, box
}

// A box on a ramp stays put when tan θ < μ (creep < 1 mm in 10 s) and otherwise slides with
// acceleration g(sin θ − μ cos θ), within 2%.
func TestBoxOnRamp(t *testing.T) {
	const mu, g = 0.5, 9.81
	for _, deg := range []float64{10, 20, 25, 30, 35, 45} {
		theta := deg * math.Pi / 180
		w, box := rampWorld(theta, mu)
		down := mgl64.Vec3{math.Cos(theta), -math.Sin(theta), 0}
		start := box.P
		if math.Tan(theta) < mu {
			for range 600 {
				mustStep(t, w)
			}
			creep := box.P.Sub(start).Len()
			t.Logf("θ = %g°: creep %.3g m in 10 s, max penetration %.3g m", deg, creep, w.Stats.MaxPenetration)
			if creep >= 1e-3 {
				t.Errorf("θ = %g° (tan θ < μ): crept %.3g m, want < 1 mm", deg, creep)
			}
			continue
		}
		// Measured over 1 s after the first 0.5 s, from the velocity along the slope.
		for range 30 {
			mustStep(t, w)
		}
		v1 := box.V.Dot(down)
		for range 60 {
			mustStep(t, w)
		}
		a := box.V.Dot(down) - v1
		want := g * (math.Sin(theta) - mu*math.Cos(theta))
		t.Logf("θ = %g°: acceleration %.5f m/s², want %.5f (%.3g%%)", deg, a, want, 100*(a-want)/want)
		if math.Abs(a-want) > 0.02*want {
			t.Errorf("θ = %g°: acceleration %.4f, want %.4f ± 2%%", deg, a, want)
		}
	}
}
