package contact

import (
	"math"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A plane taken out of Planes while bodies rest on it, asleep or awake, never panics: not in
// Contacts or Manifolds before the next step, nor in the step's touch events. The bodies
// that rested on it wake and fall to the plane below, the touch with the removed plane ends
// once, and no contact names it again.
func TestRemovedPlaneLetsGo(t *testing.T) {
	for _, asleep := range []bool{true, false} {
		w := floorOnly()
		w.EnableSleep = asleep
		shelf := Plane{Point: mgl64.Vec3{0, 1, 0}, Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5} // 1 m above the floor
		w.Planes = append(w.Planes, shelf)
		cube := builtinMesh(t, "cube")
		low := create(t, w, cube, mgl64.Vec3{0, 1.5, 0})
		high := create(t, w, cube, mgl64.Vec3{0, 2.5, 0})
		for range 120 {
			mustStep(t, w)
		}
		if w.Sleeping(low) != asleep || w.Sleeping(high) != asleep {
			t.Fatalf("asleep %v: the stack on the shelf sleeps %v %v", asleep, w.Sleeping(low), w.Sleeping(high))
		}
		w.Planes = w.Planes[:1]
		for _, c := range append(w.Contacts(nil), w.Manifolds(nil)...) {
			if c.B == NoBody && c.Plane != 0 {
				t.Fatalf("asleep %v: after the removal a contact names plane %d of %d", asleep, c.Plane, len(w.Planes))
			}
		}
		var ended []Touch
		for range 90 {
			mustStep(t, w)
			ended = append(ended, w.TouchEvents().End...)
			for _, c := range w.Contacts(nil) {
				if c.B == NoBody && c.Plane != 0 {
					t.Fatalf("asleep %v, step %d: a contact names the removed plane %d", asleep, w.Steps, c.Plane)
				}
			}
		}
		if !slices.Contains(ended, Touch{A: low, Plane: 1}) {
			t.Errorf("asleep %v: the touch of the low cube and the removed plane never ended (ended %v)", asleep, ended)
		}
		if y := w.Body(low).P[1]; math.Abs(y-0.5) > 2e-3 {
			t.Errorf("asleep %v: 1.5 s after the shelf went the low cube is at y = %.4f m, want 0.5 on the floor", asleep, y)
		}
		if y := w.Body(high).P[1]; math.Abs(y-1.5) > 4e-3 {
			t.Errorf("asleep %v: the high cube is at y = %.4f m, want 1.5 on the low one", asleep, y)
		}
	}
}

// A change to the planes, gravity or sleeping wakes the sleeping bodies it affects: a stack
// asleep on the floor rises with a raised floor, falls up under flipped gravity, stays awake
// with sleeping turned off, and slides down a floor tilted under it; a change elsewhere (a plane
// added far away) leaves it asleep.
func TestEditsWakeWhatTheyAffect(t *testing.T) {
	for _, tc := range []struct {
		name  string
		edit  func(w *World)
		wakes bool
		after func(w *World, low, high BodyID) string // a complaint, or ""
	}{
		{"floor raised 0.3 m", func(w *World) { w.Planes[0].Point[1] = 0.3 }, true,
			func(w *World, low, high BodyID) string {
				if y := w.Body(low).P[1]; math.Abs(y-0.8) > 3e-3 {
					return "the low cube did not rise onto the raised floor"
				}
				return ""
			}},
		{"gravity flipped", func(w *World) { w.Gravity = w.Gravity.Mul(-1) }, true,
			func(w *World, low, high BodyID) string {
				if y := w.Body(high).P[1]; y < 3 {
					return "the stack did not fall upward"
				}
				return ""
			}},
		{"sleeping off", func(w *World) { w.EnableSleep = false }, true,
			func(w *World, low, high BodyID) string {
				if w.SleepingBodies() != 0 {
					return "bodies fell asleep with sleeping off"
				}
				return ""
			}},
		{"floor tilted", func(w *World) { w.Planes[0].Normal = mgl64.Vec3{-0.5, 1, 0} }, true,
			func(w *World, low, high BodyID) string {
				if x := w.Body(low).P[0]; math.Abs(x) < 0.1 {
					return "the stack did not move on the tilted floor"
				}
				return ""
			}},
		{"a far plane added", func(w *World) {
			w.Planes = append(w.Planes, Plane{Point: mgl64.Vec3{50, 0, 0}, Normal: mgl64.Vec3{-1, 0, 0}})
		}, false, func(*World, BodyID, BodyID) string { return "" }},
	} {
		w := floorOnly()
		cube := builtinMesh(t, "cube")
		low := create(t, w, cube, mgl64.Vec3{0, 0.5, 0})
		high := create(t, w, cube, mgl64.Vec3{0, 1.5, 0})
		untilAsleep(t, w, 600)
		tc.edit(w)
		mustStep(t, w)
		if woke := !w.Sleeping(low) && !w.Sleeping(high); woke != tc.wakes {
			t.Errorf("%s: the stack woke %v, want %v", tc.name, woke, tc.wakes)
			continue
		}
		for range 60 {
			mustStep(t, w)
		}
		if msg := tc.after(w, low, high); msg != "" {
			t.Errorf("%s: %s: cubes at %v and %v", tc.name, msg, w.Body(low).P, w.Body(high).P)
		}
	}
}
