package body

import (
	"math"
	"testing"

	"github.com/tumble-physics/tumble/inertia"

	"github.com/go-gl/mathgl/mgl64"
)

// boxProps returns the analytic mass properties of a solid box with side lengths s (m) and
// mass m (kg) centred at com: I = m/12 diag(b² + c², a² + c², a² + b²).
func boxProps(m float64, s, com mgl64.Vec3) inertia.Properties {
	a2, b2, c2 := s[0]*s[0], s[1]*s[1], s[2]*s[2]
	return inertia.Properties{
		Mass:    m,
		COM:     com,
		Inertia: mgl64.Diag3(mgl64.Vec3{b2 + c2, a2 + c2, a2 + b2}.Mul(m / 12)),
	}
}

// movingBody returns a box body turned, placed and moving generically.
func movingBody() *Body {
	b := New(nil, boxProps(3, mgl64.Vec3{1, 2, 0.5}, mgl64.Vec3{}))
	b.R = Exp(mgl64.Vec3{0.4, -1.1, 0.7})
	b.P = mgl64.Vec3{1, -2, 0.5}
	b.V = mgl64.Vec3{0.3, 1.2, -0.7}
	b.Omega = mgl64.Vec3{-1.3, 0.4, 2.2}
	return b
}

func TestNewCentresACopyOfTheMesh(t *testing.T) {
	com := mgl64.Vec3{1, 2, 3}
	m := &inertia.Mesh{
		Name:      "tet",
		Vertices:  []mgl64.Vec3{{1, 2, 3}, {2, 2, 3}, {1, 3, 3}, {1, 2, 4}},
		Triangles: [][3]int32{{0, 2, 1}, {0, 1, 3}, {0, 3, 2}, {1, 2, 3}},
	}
	b := New(m, boxProps(2, mgl64.Vec3{1, 1, 1}, com))
	for i, v := range m.Vertices {
		if got, want := b.Mesh.Vertices[i], v.Sub(com); got != want {
			t.Errorf("vertex %d = %v, want %v", i, got, want)
		}
	}
	b.Mesh.Vertices[0] = mgl64.Vec3{9, 9, 9}
	b.Mesh.Triangles[0] = [3]int32{3, 3, 3}
	if m.Vertices[0] != (mgl64.Vec3{1, 2, 3}) || m.Triangles[0] != [3]int32{0, 2, 1} {
		t.Error("New shares the caller's mesh instead of copying it")
	}
	if b.Mass != 2 || b.InvMass != 0.5 || b.R != mgl64.Ident3() || b.P != (mgl64.Vec3{}) {
		t.Errorf("New: mass %g, inverse %g, R %v, P %v", b.Mass, b.InvMass, b.R, b.P)
	}
	if d := maxAbs(b.Inertia.Mul3(b.InvInertia), mgl64.Ident3()); d > 1e-15 {
		t.Errorf("I I⁻¹ is off the identity by %.3g", d)
	}
}

func TestNewInverses(t *testing.T) {
	full := mgl64.Mat3{2, 0.3, -0.1, 0.3, 1.5, 0.2, -0.1, 0.2, 1}
	for _, tc := range []struct {
		name    string
		mass    float64
		inertia mgl64.Mat3
		invMass float64
		inverts bool
	}{
		{"full tensor", 4, full, 0.25, true},
		{"tiny body (det 1e-27, below mgl64's cut-off)", 1e-3, full.Mul(1e-9), 1e3, true},
		{"no mass", 0, mgl64.Mat3{}, 0, false},
		{"indefinite", 1, mgl64.Diag3(mgl64.Vec3{1, -1, 1}), 1, false},
	} {
		b := New(nil, inertia.Properties{Mass: tc.mass, Inertia: tc.inertia})
		if b.InvMass != tc.invMass {
			t.Errorf("%s: InvMass = %g, want %g", tc.name, b.InvMass, tc.invMass)
		}
		want := mgl64.Mat3{}
		if tc.inverts {
			want = mgl64.Ident3()
		}
		if d := maxAbs(b.Inertia.Mul3(b.InvInertia), want); d > 1e-15 {
			t.Errorf("%s: I I⁻¹ = %v", tc.name, b.Inertia.Mul3(b.InvInertia))
		}
	}
}

func TestFixStopsTheBody(t *testing.T) {
	b := movingBody()
	b.Fix()
	if !b.Fixed || b.InvMass != 0 || b.InvInertia != (mgl64.Mat3{}) ||
		b.V != (mgl64.Vec3{}) || b.Omega != (mgl64.Vec3{}) {
		t.Errorf("Fix left %+v", b)
	}
}

func TestWorldBodyTransformsRoundTrip(t *testing.T) {
	b := movingBody()
	for _, r := range []mgl64.Vec3{{}, {1, 0, 0}, {0.3, -0.2, 0.25}, {-5, 7, 100}} {
		x := b.WorldPoint(r)
		if e := b.BodyPoint(x).Sub(r).Len(); e > 1e-15*(1+r.Len()+b.P.Len()) {
			t.Errorf("point %v: BodyPoint(WorldPoint) off by %.3g", r, e)
		}
		if e := x.Sub(b.P).Len() - r.Len(); math.Abs(e) > 1e-14*(1+r.Len()) {
			t.Errorf("point %v: distance to the COM changed by %.3g", r, e)
		}
		if e := b.BodyVector(b.WorldVector(r)).Sub(r).Len(); e > 1e-15*(1+r.Len()) {
			t.Errorf("vector %v: BodyVector(WorldVector) off by %.3g", r, e)
		}
		if got, want := b.WorldVector(r), b.R.Mul3x1(r); got != want {
			t.Errorf("WorldVector(%v) = %v, want R r = %v", r, got, want)
		}
	}
	if b.WorldPoint(mgl64.Vec3{}) != b.P {
		t.Errorf("the COM maps to %v, want P = %v", b.WorldPoint(mgl64.Vec3{}), b.P)
	}
}

// PointVelocity is the time derivative of a material point: central differences of WorldPoint
// over ±δ of exact rigid motion (P ± δV, exp(±δ[ω]×) R) agree to O(δ²|ω|²|r|) + round-off/δ.
func TestPointVelocityIsTheDerivativeOfWorldPoint(t *testing.T) {
	b := movingBody()
	const delta = 1e-6
	at := func(s float64) *Body {
		c := *b
		c.P = b.P.Add(b.V.Mul(s))
		c.R = Exp(b.Omega.Mul(s)).Mul3(b.R)
		return &c
	}
	for _, r := range []mgl64.Vec3{{}, {0.5, 1, 0.25}, {-0.5, 0.2, -0.25}} {
		x := b.WorldPoint(r)
		fd := at(delta).WorldPoint(r).Sub(at(-delta).WorldPoint(r)).Mul(0.5 / delta)
		if e := b.PointVelocity(x).Sub(fd).Len(); e > 1e-9 {
			t.Errorf("r = %v: PointVelocity %v, finite difference %v (off %.3g)",
				r, b.PointVelocity(x), fd, e)
		}
	}
}

func TestInvInertiaWorldInvertsInertiaWorld(t *testing.T) {
	b := movingBody()
	if d := maxAbs(b.InvInertiaWorld().Mul3(b.InertiaWorld()), mgl64.Ident3()); d > 1e-15 {
		t.Errorf("R I⁻¹ Rᵀ R I Rᵀ is off the identity by %.3g", d)
	}
}

// A box of mass 3 and sides 1, 2, 0.5 with its axes on the world axes, moving generically:
// energy and momenta written out by hand from the analytic tensor.
func TestEnergyAndMomentaOfAKnownState(t *testing.T) {
	b := movingBody()
	b.R = mgl64.Ident3()
	ix, iy, iz := 3.0/12*(4+0.25), 3.0/12*(1+0.25), 3.0/12*(1+4)
	w := b.Omega
	spin := mgl64.Vec3{ix * w[0], iy * w[1], iz * w[2]}
	wantE := 0.5*3*b.V.LenSqr() + 0.5*(ix*w[0]*w[0]+iy*w[1]*w[1]+iz*w[2]*w[2])
	if e := b.KineticEnergy(); math.Abs(e-wantE) > 1e-15*wantE {
		t.Errorf("KineticEnergy = %.17g, want %.17g", e, wantE)
	}
	if p := b.LinearMomentum(); p != b.V.Mul(3) {
		t.Errorf("LinearMomentum = %v, want %v", p, b.V.Mul(3))
	}
	wantL := b.P.Cross(b.V.Mul(3)).Add(spin)
	if e := b.AngularMomentum().Sub(wantL).Len(); e > 1e-15*wantL.Len() {
		t.Errorf("AngularMomentum = %v, want %v", b.AngularMomentum(), wantL)
	}
	// Turning the body turns its spin momentum with it: R (I Rᵀω).
	b.R = Exp(mgl64.Vec3{0.4, -1.1, 0.7})
	wb := b.R.Transpose().Mul3x1(w)
	wantL = b.P.Cross(b.V.Mul(3)).Add(b.R.Mul3x1(mgl64.Vec3{ix * wb[0], iy * wb[1], iz * wb[2]}))
	if e := b.AngularMomentum().Sub(wantL).Len(); e > 1e-15*wantL.Len() {
		t.Errorf("turned: AngularMomentum = %v, want %v", b.AngularMomentum(), wantL)
	}
}
