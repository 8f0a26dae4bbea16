package island

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/collide"
)

var rule = Rule{Dt: 0.1, Linear: 0.05, Angular: 0.05, Time: 0.5, Hulls: hulls(0.5, 0.5, 0.5, 0.5, 0.5)}

// hulls returns shapes of the given radii, m.
func hulls(radii ...float64) []*collide.Shape {
	var hs []*collide.Shape
	for _, r := range radii {
		hs = append(hs, &collide.Shape{Radius: r})
	}
	return hs
}

// world returns n resting free bodies and a Sleep sized for them.
func world(n int) ([]*body.Body, *Sleep) {
	bs := make([]*body.Body, n)
	for i := range bs {
		bs[i] = &body.Body{}
	}
	s := &Sleep{}
	s.Size(n)
	return bs, s
}

// pair is the manifold of bodies a and b.
func pair(a, b int) collide.Manifold {
	return collide.Manifold{Pair: collide.Pair{A: int32(a), B: int32(b)}}
}

// steps runs Update k times and returns the step (from 1) at which an island first fell
// asleep, or 0.
func steps(s *Sleep, bs []*body.Body, ms []collide.Manifold, k int) int {
	for i := 1; i <= k; i++ {
		if s.Update(bs, ms, rule) {
			return i
		}
	}
	return 0
}

// An island sleeps when its stillest-to-be body has been at rest for Time: bodies 0 and 1
// touch, 1 moves for the first two steps, and 2 is alone and at rest. Body 2 sleeps after
// five steps; 0 and 1 after seven, together, with their velocities zeroed.
func TestIslandSleepsWhenEveryBodyRests(t *testing.T) {
	bs, s := world(3)
	bs[1].V = mgl64.Vec3{1, 0, 0}
	ms := []collide.Manifold{pair(0, 1)}
	if got := steps(s, bs, ms, 2); got != 0 {
		t.Fatalf("an island fell asleep at step %d", got)
	}
	bs[1].V = mgl64.Vec3{0.01, 0, 0} // below the threshold from now on
	if got := steps(s, bs, ms, 10); got != 3 || s.Awake(2) || !s.Awake(0) || !s.Awake(1) {
		t.Fatalf("step %d: awake %v %v %v; want body 2 asleep after 5 steps, 0 and 1 awake", got, s.Awake(0), s.Awake(1), s.Awake(2))
	}
	if got := steps(s, bs, ms, 10); got != 2 || s.Awake(0) || s.Awake(1) || s.Asleep() != 3 {
		t.Fatalf("%d more steps: awake %v %v, %d asleep; want 0 and 1 asleep 5 steps after 1 came to rest", got, s.Awake(0), s.Awake(1), s.Asleep())
	}
	if bs[1].V != (mgl64.Vec3{}) {
		t.Errorf("a sleeping body keeps v %v", bs[1].V)
	}
}

// A body is at rest when its points move slower than Linear, |v| + ρ|ω|, and it turns slower
// than Angular: at 0.04 rad/s a body of radius 0.5 m (corners at 2 cm/s) sleeps, one of
// radius 2 m (8 cm/s) does not, and at 0.06 rad/s neither does, however small.
func TestRestIsTheFastestPoint(t *testing.T) {
	for _, tc := range []struct {
		radius, omega, v float64
		sleeps           bool
	}{{0.5, 0.04, 0, true}, {2, 0.04, 0, false}, {0.5, 0.04, 0.04, false}, {0.01, 0.06, 0, false}} {
		bs, s := world(1)
		bs[0].V, bs[0].Omega = mgl64.Vec3{tc.v, 0, 0}, mgl64.Vec3{0, tc.omega, 0}
		r := rule
		r.Hulls = hulls(tc.radius)
		fell := false
		for range 10 {
			fell = fell || s.Update(bs, nil, r)
		}
		if fell != tc.sleeps {
			t.Errorf("radius %g m, ω %g rad/s, v %g m/s: asleep %v, want %v", tc.radius, tc.omega, tc.v, fell, tc.sleeps)
		}
	}
}

// Waking one body wakes its whole island and no other, restarts the timers, and is
// reported once by TakeWoken.
func TestWakeWakesTheIsland(t *testing.T) {
	bs, s := world(5)
	ms := []collide.Manifold{pair(0, 1), pair(1, 2), pair(3, 4)}
	if steps(s, bs, ms, 10) == 0 || s.Asleep() != 5 {
		t.Fatalf("%d of 5 asleep, want all", s.Asleep())
	}
	s.Wake(2)
	if !s.Awake(0) || !s.Awake(1) || !s.Awake(2) || s.Awake(3) || s.Awake(4) {
		t.Errorf("awake %v %v %v %v %v; want the island of 0, 1 and 2 only", s.Awake(0), s.Awake(1), s.Awake(2), s.Awake(3), s.Awake(4))
	}
	if !s.TakeWoken() || s.TakeWoken() {
		t.Error("TakeWoken did not report the wake exactly once")
	}
	if got := steps(s, bs, ms, 10); got != 5 {
		t.Errorf("the woken island slept again after %d steps, want 5: its timers restart", got)
	}
}

// A fixed body joins no island: two boxes resting on it sleep on their own timers, and it
// never sleeps.
func TestFixedBodyJoinsNoIsland(t *testing.T) {
	bs, s := world(3)
	bs[0].Fixed = true
	bs[2].V = mgl64.Vec3{1, 0, 0}
	ms := []collide.Manifold{pair(0, 1), pair(0, 2)}
	if got := steps(s, bs, ms, 10); got != 5 || !s.Awake(0) || s.Awake(1) || !s.Awake(2) {
		t.Errorf("step %d: awake %v %v %v; want body 1 asleep alone after 5 steps", got, s.Awake(0), s.Awake(1), s.Awake(2))
	}
}

// Put sleeps a body's island at once, whatever its speeds; Remove then drops a body and
// keeps the others' rings: waking a body after it still wakes its island.
func TestPutAndRemove(t *testing.T) {
	bs, s := world(4)
	bs[3].Omega = mgl64.Vec3{0, 3, 0}
	ms := []collide.Manifold{pair(2, 3)}
	s.Put(bs, ms, 3)
	if s.Awake(2) || s.Awake(3) || !s.Awake(0) || bs[3].Omega != (mgl64.Vec3{}) {
		t.Fatalf("awake %v %v %v %v, ω %v; want 2 and 3 asleep and still", s.Awake(0), s.Awake(1), s.Awake(2), s.Awake(3), bs[3].Omega)
	}
	s.Remove(0)
	if s.Awake(1) || s.Awake(2) || !s.Awake(0) {
		t.Fatalf("after removing body 0: awake %v %v %v; want the island, now 1 and 2, asleep", s.Awake(0), s.Awake(1), s.Awake(2))
	}
	s.Wake(1)
	if !s.Awake(2) {
		t.Error("waking body 1 left body 2 of its island asleep")
	}
}
