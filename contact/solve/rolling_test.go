package solve

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The shock sweep's impulses on rolling rows are dropped, as on the other rows: the sweep
// works on a one-sided copy of each manifold, and the next sweep and the next step's warm
// start see the plain sweeps' impulses. A pass of a shock sweep over a tower whose
// manifolds all resist rolling leaves every rolling impulse as the warm start set it, and
// changes the bodies' velocities.
func TestShockSweepDropsRollingImpulses(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	bodies, mans := tower(rng, 6, false)
	c := newContacts(bodies, mans)
	for k := range mans {
		c.SetRolling(k, 0.05, mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
	}
	sc := c.scratchOf(0)
	c.pass(warmPass, c.cons, sc)
	warm := append([]rolling(nil), c.rolls...)
	before := append([]velocity(nil), c.vel...)
	if !c.anyFrozen() {
		t.Fatal("the tower freezes no body in a shock sweep")
	}
	c.pass(shockPass, c.cons, sc)
	for k := range c.rolls {
		if c.rolls[k].lambda != warm[k].lambda {
			t.Errorf("manifold %d: rolling impulses %v after the shock sweep, %v before", k, c.rolls[k].lambda, warm[k].lambda)
		}
	}
	moved := false
	for i := range c.vel {
		moved = moved || c.vel[i].v != before[i].v || c.vel[i].w != before[i].w
	}
	if !moved {
		t.Error("the shock sweep changed no velocity")
	}
}

// A body resting on a plane at one point under its centre, turning about a tangent with no
// friction: the rolling row about that tangent takes the turn down by lever × the normal
// impulse over the moment of inertia, λ_n = m g h stopping the fall; the rows about the
// normal and the other tangent, seeing no turn, stay at zero, and the twist on the plane is
// the impulse along the tangent.
func TestRollingRowResistsTurningAboutATangent(t *testing.T) {
	const m, inertia, r, gh, lever, w0 = 2.0, 0.3, 0.5, 9.81 / 60, 0.02, 1.5
	n := mgl64.Vec3{0, -1, 0} // from the body into the plane
	t1, t2 := tangentsOf(n)
	bodies := []testBody{{invMass: 1 / m, invI: mgl64.Diag3(mgl64.Vec3{1, 1, 1}.Mul(1 / inertia)),
		v: mgl64.Vec3{0, -gh, 0}, w: t1.Mul(w0)}}
	mans := []testManifold{{a: 0, b: -1, n: n, mu: 0, points: []Point{{RA: mgl64.Vec3{0, -r, 0}}}}}
	c := newContacts(bodies, mans)
	c.SetRolling(0, lever, mgl64.Vec3{})
	c.Solve(10, -1)
	normal, _ := c.Impulses(0, 0)
	_, w := c.Velocity(0)
	wantW := w0 - lever*m*gh/inertia
	if !near(normal, m*gh, 1e-12) || !near(w.Dot(t1), wantW, 1e-12) || math.Abs(w.Dot(t2))+math.Abs(w.Dot(n)) > 1e-15 {
		t.Errorf("normal impulse %.15g (want %.15g), ω %v: %.15g about t1 (want %.15g)", normal, m*gh, w, w.Dot(t1), wantW)
	}
	if twist := c.Twist(0); !near(twist.Dot(t1), lever*m*gh, 1e-12) || math.Abs(twist.Dot(t2))+math.Abs(twist.Dot(n)) > 1e-15 {
		t.Errorf("twist %v, want %g along t1", twist, lever*m*gh)
	}
}

// near reports whether a is within rel of b, relative.
func near(a, b, rel float64) bool { return math.Abs(a-b) <= rel*math.Abs(b) }
