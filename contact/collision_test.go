package contact

import (
	"testing"

	"github.com/tumble-physics/tumble/body"

	"github.com/go-gl/mathgl/mgl64"
)

// Two bodies thrown at each other off-centre and spinning, with no gravity and no planes:
// the contact impulses are equal and opposite and act at one point, so the total linear
// momentum and the total angular momentum about the origin are conserved to 1e-12
// relative, and the kinetic energy does not grow (restitution 0, friction 0.5). The bodies
// have isotropic inertia, whose free flight conserves kinetic energy exactly, and meet
// gently enough that the speculative contacts keep them apart: the position pass, which
// conserves linear momentum but not angular (docs/contact.md), does not run.
func TestFreeCollisionConservesMomentum(t *testing.T) {
	tests := []struct {
		name string
		a, b *body.Body
	}{
		{"box into box", boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{-1.2, 0.3, 0.1}), boxBody(mgl64.Vec3{1, 1, 1}, 3, mgl64.Vec3{1.2, -0.2, 0})},
		{"ball into box", icosphere(0.5, 2, mgl64.Vec3{-1.2, 0.4, 0.2}), boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{1, 0, 0})},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.a.V, tc.a.Omega = mgl64.Vec3{1.2, 0.1, 0}, mgl64.Vec3{0.5, 1, -1.5}
			tc.b.V, tc.b.Omega = mgl64.Vec3{-0.8, 0, 0.1}, mgl64.Vec3{0, -0.5, 1}
			tc.b.R = body.Exp(mgl64.Vec3{0.3, 0.5, 0.1})
			w := worldOf(mgl64.Vec3{}, tc.a, tc.b)
			momenta := func() (mgl64.Vec3, mgl64.Vec3) {
				return tc.a.LinearMomentum().Add(tc.b.LinearMomentum()), tc.a.AngularMomentum().Add(tc.b.AngularMomentum())
			}
			p0, l0 := momenta()
			e0 := w.KineticEnergy()
			touched := false
			for range 60 {
				mustStep(t, w)
				touched = touched || w.Stats.Contacts > 0
				if w.Stats.PositionRows > 0 {
					// Split impulses move the bodies apart without touching their
					// velocities: the centre of mass stays, but Σ m x × v changes.
					t.Fatalf("step %d: the position pass ran (depth %.3g m): pick a gentler collision", w.Steps, w.Stats.MaxPenetration)
				}
				p, l := momenta()
				if d := p.Sub(p0).Len() / p0.Len(); d > 1e-12 {
					t.Fatalf("step %d: linear momentum off by %.3g relative", w.Steps, d)
				}
				if d := l.Sub(l0).Len() / l0.Len(); d > 1e-12 {
					t.Fatalf("step %d: angular momentum off by %.3g relative", w.Steps, d)
				}
				if e := w.KineticEnergy(); e > e0*(1+1e-12) {
					t.Fatalf("step %d: kinetic energy grew from %.15g to %.15g J", w.Steps, e0, e)
				}
			}
			if !touched {
				t.Fatal("the bodies never touched")
			}
			t.Logf("kinetic energy %.4g J → %.4g J", e0, w.KineticEnergy())
		})
	}
}

// A box dropped half a metre, slightly tilted and turned, onto a box resting on the floor
// lands and comes to rest on it: no contact deeper than 2 mm after any step, at rest after
// 5 s, and no step after the first contact gains more energy (restitution 0) than the
// position pass's lift of a box by 0.1 mm (1 mJ; measured: none).
func TestBoxDroppedOnBoxSettles(t *testing.T) {
	top := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0.1, 2, -0.05})
	top.R = body.Exp(mgl64.Vec3{0.05, 0.3, 0.02})
	w := floorWorld(0.5, boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0}), top)
	touched, last, gain, pen := false, energy(w), 0.0, 0.0
	for range 300 {
		mustStep(t, w)
		e := energy(w)
		if touched {
			gain = max(gain, e-last)
		}
		touched = touched || w.Stats.Contacts > 4
		last = e
		pen = max(pen, w.Stats.MaxPenetration)
	}
	t.Logf("max penetration %.3g m, largest energy gain in a step %.3g J, final KE %.3g J, top at %v",
		pen, gain, w.KineticEnergy(), top.P)
	if pen > 2e-3 || gain > 1e-3 || w.KineticEnergy() > 1e-6 {
		t.Errorf("penetration %.3g m, energy gain %.3g J, final KE %.3g J", pen, gain, w.KineticEnergy())
	}
	if top.P[1] < 1.4 {
		t.Errorf("top box at %v: fell off", top.P)
	}
}
