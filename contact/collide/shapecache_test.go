package collide

import (
	"cmp"
	"maps"
	"runtime"
	"slices"
	"testing"
	"weak"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/internal/bodytest"
	"github.com/tumble-physics/tumble/inertia"
)

// dentedCube returns a cube of side s whose top face is pushed in to a point 0.3 s deep at
// its centre: a non-convex mesh whose distance field is small and quick to build.
func dentedCube(t *testing.T, s float64) *inertia.Mesh {
	m := bodytest.Mesh(t, "cube").Transformed(mgl64.Vec3{s, s, s})
	top := func(i int32) bool { return m.Vertices[i][1] > 0.49*s }
	edges := map[[2]int32]int{} // the top face's directed edges, counted both ways
	var keep [][3]int32
	for _, tr := range m.Triangles {
		if !top(tr[0]) || !top(tr[1]) || !top(tr[2]) {
			keep = append(keep, tr)
			continue
		}
		for k := range 3 {
			u, v := tr[k], tr[(k+1)%3]
			edges[[2]int32{u, v}]++
			edges[[2]int32{v, u}]--
		}
	}
	dent := int32(len(m.Vertices))
	m.Vertices = append(m.Vertices, mgl64.Vec3{0, 0.2 * s, 0})
	for _, e := range slices.SortedFunc(maps.Keys(edges), func(a, b [2]int32) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) }) {
		if edges[e] > 0 { // a boundary edge of the top face, in its winding
			keep = append(keep, [3]int32{e[0], e[1], dent})
		}
	}
	m.Triangles = keep
	return m
}

// The distance-field cache lets go of what nothing holds: with its budget lowered to one
// shape, the shapes held by three NonConvex (a World's each) that are gone are collected and
// their entries removed, while the shape a live one holds stays shared with a new one of an
// equal mesh.
func TestShapeCacheLetsGo(t *testing.T) {
	shapeCache.Lock()
	shapeCache.budget = 1 // keep only the most recent shape beyond those in use
	shapeCache.Unlock()
	t.Cleanup(func() {
		shapeCache.Lock()
		shapeCache.budget = 0
		shapeCache.Unlock()
	})
	type made struct {
		key   [32]byte
		shape weak.Pointer[ncShape]
	}
	build := func(nc *NonConvex, scale float64) (*ncShape, made) {
		m := dentedCube(t, scale)
		nc.Prepare(&body.Body{Mesh: m})
		sh, ok := nc.of[m]
		if !ok {
			t.Fatal("Prepare built no distance field")
		}
		return sh, made{contentKey(m), weak.Make(sh)}
	}
	cached := func(key [32]byte) bool {
		shapeCache.Lock()
		defer shapeCache.Unlock()
		_, ok := shapeCache.of[key]
		return ok
	}
	var gone []made
	for k := range 3 { // three meshes of their own, in Worlds dropped at once
		_, m := build(&NonConvex{}, 1+0.1*float64(k))
		gone = append(gone, m)
	}
	live := &NonConvex{}
	held, kept := build(live, 2)
	collected := func() bool {
		for _, m := range gone {
			if m.shape.Value() != nil || cached(m.key) {
				return false
			}
		}
		return true
	}
	for range 50 {
		if collected() {
			break
		}
		runtime.GC()
		runtime.Gosched() // the cleanups that remove the entries run on their own goroutine
	}
	if !collected() || !cached(kept.key) {
		for k, m := range gone {
			t.Errorf("dropped World %d: its shape alive %v, in the cache %v", k, m.shape.Value() != nil, cached(m.key))
		}
		t.Fatalf("after 50 collections; the live World's shape cached %v", cached(kept.key))
	}
	if sh, _ := build(&NonConvex{}, 2); sh != held {
		t.Error("an equal mesh got a shape of its own while another NonConvex held one")
	}
	runtime.KeepAlive(live)
}
