package contact

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A box dropped onto the floor begins touching it once, on the step it lands, and stays
// touching while it rocks, settles and sleeps; thrown up, it stops touching once, on the
// step it leaves; and removed while resting on a fixed box, its touch with it ends.
func TestTouchEventsOfALandingAndALeaving(t *testing.T) {
	w := floorOnly()
	cube := builtinMesh(t, "cube")
	id := create(t, w, cube, mgl64.Vec3{0, 1.5, 0}) // 1 m above the floor
	floor := Touch{A: id, Plane: 0}
	var begins, ends []int // the steps of the events
	record := func(steps int) {
		for range steps {
			mustStep(t, w)
			ev := w.TouchEvents()
			for _, e := range ev.Begin {
				if e != floor {
					t.Fatalf("step %d: begin %+v, want %+v", w.Steps, e, floor)
				}
				begins = append(begins, w.Steps)
			}
			for _, e := range ev.End {
				if e != floor {
					t.Fatalf("step %d: end %+v, want %+v", w.Steps, e, floor)
				}
				ends = append(ends, w.Steps)
			}
		}
	}
	record(120)
	// It falls 1 m in √(2/g) = 0.4515 s: the step that ends at or after that lands it.
	landing := int(math.Ceil(math.Sqrt(2/9.81) / w.Dt))
	if len(begins) != 1 || len(ends) != 0 || begins[0] < landing-1 || begins[0] > landing+1 {
		t.Fatalf("dropped: begins at steps %v, ends at %v; want one begin near step %d, no end", begins, ends, landing)
	}
	t.Logf("landed on step %d (free fall ends in step %d)", begins[0], landing)
	if !w.Sleeping(id) {
		t.Fatalf("the box is not asleep 2 s after landing")
	}
	if err := w.SetVelocity(id, mgl64.Vec3{0, 3, 0}, mgl64.Vec3{}); err != nil {
		t.Fatal(err)
	}
	leaving := w.Steps + 1
	record(30) // up for 0.3 s of its 0.6 s flight
	if len(begins) != 1 || len(ends) != 1 || ends[0] != leaving {
		t.Errorf("thrown up at step %d: begins at %v, ends at %v; want one end, on step %d", leaving, begins, ends, leaving)
	}

	// A body resting on another: Touch names both, the first added as A; removing the
	// upper one ends the touch on the next step.
	w = NewWorld(DefaultSettings())
	def := DefaultBodyDef()
	def.Mesh, def.Fixed = cube, true
	base, _ := w.CreateBody(def)
	top := create(t, w, cube, mgl64.Vec3{0, 1, 0})
	mustStep(t, w)
	if ev := w.TouchEvents(); len(ev.Begin) != 1 || ev.Begin[0] != (Touch{A: base, B: top, Plane: -1}) {
		t.Fatalf("box on a fixed box: begins %+v", ev.Begin)
	}
	w.RemoveBody(top)
	mustStep(t, w)
	if ev := w.TouchEvents(); len(ev.End) != 1 || ev.End[0] != (Touch{A: base, B: top, Plane: -1}) || len(ev.Begin) != 0 {
		t.Errorf("after removing the top box: events %+v", ev)
	}
}

// A ball bouncing on the floor (restitution 0.8) begins and ends touching once per bounce,
// alternately: never two begins without an end between them.
func TestTouchEventsAlternate(t *testing.T) {
	w := floorOnly()
	w.Planes[0].Restitution = 0.8
	create(t, w, builtinMesh(t, "icosphere"), mgl64.Vec3{0, 2, 0})
	touching, bounces := false, 0
	for range 240 {
		mustStep(t, w)
		ev := w.TouchEvents()
		if len(ev.Begin)+len(ev.End) > 1 {
			t.Fatalf("step %d: events %+v at once", w.Steps, ev)
		}
		if len(ev.Begin) == 1 {
			if touching {
				t.Fatalf("step %d: a second begin without an end", w.Steps)
			}
			touching = true
		}
		if len(ev.End) == 1 {
			if !touching {
				t.Fatalf("step %d: an end without a begin", w.Steps)
			}
			touching = false
			bounces++
		}
	}
	t.Logf("%d bounces in 4 s", bounces)
	if bounces < 3 {
		t.Errorf("%d bounces in 4 s, want at least 3 (e = 0.8 from 1.5 m)", bounces)
	}
}

// The contacts of a box resting on the floor carry its weight: their impulses over a step
// add up to m g Dt, straight up on the box (A, the box; B, the floor, takes the opposite).
func TestContactsCarryTheWeight(t *testing.T) {
	w := floorOnly()
	id := create(t, w, builtinMesh(t, "cube"), mgl64.Vec3{0, 0.5, 0})
	w.EnableSleep = false
	for range 60 {
		mustStep(t, w)
	}
	cs := w.Contacts(nil)
	if len(cs) != 1 || cs[0].A != id || cs[0].B != NoBody || cs[0].Plane != 0 || cs[0].N != 4 {
		t.Fatalf("contacts %+v, want the box on plane 0 at 4 points", cs)
	}
	m := w.Body(id).Mass
	onBox, onFloor := cs[0].ImpulseOnA(), cs[0].ImpulseOnB()
	want := mgl64.Vec3{0, m * 9.81 * w.Dt, 0}
	if d := onBox.Sub(want).Len(); d > 1e-6*want.Len() || onFloor != onBox.Mul(-1) {
		t.Errorf("impulse on the box %v N·s, on the floor %v; want m g Dt = %v and its opposite", onBox, onFloor, want)
	}
	if n := cs[0].Normal; n != (mgl64.Vec3{0, -1, 0}) {
		t.Errorf("normal %v, want (0, −1, 0): from the box into the floor", n)
	}
}

// sortTouches sorts as slices.SortFunc does: lists made of sorted runs of any length, and
// lists at random.
func TestSortTouchesSorts(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	var tmp []Touch
	for trial := range 300 {
		n := rng.IntN(200)
		ts := make([]Touch, n)
		for i := range ts {
			ts[i] = Touch{A: BodyID{n: uint32(rng.IntN(40))}, B: BodyID{n: uint32(rng.IntN(40))}, Plane: rng.IntN(3) - 1}
		}
		if trial%2 == 0 { // a few sorted runs, as the step makes them
			for lo := 0; lo < n; {
				hi := min(n, lo+1+rng.IntN(80))
				slices.SortFunc(ts[lo:hi], compareTouch)
				lo = hi
			}
		}
		want := slices.Clone(ts)
		slices.SortFunc(want, compareTouch)
		tmp = sortTouches(ts, tmp)
		if !slices.Equal(ts, want) {
			t.Fatalf("trial %d: %v, want %v", trial, ts, want)
		}
	}
}
