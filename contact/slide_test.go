package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A box sliding at 5 m/s with μ = 0.5 stops after v²/(2μg), within 1%.
//
// The integrator is symplectic Euler (x⁺ = x + h v⁺): each step takes μgh off the speed and
// then moves by the new speed, so the box stops after exactly h Σₖ max(v0 − kμgh, 0), which
// is v²/(2μg) − v0·h/2 + O(h²): 1.6% short at 1/60 s, 0.4% at 1/240 s. The test asserts the
// discrete sum to 20 µm at both steps (the corner impulses wobble the box by microns), and
// the continuous distance within 1% at 1/240 s.
func TestBoxSlidesToStop(t *testing.T) {
	const v0, mu, g = 5.0, 0.5, 9.81
	want := v0 * v0 / (2 * mu * g)
	for _, dt := range []float64{1.0 / 60, 1.0 / 240} {
		box := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
		box.V = mgl64.Vec3{v0, 0, 0}
		w := floorWorld(mu, box)
		w.Dt = dt
		w.Materials = []Material{{Friction: mu}}
		for range int(2 / dt) {
			mustStep(t, w)
		}
		discrete := 0.0
		for k := 1.0; v0-k*mu*g*dt > 0; k++ {
			discrete += dt * (v0 - k*mu*g*dt)
		}
		got := box.P[0]
		t.Logf("dt %.4g: stopped after %.6f m, discrete sum %.6f m, v²/(2μg) = %.6f m; v = %.3g, sideways %.3g m",
			dt, got, discrete, want, box.V.Len(), box.P[2])
		if math.Abs(got-discrete) > 2e-5 || box.V.Len() > 1e-6 {
			t.Errorf("dt %.4g: stopping distance %.9f m, want the integrator's %.9f m", dt, got, discrete)
		}
		if dt < 1.0/200 && math.Abs(got-want) > 0.01*want {
			t.Errorf("dt %.4g: stopping distance %.4f m, want %.4f ± 1%%", dt, got, want)
		}
	}
}

// Friction mixes as √(μ_body μ_plane): a box with μ = 0.2 on a floor with μ = 0.8 stops
// after v²/(2·0.4·g), and an ice box (μ = 0) on any floor keeps its speed.
func TestFrictionMixing(t *testing.T) {
	const v0, g = 3.0, 9.81
	tests := []struct{ body, plane, want float64 }{{0.2, 0.8, 0.4}, {0.5, 0.5, 0.5}, {0, 0.9, 0}}
	for _, tc := range tests {
		if mu := MixFriction(tc.body, tc.plane); math.Abs(mu-tc.want) > 1e-15 {
			t.Errorf("MixFriction(%g, %g) = %g, want %g", tc.body, tc.plane, mu, tc.want)
		}
		box := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
		box.V = mgl64.Vec3{v0, 0, 0}
		w := floorWorld(tc.plane, box)
		w.Materials = []Material{{Friction: tc.body}}
		for range 120 {
			mustStep(t, w)
		}
		if tc.want == 0 {
			if box.V[0] != v0 {
				t.Errorf("ice box: speed %g, want %g", box.V[0], v0)
			}
			continue
		}
		want := v0 * v0 / (2 * tc.want * g)
		if got := box.P[0] + v0*w.Dt/2; math.Abs(got-want) > 0.01*want {
			t.Errorf("μ %g on %g: stopped after %.4f m, want %.4f", tc.body, tc.plane, got, want)
		}
	}
	if c := MixRolling(0, 0.02); c != 0.02 {
		t.Errorf("MixRolling(0, 0.02) = %g, want 0.02", c)
	}
	if e := MixRestitution(0.9, 0); e != 0.9 {
		t.Errorf("MixRestitution(0.9, 0) = %g, want 0.9", e)
	}
}
