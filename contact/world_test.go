package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/inertia"
)

// cubeBody is a free 1 m cube of mass m (inertia m/6 about every axis).
func cubeBody(m float64) *body.Body {
	return body.New(nil, inertia.Properties{
		Volume: 1, Density: m, Mass: m,
		Inertia:          mgl64.Diag3(mgl64.Vec3{m / 6, m / 6, m / 6}),
		PrincipalMoments: mgl64.Vec3{m / 6, m / 6, m / 6},
		PrincipalAxes:    [3]mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
	})
}

// TestStepIsSymplecticEuler checks free flight against the closed form of velocities-first
// Euler, v_n = v0 + n h g and x_n = x0 + n h v0 + n(n+1)/2 h² g, and that a fixed body stays
// where it is, and the clock.
func TestStepIsSymplecticEuler(t *testing.T) {
	free, fixed := cubeBody(3), cubeBody(5)
	free.P, free.V = mgl64.Vec3{1, 2, 3}, mgl64.Vec3{0.5, 4, -1}
	fixed.P = mgl64.Vec3{0, -1, 0}
	fixed.Fix()
	g := mgl64.Vec3{0, -9.81, 0.1}
	w := worldOf(g, free, fixed)
	const n = 600
	for range n {
		mustStep(t, w)
	}
	h := w.Dt
	wantV := mgl64.Vec3{0.5, 4, -1}.Add(g.Mul(n * h))
	wantP := mgl64.Vec3{1, 2, 3}.Add(mgl64.Vec3{0.5, 4, -1}.Mul(n * h)).Add(g.Mul(n * (n + 1) / 2 * h * h))
	if d := free.V.Sub(wantV).Len(); d > 1e-12 {
		t.Errorf("velocity %v, want %v (off by %.3g)", free.V, wantV, d)
	}
	if d := free.P.Sub(wantP).Len(); d > 1e-11 {
		t.Errorf("position %v, want %v (off by %.3g)", free.P, wantP, d)
	}
	if fixed.P != (mgl64.Vec3{0, -1, 0}) || fixed.V != (mgl64.Vec3{}) {
		t.Errorf("fixed body moved: p %v, v %v", fixed.P, fixed.V)
	}
	if w.Steps != n || w.Time != n*h {
		t.Errorf("after %d steps: Steps %d, Time %v, want %v", n, w.Steps, w.Time, n*h)
	}
	if e, want := w.KineticEnergy(), 0.5*3*wantV.LenSqr(); math.Abs(e-want) > 1e-12*want {
		t.Errorf("kinetic energy %v, want %v (the fixed body has none)", e, want)
	}
}

func BenchmarkStep(b *testing.B) {
	w := NewWorld(DefaultSettings())
	for i := range 100 {
		c := cubeBody(1)
		c.Omega = mgl64.Vec3{float64(i), 1, 2}
		w.Bodies = append(w.Bodies, c)
	}
	for b.Loop() {
		mustStep(b, w)
	}
}
