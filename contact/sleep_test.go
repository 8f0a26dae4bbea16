package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// stepsToSleep returns the step after which body i first sleeps, or −1 within max steps.
func stepsToSleep(t testing.TB, w *World, i, max int) int {
	for s := 1; s <= max; s++ {
		mustStep(t, w)
		if w.Sleeping(w.ID(i)) {
			return s
		}
	}
	return -1
}

// A cube set down on the floor is at rest from the first step, so it sleeps after exactly
// w.TimeToSleep: the step whose end makes its timer reach 0.5 s (30 steps at 1/60 s), not
// one before. A cube dropped from 1 m sleeps 0.5 s after it stops, and not in mid-air.
func TestBoxOnFloorSleepsAfterThreshold(t *testing.T) {
	cube := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
	w := floorWorld(0.5, cube)
	want := int(math.Ceil(w.TimeToSleep/w.Dt - 1e-9))
	if got := stepsToSleep(t, w, 0, 600); got != want {
		t.Errorf("resting cube fell asleep after %d steps, want %d (%.2f s)", got, want, w.TimeToSleep)
	}
	if cube.V != (mgl64.Vec3{}) || cube.Omega != (mgl64.Vec3{}) {
		t.Errorf("sleeping cube has v %v, ω %v; want zero", cube.V, cube.Omega)
	}
	if w.Stats.Contacts != 4 {
		t.Errorf("sleeping cube has %d contacts, want its 4 corners", w.Stats.Contacts)
	}

	dropped := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 1.5, 0})
	w = floorWorld(0.5, dropped)
	// Free fall of 1 m takes √(2/9.81) = 0.45 s, then it lands and stops.
	got := stepsToSleep(t, w, 0, 600)
	// The speculative contact stops it within the step it reaches the floor: allow that step.
	if t0 := math.Sqrt(2 / 9.81); got < 0 || float64(got)*w.Dt < t0+w.TimeToSleep-w.Dt {
		t.Errorf("dropped cube fell asleep after %d steps (%.3f s), want after %.3f s", got, float64(got)*w.Dt, t0+w.TimeToSleep)
	}
	if y := dropped.P[1]; math.Abs(y-0.5) > 1e-3 {
		t.Errorf("dropped cube sleeps at y = %.4f m, want 0.5 on the floor", y)
	}
}

// A sleeping body keeps its exact state, bit for bit, however long it sleeps; with EnableSleep off it keeps
// it awake.
func TestSleepingBodyKeepsExactState(t *testing.T) {
	cube := boxBody(mgl64.Vec3{1, 2, 0.5}, 3, mgl64.Vec3{0, 1.5, 0})
	cube.R = body.Exp(mgl64.Vec3{0, 0.7, 0})
	w := floorWorld(0.5, cube)
	if stepsToSleep(t, w, 0, 600) < 0 {
		t.Fatal("box never fell asleep")
	}
	p, r := cube.P, cube.R
	for range 1000 {
		mustStep(t, w)
	}
	if !w.Sleeping(w.ID(0)) || cube.P != p || cube.R != r || cube.V != (mgl64.Vec3{}) || cube.Omega != (mgl64.Vec3{}) {
		t.Errorf("after 1000 steps asleep: sleeping %v, P %v (was %v), R changed %v, v %v, ω %v",
			w.Sleeping(w.ID(0)), cube.P, p, cube.R != r, cube.V, cube.Omega)
	}

	awake := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
	w = floorWorld(0.5, awake)
	w.EnableSleep = false
	if got := stepsToSleep(t, w, 0, 300); got >= 0 {
		t.Errorf("with EnableSleep off the cube fell asleep after %d steps", got)
	}
}

// Wake wakes a sleeping body, which then falls under gravity if its support is gone, and
// warm starts from its dormant contacts when it is not: a woken resting cube neither moves
// nor loses its four contacts, and falls asleep again after w.TimeToSleep.
func TestWake(t *testing.T) {
	cube := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
	w := floorWorld(0.5, cube)
	first := stepsToSleep(t, w, 0, 600)
	p := cube.P
	w.Wake(w.ID(0))
	if w.Sleeping(w.ID(0)) {
		t.Fatal("Wake left the cube asleep")
	}
	mustStep(t, w)
	if w.Sleeping(w.ID(0)) || w.Stats.Contacts != 4 || cube.P.Sub(p).Len() > 1e-9 {
		t.Errorf("woken cube: sleeping %v, %d contacts, moved %.3g m", w.Sleeping(w.ID(0)), w.Stats.Contacts, cube.P.Sub(p).Len())
	}
	if again := stepsToSleep(t, w, 0, 600); again != first-1 {
		t.Errorf("woken cube slept again after %d more steps, want %d", again+1, first)
	}

	// Take the floor away: a woken cube falls freely from rest.
	w.Planes = nil
	w.Wake(w.ID(0))
	y := cube.P[1]
	for range 30 {
		mustStep(t, w)
	}
	// Symplectic Euler from rest: g h² (1 + 2 + … + 30).
	if fall, want := y-cube.P[1], 9.81*w.Dt*w.Dt*30*31/2; math.Abs(fall-want) > 1e-9 {
		t.Errorf("woken unsupported cube fell %.6f m in 30 steps, want %.6f", fall, want)
	}
}

// Wake on an awake body restarts its sleep timer: a resting cube woken every step (as the
// viewer does for the body it holds) stays awake, and sleeps w.TimeToSleep after the last call.
func TestWakeKeepsAwake(t *testing.T) {
	cube := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
	w := floorWorld(0.5, cube)
	for i := range 120 {
		w.Wake(w.ID(0))
		mustStep(t, w)
		if w.Sleeping(w.ID(0)) {
			t.Fatalf("cube woken every step fell asleep at step %d", i+1)
		}
	}
	// The step after the last Wake counted towards the timer already.
	if got, want := stepsToSleep(t, w, 0, 600), int(math.Ceil(w.TimeToSleep/w.Dt-1e-9))-1; got != want {
		t.Errorf("after the last Wake the cube slept after %d more steps, want %d", got, want)
	}
}

// A cube dropped onto a sleeping cube wakes it (and only it: a sleeping cube beside them,
// not touched, sleeps on), lands on it, and the two fall asleep together as one island,
// the lower one where it slept; Wake on either wakes both.
func TestDroppedBoxWakesSleepingBox(t *testing.T) {
	lower := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0})
	aside := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{3, 0.5, 0})
	upper := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 100, 0}) // far above at first
	w := floorWorld(0.5, lower, aside, upper)
	upper.Fix() // held still until the others sleep
	if stepsToSleep(t, w, 0, 600) < 0 || !w.Sleeping(w.ID(1)) {
		t.Fatal("the cubes on the floor never fell asleep")
	}
	p := lower.P
	*upper = *boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 2.5, 0}) // let go 1 m above
	woke := -1
	for s := 1; s <= 120 && woke < 0; s++ {
		mustStep(t, w)
		if !w.Sleeping(w.ID(0)) {
			woke = s
		}
	}
	// 1 m of free fall takes 0.45 s: 27 steps.
	if woke < 25 || woke > 29 {
		t.Errorf("lower cube woke at step %d, want when the upper one lands (≈ 27)", woke)
	}
	if !w.Sleeping(w.ID(1)) {
		t.Error("the untouched cube woke")
	}
	if stepsToSleep(t, w, 2, 600) < 0 || !w.Sleeping(w.ID(0)) {
		t.Fatal("the two cubes never fell asleep again")
	}
	if d := lower.P.Sub(p).Len(); d > 2e-3 || math.Abs(upper.P[1]-1.5) > 3e-3 {
		t.Errorf("lower cube moved %.3g m; upper cube rests at y = %.4f, want 1.5", d, upper.P[1])
	}
	// Picking the upper cube wakes its island, the lower one too, but not the one aside.
	w.Wake(w.ID(2))
	if w.Sleeping(w.ID(0)) || w.Sleeping(w.ID(2)) || !w.Sleeping(w.ID(1)) {
		t.Errorf("after Wake(2): asleep %v %v %v, want false false true", w.Sleeping(w.ID(0)), w.Sleeping(w.ID(1)), w.Sleeping(w.ID(2)))
	}
}
