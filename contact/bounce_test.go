package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// An icosphere dropped from 1 m rebounds to e²·1 m within 5% for e = 0.5 and 0.9, and rests
// without bouncing for e = 0.
func TestIcosphereBounces(t *testing.T) {
	const r = 0.5
	for _, e := range []float64{0, 0.5, 0.9} {
		for _, drop := range []float64{1, 1.013, 1.037} { // different phases of the last step
			ball := icosphere(r, 1, mgl64.Vec3{})
			ball.P[1] = drop - lowest(ball)
			w := floorWorld(0.5, ball)
			w.Materials = []Material{{Friction: 0.5, Restitution: e}}
			landed, apex := false, 0.0
			for range 180 {
				mustStep(t, w)
				y := lowest(ball)
				if w.Stats.Contacts > 0 {
					landed = true
				}
				if landed {
					apex = max(apex, y)
				}
			}
			want := e * e * drop
			t.Logf("e = %g, drop %g m: rebound %.4f m, want %.4f (%.2f%%); final KE %.3g J",
				e, drop, apex, want, 100*(apex-want)/max(want, 1e-300), ball.KineticEnergy())
			if e == 0 {
				if apex > 1e-3 {
					t.Errorf("e = 0: bounced to %.3g m", apex)
				}
				continue
			}
			if math.Abs(apex-want) > 0.05*want {
				t.Errorf("e = %g, drop %g: rebound %.4f m, want %.4f ± 5%%", e, drop, apex, want)
			}
		}
	}
}
