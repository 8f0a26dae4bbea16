package levels

import (
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/collide"
)

var (
	gravity = mgl64.Vec3{0, -9.81, 0}
	up      = mgl64.Vec3{0, 1, 0}
	side    = mgl64.Vec3{1, 0, 0}
	// planes: a floor (ground) and a wall
	planes = []mgl64.Vec3{up, side}
)

// bodies returns n free bodies, fixed where the index is in fixed.
func bodies(n int, fixed ...int) []*body.Body {
	bs := make([]*body.Body, n)
	for i := range bs {
		bs[i] = &body.Body{Fixed: slices.Contains(fixed, i)}
	}
	return bs
}

// onPlane is body a's manifold with plane k.
func onPlane(a, k int) collide.Manifold {
	return collide.Manifold{Pair: collide.PlanePair(a, k), Normal: planes[k]}
}

// between is the manifold of bodies a and b whose normal, from a to b, is n.
func between(a, b int, n mgl64.Vec3) collide.Manifold {
	return collide.Manifold{Pair: collide.Pair{A: int32(a), B: int32(b)}, Normal: n}
}

// A column on the floor: each box one level above the one it rests on, and the manifolds
// visited from the floor up, whatever order detection listed them in.
func TestColumnLevels(t *testing.T) {
	ms := []collide.Manifold{between(1, 2, up), onPlane(0, 0), between(0, 1, up)}
	var g Graph
	g.Build(bodies(3), ms, planes, gravity, false)
	if want := []int{0, 1, 2}; !slices.Equal(g.Level, want) {
		t.Errorf("levels %v, want %v", g.Level, want)
	}
	if want := []int32{1, 2, 0}; !slices.Equal(g.Order, want) {
		t.Errorf("order %v, want %v", g.Order, want)
	}
	if want := []bool{true, false}; !slices.Equal(g.Ground, want) {
		t.Errorf("ground planes %v, want %v", g.Ground, want)
	}
}

// Cubes spawned at one point all touch the floor, and each rests on the one below: the
// longest chain of support sets the level, not the floor contact.
func TestLongestChainOfSupport(t *testing.T) {
	ms := []collide.Manifold{onPlane(0, 0), onPlane(1, 0), onPlane(2, 0), between(0, 1, up), between(1, 2, up), between(0, 2, up)}
	var g Graph
	g.Build(bodies(3), ms, planes, gravity, false)
	if want := []int{0, 1, 2}; !slices.Equal(g.Level, want) {
		t.Errorf("levels %v, want %v", g.Level, want)
	}
}

// A box on two boxes, one of which leans on a wall: the floor's contacts first, the wall's
// last, and the ties of a level in detection order, or reversed with flip.
func TestOrderWallsLastTiesFlip(t *testing.T) {
	ms := []collide.Manifold{
		onPlane(1, 1),     // 0: wall
		between(0, 2, up), // 1: level 0
		onPlane(0, 0),     // 2: floor
		between(1, 2, up), // 3: level 0
		onPlane(1, 0),     // 4: floor
	}
	var g Graph
	g.Build(bodies(3), ms, planes, gravity, false)
	if want := []int{0, 0, 1}; !slices.Equal(g.Level, want) {
		t.Errorf("levels %v, want %v", g.Level, want)
	}
	if want := []int32{2, 4, 1, 3, 0}; !slices.Equal(g.Order, want) {
		t.Errorf("order %v, want %v", g.Order, want)
	}
	g.Build(bodies(3), ms, planes, gravity, true)
	if want := []int32{4, 2, 3, 1, 0}; !slices.Equal(g.Order, want) {
		t.Errorf("flipped order %v, want %v", g.Order, want)
	}
}

// A fixed body is level −1 and holds up what rests on it; a body pressed against its side
// is reached from it as against a wall, level 0; a body against nothing that reaches the
// ground is Unreached, and its manifold goes last.
func TestFixedSideAndUnreached(t *testing.T) {
	ms := []collide.Manifold{
		between(0, 1, up),   // 1 rests on fixed 0
		between(0, 2, side), // 2 is pressed against its side
		between(2, 3, up),   // 3 rests on 2
		between(4, 5, up),   // 4 and 5 float
	}
	var g Graph
	g.Build(bodies(6, 0), ms, planes, gravity, false)
	if want := []int{-1, 0, 0, 1, Unreached, Unreached}; !slices.Equal(g.Level, want) {
		t.Errorf("levels %v, want %v", g.Level, want)
	}
	if g.Order[len(g.Order)-1] != 3 {
		t.Errorf("order %v: want the floating pair's manifold (3) last", g.Order)
	}
}

// In zero gravity there is no up: every plane is ground and every contact is support, so
// levels spread from the planes along the contacts.
func TestZeroGravity(t *testing.T) {
	ms := []collide.Manifold{onPlane(0, 1), between(0, 1, side), between(1, 2, side)}
	var g Graph
	g.Build(bodies(3), ms, planes, mgl64.Vec3{}, false)
	if want := []bool{true, true}; !slices.Equal(g.Ground, want) {
		t.Errorf("ground planes %v, want %v", g.Ground, want)
	}
	if want := []int{0, 1, 2}; !slices.Equal(g.Level, want) {
		t.Errorf("levels %v, want %v", g.Level, want)
	}
}

// Two boxes resting on each other (overlapping, each normal saying the other is above) are
// a cycle: it is broken at the one the search reached first, and both get a level.
func TestSupportCycle(t *testing.T) {
	ms := []collide.Manifold{onPlane(0, 0), between(0, 1, up), between(1, 0, up)}
	var g Graph
	g.Build(bodies(2), ms, planes, gravity, false)
	if g.Level[0] != 0 || g.Level[1] < 1 || g.Level[1] == Unreached {
		t.Errorf("levels %v: want 0 and then a level above it", g.Level)
	}
}

// Building again in the same storage gives the same answer as a fresh graph, however many
// bodies and manifolds the last build had.
func TestBuildReusesStorage(t *testing.T) {
	big := []collide.Manifold{onPlane(0, 0), between(0, 1, up), between(1, 2, up), between(2, 3, up), onPlane(3, 1)}
	small := []collide.Manifold{between(0, 1, up), onPlane(1, 0)}
	var reused, fresh Graph
	reused.Build(bodies(4), big, planes, gravity, false)
	reused.Build(bodies(2), small, planes, gravity, true)
	fresh.Build(bodies(2), small, planes, gravity, true)
	if !slices.Equal(reused.Level, fresh.Level) || !slices.Equal(reused.Order, fresh.Order) || !slices.Equal(reused.Ground, fresh.Ground) {
		t.Errorf("reused %v %v %v, fresh %v %v %v", reused.Level, reused.Order, reused.Ground, fresh.Level, fresh.Order, fresh.Ground)
	}
}
