package contact

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// randomHeap returns two to five boxes of random sizes, masses and headings stacked loosely
// over a floor, each up to 0.3 m above the one below: a heap that lands, topples and slides.
// No restitution, friction 0.5.
func randomHeap(rng *rand.Rand) *World {
	n := 2 + rng.IntN(4)
	w := floorWorld(0.5)
	y := 0.0
	for range n {
		s := mgl64.Vec3{0.5 + rng.Float64(), 0.3 + 0.5*rng.Float64(), 0.5 + rng.Float64()}
		y += s[1]/2 + 0.3*rng.Float64()
		b := boxBody(s, 0.5+2*rng.Float64(), mgl64.Vec3{0.3 * (rng.Float64() - 0.5), y, 0.3 * (rng.Float64() - 0.5)})
		b.R = body.Exp(mgl64.Vec3{0, rng.Float64() * math.Pi, 0})
		y += s[1] / 2
		w.Bodies = append(w.Bodies, b)
	}
	return w
}

// Over random heaps and drops without restitution, the total energy never rises from one
// step to the next after the first contact, to rounding (10⁻⁹ of itself), when depth is not
// corrected: every velocity solve dissipates. With the position pass on, a step's rise is
// at most the potential energy of lifting the whole heap by the deepest contact of the step
// before: the pass moves bodies out of each other, never faster.
func TestEnergyNeverRises(t *testing.T) {
	for _, correct := range []bool{false, true} {
		rng := rand.New(rand.NewPCG(7, 11))
		worst := 0.0
		for trial := range 40 {
			w := randomHeap(rng)
			if !correct {
				w.PositionCorrection = 0
			}
			mass := 0.0
			for _, b := range w.Bodies {
				mass += b.Mass
			}
			last, deepest, touched := energy(w), 0.0, false
			for step := range 180 {
				mustStep(t, w)
				e := energy(w)
				allowed := 1e-9 * math.Abs(last)
				if correct {
					allowed += mass * w.Gravity.Len() * deepest
				}
				if touched && e-last > allowed {
					t.Errorf("position correction %v, heap %d, step %d: energy rose %.3g J (allowed %.3g J); exact stage %+v",
						correct, trial, step, e-last, allowed, w.Stats.Exact)
				}
				if touched {
					worst = max(worst, (e-last)/math.Abs(last))
				}
				touched = touched || w.Stats.Contacts > 0
				last, deepest = e, w.Stats.MaxPenetration
			}
		}
		t.Logf("position correction %v: 40 heaps of 180 steps, the largest rise in a step %.3g of the energy", correct, worst)
	}
}
