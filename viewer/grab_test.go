package viewer

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// With ζ = 1 a point mass held at its centre of mass is a critically damped oscillator:
// x(t) = x0·(1 + ωt)·e^(−ωt), whatever its mass.
func TestGrabCriticallyDamped(t *testing.T) {
	for _, mass := range []float64{0.1, 1, 250} {
		g := NewGrab(0, mgl64.Vec3{}, mgl64.Vec3{}, mgl64.Vec3{0, 0, -1})
		x0 := mgl64.Vec3{0.3, -0.2, 0}
		p, v := x0, mgl64.Vec3{}
		const dt = 1e-5
		for step := 1; step <= 50000; step++ {
			f, tq := g.Pull(mass, mgl64.Ident3(), p, v, mgl64.Vec3{})
			if tq.Len() > 1e-12 {
				t.Fatalf("torque %v on a point held at its centre of mass", tq)
			}
			v = v.Add(f.Mul(dt / mass))
			p = p.Add(v.Mul(dt))
			if step%10000 == 0 {
				tt := float64(step) * dt
				want := x0.Mul((1 + grabOmega*tt) * math.Exp(-grabOmega*tt))
				if p.Sub(want).Len() > 1e-4*x0.Len() {
					t.Errorf("mass %g, t=%g: x=%v, want %v", mass, tt, p, want)
				}
			}
		}
	}
}

func TestGrabTorqueAndPlane(t *testing.T) {
	g := NewGrab(3, mgl64.Vec3{1, 1, 0}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 0, -1})
	// The cursor ray through (2, 1, 9) looking along −z meets the drag plane z = 0 at (2, 1, 0).
	g.Follow(Ray{Origin: mgl64.Vec3{2, 1, 9}, Dir: mgl64.Vec3{0, 0, -1}})
	if g.Target != (mgl64.Vec3{2, 1, 0}) {
		t.Fatalf("target %v, want (2, 1, 0)", g.Target)
	}
	// Body at (0, 1, 0) turned 90° about z: the picked point (1, 0, 0) is at (0, 2, 0).
	R := mgl64.Rotate3DZ(math.Pi / 2)
	f, tq := g.Pull(2, R, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{}, mgl64.Vec3{})
	want := mgl64.Vec3{2, -1, 0}.Mul(2 * grabOmega * grabOmega)
	if f.Sub(want).Len() > 1e-9 {
		t.Errorf("force %v, want %v", f, want)
	}
	if wantT := (mgl64.Vec3{0, 1, 0}).Cross(want); tq.Sub(wantT).Len() > 1e-9 {
		t.Errorf("torque %v, want r×F = %v", tq, wantT)
	}
	from, to := g.Ends(R, mgl64.Vec3{0, 1, 0})
	if from.Sub(mgl64.Vec3{0, 2, 0}).Len() > 1e-12 || to != g.Target {
		t.Errorf("spring drawn from %v to %v", from, to)
	}
}
