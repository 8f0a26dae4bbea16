package planar

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func box(t *testing.T, cx, cy, side, mass float64, v mgl64.Vec2, omega float64) Body {
	t.Helper()
	h := side / 2
	p := []mgl64.Vec2{{cx - h, cy - h}, {cx - h, cy + h}, {cx + h, cy + h}, {cx + h, cy - h}}
	b, err := NewBody(p, []float64{mass / 4, mass / 4, mass / 4, mass / 4}, 0.1, v, omega, false)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestMassPropertiesSmallCases(t *testing.T) {
	for _, c := range []struct {
		name string
		p    []mgl64.Vec2
		m    []float64
		M    float64
		X    mgl64.Vec2
		I    float64
	}{
		{"two points", []mgl64.Vec2{{0, 0}, {3, 0}}, []float64{1, 2}, 3, mgl64.Vec2{2, 0}, 1*4 + 2*1},
		{"odd count", []mgl64.Vec2{{-1, 0}, {1, 0}, {0, 2}}, []float64{1, 1, 2}, 4, mgl64.Vec2{0, 1}, 1*2 + 1*2 + 2*1},
		{"one point", []mgl64.Vec2{{5, 6}}, []float64{7}, 7, mgl64.Vec2{5, 6}, 0},
	} {
		M, X, I := MassProperties(c.p, c.m)
		if M != c.M || X != c.X || I != c.I {
			t.Errorf("%s: M %g X %v I %g, want %g %v %g", c.name, M, X, I, c.M, c.X, c.I)
		}
	}
	// The interleaved sum is not the plain one: with these masses it differs in the last bit.
	one, tiny := 1.0, 1e-16
	m := []float64{one, tiny, tiny, tiny}
	p := make([]mgl64.Vec2, len(m))
	lanes, plain := (one+tiny)+(tiny+tiny), ((one+tiny)+tiny)+tiny
	if M, _, _ := MassProperties(p, m); M != lanes || M == plain {
		t.Errorf("M = %v: the two-lane sum is %v, the plain one %v", M, lanes, plain)
	}
}

func TestNewBodyRejects(t *testing.T) {
	p := []mgl64.Vec2{{0, 0}, {1, 0}}
	for _, c := range []struct {
		name   string
		p      []mgl64.Vec2
		m      []float64
		radius float64
	}{
		{"one vertex", p[:1], []float64{1}, 0.1},
		{"zero mass", p, []float64{1, 0}, 0.1},
		{"zero radius", p, []float64{1, 1}, 0},
		{"coincident", []mgl64.Vec2{{1, 1}, {1, 1}}, []float64{1, 1}, 0.1},
		{"mismatch", p, []float64{1}, 0.1},
	} {
		if _, err := NewBody(c.p, c.m, c.radius, mgl64.Vec2{}, 0, false); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
}

// A spring between two bodies pulls both ends with k(l − l0) along the line, equal and
// opposite, with the torques of its attachment arms; its potential is ½k(l − l0)².
func TestSpringForceAndTorque(t *testing.T) {
	bodies := []Body{box(t, 0, 0, 1, 2, mgl64.Vec2{}, 0), box(t, 4, 3, 1, 2, mgl64.Vec2{}, 0)}
	bodies[1].Theta = math.Pi / 2
	s := &Spring{I: 0, PI: mgl64.Vec2{0, 0.5}, J: 1, PJ: mgl64.Vec2{0.5, 0}, K: 3, L0: 1}
	// Ends: (0, 0.5) and body 1's offset (0.5, 0) turned by 90° = (0, 0.5) → (4, 3.5).
	s.Accumulate(bodies)
	d := mgl64.Vec2{4, 3}
	want := d.Mul(3.0 * (5 - 1) / 5)
	if f := bodies[0].F; !near(f[0], want[0], 1e-12) || !near(f[1], want[1], 1e-12) {
		t.Errorf("force on body 0 %v, want %v", f, want)
	}
	if f := bodies[1].F; !near(f[0], -want[0], 1e-12) || !near(f[1], -want[1], 1e-12) {
		t.Errorf("force on body 1 %v, want %v", f, want.Mul(-1))
	}
	if tau := bodies[0].Tau; !near(tau, 0*want[1]-0.5*want[0], 1e-12) {
		t.Errorf("torque on body 0 %g", tau)
	}
	if tau := bodies[1].Tau; !near(tau, -(0*want[1] - 0.5*want[0]), 1e-12) {
		t.Errorf("torque on body 1 %g", tau)
	}
	if u := s.Potential(bodies); !near(u, 0.5*3*16, 1e-12) {
		t.Errorf("potential %g, want 24", u)
	}
	// A spring of zero length exerts nothing, whatever its rest length.
	for _, l0 := range []float64{0, 1} {
		b := []Body{box(t, 0, 0, 1, 1, mgl64.Vec2{}, 0)}
		(&Spring{I: World, PI: mgl64.Vec2{0, 0}, J: 0, PJ: mgl64.Vec2{0, 0}, K: 5, L0: l0}).Accumulate(b)
		if b[0].F != (mgl64.Vec2{}) || b[0].Tau != 0 {
			t.Errorf("zero-length spring, l0 = %g: F %v τ %g", l0, b[0].F, b[0].Tau)
		}
	}
}

// A square of side s at rest in a wind w along x takes β s w on each of its two faces across
// the wind and nothing on the two along it: F = 2 β s w, no torque, for any number of
// points per edge. A body moving with the wind takes nothing.
func TestWindOnSquare(t *testing.T) {
	for _, points := range []int{2, 3, 7} {
		bodies := []Body{box(t, 1, 2, 2, 1, mgl64.Vec2{}, 0), box(t, -5, 0, 1, 1, mgl64.Vec2{3, 0}, 0)}
		w := &Wind{Beta: 0.5, W: mgl64.Vec2{3, 0}, Points: points}
		w.Accumulate(bodies)
		if f := bodies[0].F; !near(f[0], 2*0.5*2*3, 1e-12) || !near(f[1], 0, 1e-12) || !near(bodies[0].Tau, 0, 1e-12) {
			t.Errorf("%d points: F %v τ %g, want (6, 0) and 0", points, f, bodies[0].Tau)
		}
		if bodies[1].F != (mgl64.Vec2{}) || bodies[1].Tau != 0 {
			t.Errorf("%d points: a body moving with the wind takes F %v τ %g", points, bodies[1].F, bodies[1].Tau)
		}
		if w.Potential(bodies) != 0 {
			t.Error("wind has a potential")
		}
	}
	// Spinning in still air, the square is braked: the torque opposes ω.
	b := []Body{box(t, 0, 0, 2, 1, mgl64.Vec2{}, 2)}
	(&Wind{Beta: 1, Points: 4}).Accumulate(b)
	if b[0].Tau >= 0 || !near(b[0].F.Len(), 0, 1e-12) {
		t.Errorf("spinning square in still air: F %v τ %g, want no force and τ < 0", b[0].F, b[0].Tau)
	}
}

// Gravity gives every free body the force M g and the potential −M g·X; fixed bodies take
// no force but count in the potential.
func TestGravity(t *testing.T) {
	bodies := []Body{box(t, 0, 2, 1, 3, mgl64.Vec2{}, 0), box(t, 0, -1, 1, 5, mgl64.Vec2{}, 0)}
	bodies[1].Fixed = true
	g := &Gravity{G: mgl64.Vec2{1, -10}}
	g.Accumulate(bodies)
	if bodies[0].F != (mgl64.Vec2{3, -30}) || bodies[1].F != (mgl64.Vec2{}) {
		t.Errorf("forces %v %v", bodies[0].F, bodies[1].F)
	}
	if u := g.Potential(bodies); u != 3*10*2+5*10*-1 {
		t.Errorf("U = %g, want 10", u)
	}
}

// One step of each integrator from a known force, against the formulas.
func TestIntegrators(t *testing.T) {
	for _, in := range []Integrator{SymplecticEuler, ExplicitEuler} {
		b := box(t, 0, 0, 1, 2, mgl64.Vec2{1, 0}, 0.5)
		s := &System{Bodies: []Body{b}, Forces: []Force{&Gravity{G: mgl64.Vec2{0, -4}}}, Integrator: in, Dt: 0.5}
		if err := s.Step(); err != nil {
			t.Fatal(err)
		}
		got := s.Bodies[0]
		wantX := mgl64.Vec2{0.5, -1} // moved with the new velocity (1, −2)
		if in == ExplicitEuler {
			wantX = mgl64.Vec2{0.5, 0} // moved with the old velocity (1, 0)
		}
		if got.V != (mgl64.Vec2{1, -2}) || got.X != wantX || got.Theta != 0.25 || got.Omega != 0.5 || s.Time() != 0.5 {
			t.Errorf("%v: X %v θ %g V %v ω %g", in, got.X, got.Theta, got.V, got.Omega)
		}
		if p, err := ParseIntegrator(in.String()); err != nil || p != in {
			t.Errorf("ParseIntegrator(%q) = %v, %v", in.String(), p, err)
		}
	}
}

// The system's momentum and angular momentum are the bodies' sums: P = Σ M V and
// L = Σ M (X × V) + I ω about the origin, the fixed body's given velocity included.
func TestSystemMomenta(t *testing.T) {
	a := box(t, 1, 0, 1, 2, mgl64.Vec2{0, 3}, 0.5) // I = 2 · 0.5 = 1
	b := box(t, 0, 2, 1, 4, mgl64.Vec2{-1, 0}, -1) // I = 4 · 0.5 = 2
	b.Fixed = true
	s := System{Bodies: []Body{a, b}}
	if p := s.Momentum(); p != (mgl64.Vec2{-4, 6}) {
		t.Errorf("P = %v, want (-4, 6)", p)
	}
	// a: 2 · (1·3 − 0·0) + 1 · 0.5 = 6.5; b: 4 · (0·0 − 2·(−1)) + 2 · (−1) = 6.
	if l := s.AngularMomentum(); l != 12.5 {
		t.Errorf("L = %g, want 12.5", l)
	}
}
