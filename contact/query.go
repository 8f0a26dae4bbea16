package contact

import (
	"github.com/tumble-physics/tumble/contact/collide"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/inertia"
)

// Queries ask where the bodies are, between steps, against their exact triangles (not the
// hulls or distance fields the step collides with): what a ray hits first, and which bodies
// a box overlaps. Each body is culled by the box around its mesh before its triangles are
// read. A body without triangles (a bare point set) is never found.

// RayHit is where a ray enters a surface.
type RayHit struct {
	// Body is the body hit, or NoBody for a plane.
	Body BodyID
	// Plane is the index in World.Planes of the plane hit, or −1 for a body.
	Plane int
	// Point is where the ray enters the surface, world frame, m.
	Point mgl64.Vec3
	// Normal is the surface's unit outward normal there, world frame: the hit triangle's, or
	// the plane's.
	Normal mgl64.Vec3
	// Distance is how far Point is from the ray's origin along it, m.
	Distance float64
}

// CastRay returns the first surface hit by the ray from origin (world, m) along dir (world,
// any nonzero length) no farther than maxDistance (m; +Inf for no limit), and whether there
// is one. A ray hits a body where it enters it, through a triangle that faces it, and a
// plane from its open side: a ray that starts inside a body, or behind a plane, does not hit
// that body or plane on its way out. On a tie the body first in Bodies wins, and bodies win
// over planes. Sleeping and fixed bodies are hit like any other. Any finite origin works,
// however far (beyond MaxStateValue too: a ray from 10¹¹ m away finds the bodies it points
// at); a ray that is not one (an origin or direction with a NaN or infinite component, a
// zero direction or one whose length overflows, a negative or NaN maxDistance) hits nothing.
func (w *World) CastRay(origin, dir mgl64.Vec3, maxDistance float64) (RayHit, bool) {
	best := RayHit{Body: NoBody, Plane: -1, Distance: math.Inf(1)}
	l := rounded.Len(dir)
	if !(l > 0 && l <= math.MaxFloat64) || !numbers(origin) || !(maxDistance >= 0) {
		return best, false
	}
	dir = dir.Mul(1 / l)
	q := &w.query
	for i, b := range w.Bodies {
		if b.Mesh == nil || len(b.Mesh.Triangles) == 0 {
			continue
		}
		// In the body frame, where the mesh is: distances along the ray are the same.
		o, d := b.BodyPoint(origin), b.BodyVector(dir)
		lo, hi := aabb.Slab(q.boundsOf(b.Mesh), o, d)
		if lo > hi || hi < 0 || lo > min(best.Distance, maxDistance) {
			continue
		}
		m := b.Mesh
		for _, t := range m.Triangles {
			a := m.Vertices[t[0]]
			e1, e2 := m.Vertices[t[1]].Sub(a), m.Vertices[t[2]].Sub(a)
			if s, ok := collide.RayTriangle(o, d, a, e1, e2); ok && s <= maxDistance && s < best.Distance {
				best = RayHit{Body: w.idOf(i), Plane: -1, Distance: s,
					Normal: rounded.Normalize(b.WorldVector(rounded.Cross(e1, e2)))}
			}
		}
	}
	for k, pl := range w.Planes {
		n := rounded.Normalize(pl.Normal)
		facing := -rounded.Dot(n, dir)
		if !(facing > 0) {
			continue // parallel, or seen from behind
		}
		s := rounded.Dot(n, origin.Sub(pl.Point)) / facing
		if s >= 0 && s <= maxDistance && s < best.Distance {
			best = RayHit{Body: NoBody, Plane: k, Distance: s, Normal: n}
		}
	}
	if math.IsInf(best.Distance, 1) {
		return best, false
	}
	best.Point = origin.Add(dir.Mul(best.Distance))
	return best, true
}

// OverlapBox appends to dst the bodies whose solid shares a point with the axis-aligned box
// from lo to hi (world, m; lo ≤ hi on every axis) and returns the extended slice, in the
// order of Bodies: those with a triangle that meets the box, and those that hold the box
// inside them. Sleeping and fixed bodies are found like any other; planes are not. Any
// finite box works, however large (a box of ±10¹¹ m holds every body); a box that is not
// one (a NaN or infinite corner, lo > hi on an axis) holds nothing.
func (w *World) OverlapBox(lo, hi mgl64.Vec3, dst []BodyID) []BodyID {
	if !numbers(lo) || !numbers(hi) || lo[0] > hi[0] || lo[1] > hi[1] || lo[2] > hi[2] {
		return dst
	}
	q := &w.query
	box := aabb.Box{Lo: lo, Hi: hi}
	// Halved first, so that a box of ±10³⁰⁸ does not overflow (halving is exact).
	centre, half := lo.Mul(0.5).Add(hi.Mul(0.5)), hi.Mul(0.5).Sub(lo.Mul(0.5))
	scratch := posedPool.Get().(*[]mgl64.Vec3) // each call its own: queries may run side by side
	defer posedPool.Put(scratch)
	for i, b := range w.Bodies {
		if b.Mesh == nil || len(b.Mesh.Triangles) == 0 || !aabb.Posed(b, q.boundsOf(b.Mesh), 0).Overlaps(box) {
			continue
		}
		// The mesh in world coordinates, relative to the box's centre.
		verts := (*scratch)[:0]
		for _, v := range b.Mesh.Vertices {
			verts = append(verts, b.WorldPoint(v).Sub(centre))
		}
		*scratch = verts
		if meetsSurface(verts, b.Mesh, half) || inside(verts, b.Mesh.Triangles) {
			dst = append(dst, w.idOf(i))
		}
	}
	return dst
}

// numbers reports whether every component of v is a number, neither NaN nor infinite.
func numbers(v mgl64.Vec3) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// posedPool holds the scratch in which OverlapBox poses a body's vertices.
var posedPool = sync.Pool{New: func() any { return new([]mgl64.Vec3) }}

// meetsSurface reports whether a triangle of m, posed at verts (relative to the box's
// centre), meets the box of half-extents half.
func meetsSurface(verts []mgl64.Vec3, m *inertia.Mesh, half mgl64.Vec3) bool {
	for _, t := range m.Triangles {
		if triangleMeetsBox(verts[t[0]], verts[t[1]], verts[t[2]], half) {
			return true
		}
	}
	return false
}

// triangleMeetsBox reports whether the triangle (a, b, c) and the box of half-extents half
// centred at the origin share a point: the separating-axis test of Akenine-Möller (2001)
// over the box's three axes, the triangle's normal and the nine cross products of their
// edges.
func triangleMeetsBox(a, b, c, half mgl64.Vec3) bool {
	edges := [3]mgl64.Vec3{b.Sub(a), c.Sub(b), a.Sub(c)}
	apart := func(axis mgl64.Vec3) bool {
		pa, pb, pc := rounded.Dot(axis, a), rounded.Dot(axis, b), rounded.Dot(axis, c)
		r := float64(half[0]*math.Abs(axis[0])) + float64(half[1]*math.Abs(axis[1])) + float64(half[2]*math.Abs(axis[2]))
		return min(pa, pb, pc) > r || max(pa, pb, pc) < -r
	}
	for k := range 3 {
		var axis mgl64.Vec3
		axis[k] = 1
		if apart(axis) {
			return false
		}
		for _, e := range edges {
			if x := rounded.Cross(axis, e); x != (mgl64.Vec3{}) && apart(x) {
				return false
			}
		}
	}
	n := rounded.Cross(edges[0], edges[1])
	return n == (mgl64.Vec3{}) || !apart(n)
}

// inside reports whether the origin lies inside the closed mesh of triangles over verts: its
// winding number, the solid angle the mesh subtends there over 4π (Van Oosterom and
// Strackee 1983), is 1 inside and 0 outside, whatever the mesh's shape.
func inside(verts []mgl64.Vec3, triangles [][3]int32) bool {
	sum := 0.0
	for _, t := range triangles {
		a, b, c := verts[t[0]], verts[t[1]], verts[t[2]]
		la, lb, lc := rounded.Len(a), rounded.Len(b), rounded.Len(c)
		den := float64(la*lb*lc) + float64(rounded.Dot(a, b)*lc) + float64(rounded.Dot(b, c)*la) + float64(rounded.Dot(c, a)*lb)
		sum += float64(2 * rounded.Atan2(rounded.Dot(a, rounded.Cross(b, c)), den))
	}
	return sum > 2*math.Pi // winding number above ½
}

// queryState is the queries' cache: per mesh, the box around its vertices in the body
// frame, computed the first time a query meets the mesh. A sync.Map, because queries from
// several goroutines may fill it at once (the package doc's goroutine contract).
type queryState struct {
	bounds sync.Map // *inertia.Mesh → aabb.Box
}

// boundsOf returns the body-frame box around m's vertices.
func (q *queryState) boundsOf(m *inertia.Mesh) aabb.Box {
	if box, ok := q.bounds.Load(m); ok {
		return box.(aabb.Box)
	}
	box := aabb.Of(m.Vertices)
	q.bounds.Store(m, box)
	return box
}
