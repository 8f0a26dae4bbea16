package solve

import (
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
	c.moved = make([]moves, len(c.vel))
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
		moved = moved || c.vel[i] != before[i]
	}
	if !moved {
		t.Error("the shock sweep changed no velocity")
	}
}
