package contact

import (
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// Stats count the same thing awake and asleep: a pyramid of cubes set 5 mm apart (so that
// neighbours make speculative manifolds that do not touch) keeps its contact and manifold
// counts through the step it falls asleep and every step after, and Stats.Manifolds is what
// Manifolds lists. Only the solver's work (Rows) stops.
func TestStatsCountSleepingIslandsAlike(t *testing.T) {
	w := floorOnly()
	cube := builtinMesh(t, "cube")
	for row := range 4 {
		for k := range 4 - row {
			x := float64(k) - float64(3-row)/2
			create(t, w, cube, mgl64.Vec3{1.005 * x, 0.5 + float64(row), 0})
		}
	}
	var before Stats
	for w.SleepingBodies() < len(w.Bodies) {
		if w.Steps > 600 {
			t.Fatalf("%d of %d bodies asleep after %d steps", w.SleepingBodies(), len(w.Bodies), w.Steps)
		}
		before = w.Stats
		mustStep(t, w)
	}
	asleep := w.Stats
	t.Logf("last step awake: %d contacts, %d manifolds, %d rows; falling asleep: %d, %d, %d",
		before.Contacts, before.Manifolds, before.Rows, asleep.Contacts, asleep.Manifolds, asleep.Rows)
	speculative := 0
	for _, c := range w.Manifolds(nil) {
		for _, p := range c.Points[:c.N] {
			if p.Depth < -w.PenetrationSlop && p.NormalImpulse == 0 {
				speculative++
			}
		}
	}
	if speculative == 0 || asleep.Contacts < 4*len(w.Bodies) {
		t.Fatalf("%d speculative points, %d contacts: the pyramid does not test what it should", speculative, asleep.Contacts)
	}
	for range 10 {
		mustStep(t, w)
		s := w.Stats
		if s.Contacts != asleep.Contacts || s.Manifolds != asleep.Manifolds || s.Manifolds != len(w.Manifolds(nil)) || s.Rows != 0 {
			t.Fatalf("step %d, everything asleep: %d contacts, %d manifolds (Manifolds lists %d), %d rows; "+
				"want %d and %d as the step it fell asleep, and no rows", w.Steps, s.Contacts, s.Manifolds, len(w.Manifolds(nil)), s.Rows,
				asleep.Contacts, asleep.Manifolds)
		}
	}
}

// With TimeStages, a step's stages are timed: each duration is disjoint from the others, so
// their sum is at most the time Step took, measured around it; detection and the solve
// take some time on every step with contacts, the guards on every step that ran a round.
// Without it Stats.Stages stays zero.
func TestStageTimes(t *testing.T) {
	for _, on := range []bool{true, false} {
		w := penPile(150)
		w.TimeStages = on
		rounds := 0
		for step := range 60 {
			start := time.Now()
			mustStep(t, w)
			took := time.Since(start)
			st := w.Stats.Stages
			if !on {
				if st != (StageTimes{}) {
					t.Fatalf("step %d: stages %+v without TimeStages", step, st)
				}
				continue
			}
			for _, d := range []time.Duration{st.Detection, st.Prepare, st.Solve, st.Guards, st.Position, st.Other} {
				if d < 0 {
					t.Fatalf("step %d: a negative stage time in %+v", step, st)
				}
			}
			if st.Total() > took {
				t.Fatalf("step %d: the stages sum to %v, more than the step's %v", step, st.Total(), took)
			}
			if w.Stats.Manifolds > 0 && (st.Detection == 0 || st.Prepare == 0 || st.Solve == 0) {
				t.Fatalf("step %d: %d manifolds but stages %+v", step, w.Stats.Manifolds, st)
			}
			if w.Stats.GuardRounds > 0 {
				rounds++
				if st.Guards == 0 {
					t.Fatalf("step %d: %d guard rounds in no time", step, w.Stats.GuardRounds)
				}
			}
		}
		if on && rounds == 0 {
			t.Errorf("no step ran a guard round: the guards' time was not checked")
		}
	}
}
