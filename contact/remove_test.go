package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A stack of three cubes built through the API settles and sleeps; removing the middle one
// wakes the one above, which falls onto the bottom one (1 m down) and comes to rest there,
// and no contact of the last step names the removed body or pairs bodies that do not touch.
func TestRemoveFromStackWakesWhatRestedOnIt(t *testing.T) {
	w := floorOnly()
	cube := builtinMesh(t, "cube")
	var ids [3]BodyID
	for k := range ids {
		ids[k] = create(t, w, cube, mgl64.Vec3{0, 0.5 + float64(k), 0})
	}
	untilAsleep(t, w, 600)
	top := w.Body(ids[2])
	if y := top.P[1]; math.Abs(y-2.5) > 2e-3 {
		t.Fatalf("settled top cube at y = %.4f m, want 2.5", y)
	}
	if !w.RemoveBody(ids[1]) {
		t.Fatal("RemoveBody of the middle cube reported no such body")
	}
	if w.Sleeping(ids[2]) {
		t.Errorf("the top cube sleeps in mid-air after the cube under it was removed")
	}
	for _, m := range w.Manifolds(nil) {
		if !w.Valid(m.A) || m.B != NoBody && !w.Valid(m.B) {
			t.Fatalf("a manifold names %v and %v, not both bodies of the world", m.A, m.B)
		}
		if m.B != NoBody {
			t.Errorf("a manifold pairs %v and %v, 1 m apart", m.A, m.B)
		}
	}
	// It falls 1 m: t = √(2/g) = 0.45 s; then it lands and sleeps again.
	for range 30 {
		mustStep(t, w)
	}
	if y := top.P[1]; y > 2.0 {
		t.Errorf("0.5 s after the removal the top cube is at y = %.3f m: it did not fall", y)
	}
	untilAsleep(t, w, 600)
	if y := top.P[1]; math.Abs(y-1.5) > 2e-3 {
		t.Errorf("the top cube came to rest at y = %.4f m, want 1.5 on the bottom cube", y)
	}
}

// Removing a body that touches nothing leaves the rest of the world as if it had never been
// there, bit for bit: every per-body state of the step moves down with the bodies after it.
// The removed body sits between the others and has a mesh of its own (a torus among cubes),
// and a cube after it is asleep when it goes, so that a hull or a sleep flag left at its old
// index would change the next body's motion.
func TestRemoveFarBodyChangesNothing(t *testing.T) {
	cube, torus := builtinMesh(t, "cube"), builtinMesh(t, "torus")
	build := func(withTorus bool) (*World, BodyID) {
		w := floorOnly()
		var far BodyID
		for k := range 4 {
			id := create(t, w, cube, mgl64.Vec3{0.1 * float64(k), 0.6 + 1.05*float64(k), 0})
			w.Body(id).Omega = mgl64.Vec3{0.5, float64(k), 0.2}
			if k == 1 && withTorus {
				far = create(t, w, torus, mgl64.Vec3{50, 5, 0})
			}
		}
		create(t, w, cube, mgl64.Vec3{5, 0.5, 0}) // at rest: asleep after 0.5 s
		return w, far
	}
	a, far := build(true)
	b, _ := build(false)
	for range 40 {
		mustStep(t, a)
		mustStep(t, b)
	}
	if !a.Sleeping(a.ID(5)) || a.Sleeping(a.ID(4)) {
		t.Fatal("want the resting cube asleep and the stack awake when the torus is removed")
	}
	if !a.RemoveBody(far) {
		t.Fatal("RemoveBody: no such body")
	}
	for range 80 {
		mustStep(t, a)
		mustStep(t, b)
	}
	if len(a.Bodies) != len(b.Bodies) {
		t.Fatalf("%d bodies, want %d", len(a.Bodies), len(b.Bodies))
	}
	for i := range a.Bodies {
		pa, pb := a.Bodies[i], b.Bodies[i]
		if pa.P != pb.P || pa.R != pb.R || pa.V != pb.V || pa.Omega != pb.Omega {
			t.Errorf("body %d: at %v moving %v, want %v moving %v", i, pa.P, pa.V, pb.P, pb.V)
		}
	}
}

// BodyIDs outlive removals: the others still name their bodies, the removed one names none
// and is never given again, and indices close up in scene order.
func TestBodyIDsSurviveRemoval(t *testing.T) {
	w := floorOnly()
	cube := builtinMesh(t, "cube")
	var ids []BodyID
	for k := range 4 {
		ids = append(ids, create(t, w, cube, mgl64.Vec3{2 * float64(k), 0.5, 0}))
	}
	if ids[0] == NoBody || ids[1] == ids[0] {
		t.Fatalf("ids %v", ids)
	}
	mustStep(t, w)
	x := w.Body(ids[3]).P[0]
	if !w.RemoveBody(ids[1]) || w.RemoveBody(ids[1]) {
		t.Fatal("RemoveBody: want true, then false for the same id")
	}
	if w.Index(ids[1]) != -1 || w.Body(ids[1]) != nil || w.Wake(ids[1]) == nil {
		t.Errorf("the removed id still names a body")
	}
	for k, want := range []int{0, -1, 1, 2} {
		if got := w.Index(ids[k]); got != want {
			t.Errorf("Index(ids[%d]) = %d, want %d", k, got, want)
		}
	}
	if w.Body(ids[3]).P[0] != x || w.ID(2) != ids[3] {
		t.Errorf("ids[3] names the body at x = %g (index %d), want x = %g", w.Body(ids[3]).P[0], w.Index(ids[3]), x)
	}
	fresh := create(t, w, cube, mgl64.Vec3{-3, 0.5, 0})
	if fresh == ids[1] || w.Index(fresh) != 3 {
		t.Errorf("a new body got id %d at index %d: want a new id at index 3", fresh, w.Index(fresh))
	}
	for range 60 {
		mustStep(t, w)
	}
}
