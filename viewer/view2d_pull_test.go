package viewer

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
)

// square returns a free square body of side 2 h and mass m at c, at rest.
func square(t *testing.T, c mgl64.Vec2, h, m float64) planar.Body {
	t.Helper()
	p := []mgl64.Vec2{{c[0] - h, c[1] - h}, {c[0] + h, c[1] - h}, {c[0] + h, c[1] + h}, {c[0] - h, c[1] + h}}
	b, err := planar.NewBody(p, []float64{m / 4, m / 4, m / 4, m / 4}, 0.1, mgl64.Vec2{}, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A pick finds the topmost free body under the point, counting its radius, in body space;
// fixed bodies and empty space give none.
func TestPick2D(t *testing.T) {
	bodies := []planar.Body{square(t, mgl64.Vec2{0, 0}, 1, 4), square(t, mgl64.Vec2{1.5, 0}, 1, 4), square(t, mgl64.Vec2{0, 5}, 1, 4)}
	bodies[1].Theta = math.Pi / 2
	bodies[2].Fixed = true
	for _, c := range []struct {
		p     mgl64.Vec2
		body  int
		local mgl64.Vec2
	}{
		{mgl64.Vec2{-0.5, 0.5}, 0, mgl64.Vec2{-0.5, 0.5}},
		{mgl64.Vec2{1, 0}, 1, mgl64.Vec2{0, 0.5}},       // over both: the later one; turned by 90°
		{mgl64.Vec2{-1.05, 0}, 0, mgl64.Vec2{-1.05, 0}}, // on the radius
		{mgl64.Vec2{-1.15, 0}, -1, mgl64.Vec2{}},
		{mgl64.Vec2{0, 5}, -1, mgl64.Vec2{}}, // fixed
	} {
		p, ok := pick2D(bodies, c.p, 0.01)
		if !ok {
			p.Body = -1
		}
		if p.Body != c.body || ok && p.Local.Sub(c.local).Len() > 1e-12 {
			t.Errorf("pick at %v: body %d local %v, want %d %v", c.p, p.Body, p.Local, c.body, c.local)
		}
	}
	if p, _ := pick2D(bodies, mgl64.Vec2{0, 0}, 0.1); p.omega != pullStep/0.1 {
		t.Errorf("at dt 0.1 s the rate is %g rad/s, want %g", p.omega, pullStep/0.1)
	}
}

// At rest, held at its centre of mass, a body feels m ω² d and no torque; held at a corner, the
// torque is r × F; fixed bodies feel nothing; the pull adds nothing to U.
func TestPull2DForce(t *testing.T) {
	b := square(t, mgl64.Vec2{0, 0}, 1, 4)
	p := pull2D{Body: 0, Target: mgl64.Vec2{0.5, 0}, omega: grabOmega}
	bodies := []planar.Body{b}
	p.Accumulate(bodies)
	if want := 4 * grabOmega * grabOmega * 0.5; math.Abs(bodies[0].F[0]-want) > 1e-12 || bodies[0].F[1] != 0 || bodies[0].Tau != 0 {
		t.Errorf("centre: F %v τ %g, want (%g, 0) and 0", bodies[0].F, bodies[0].Tau, want)
	}
	bodies = []planar.Body{b}
	p = pull2D{Body: 0, Local: mgl64.Vec2{1, 1}, Target: mgl64.Vec2{1, 2}, omega: grabOmega}
	p.Accumulate(bodies)
	m := 1 / (1/b.M + 2/b.I)
	if f := bodies[0].F; math.Abs(f[1]-m*grabOmega*grabOmega) > 1e-12 || f[0] != 0 || math.Abs(bodies[0].Tau-f[1]) > 1e-12 {
		t.Errorf("corner: F %v τ %g, want (0, %g) and τ = 1·F_y", f, bodies[0].Tau, m*grabOmega*grabOmega)
	}
	bodies[0].Fixed, bodies[0].F, bodies[0].Tau = true, mgl64.Vec2{}, 0
	p.Accumulate(bodies)
	if bodies[0].F != (mgl64.Vec2{}) || bodies[0].Tau != 0 || p.Potential(bodies) != 0 {
		t.Error("a fixed body was pulled, or the pull has a potential")
	}
}

// A body held by a corner, under either integrator and at the longest time step of the course
// scenes, is brought to the cursor and stays there: the corner ends within a few centimetres
// of the target (the spin about it stretches the spring). Under symplectic Euler the energy
// of the body and the spring never grows once the body has arrived: the damping only takes
// energy away, and the spin about the held point is free and keeps its share. (Explicit Euler
// adds energy to any oscillation, the scene's own springs' too: there only the distance is
// checked.)
func TestPull2DSettles(t *testing.T) {
	for _, c := range []struct {
		in planar.Integrator
		dt float64
	}{{planar.SymplecticEuler, 0.01}, {planar.ExplicitEuler, 0.01}, {planar.SymplecticEuler, 0.1}, {planar.ExplicitEuler, 0.001}} {
		body := square(t, mgl64.Vec2{0, 0}, 1, 4)
		target := mgl64.Vec2{3, -2}
		p, _ := pick2D([]planar.Body{body}, mgl64.Vec2{0.9, 0.9}, c.dt)
		p.Target = target
		sys := planar.System{Bodies: []planar.Body{body}, Forces: []planar.Force{&p}, Integrator: c.in, Dt: c.dt}
		energy := func() float64 {
			from, _ := p.ends(sys.Bodies)
			b := sys.Bodies[0]
			r := b.Rotation().Apply(p.Local)
			m := 1 / (1/b.M + r.Dot(r)/b.I)
			return sys.KineticEnergy() + 0.5*m*p.omega*p.omega*from.Sub(target).LenSqr()
		}
		var settled float64
		for i := range int(20 / c.dt) {
			if err := sys.Step(); err != nil {
				t.Fatal(err)
			}
			if e := energy(); i == int(5/c.dt) {
				settled = e
			} else if c.in == planar.SymplecticEuler && i > int(5/c.dt) && e > settled*(1+1e-6) {
				t.Fatalf("%v dt %g: at t = %g s the energy %g J has grown from %g J at 5 s", c.in, c.dt, sys.Time(), e, settled)
			}
		}
		from, _ := p.ends(sys.Bodies)
		if d := from.Sub(target).Len(); d > 0.05 {
			t.Errorf("%v dt %g: the corner is %g m from the target after 20 s", c.in, c.dt, d)
		}
	}
}
