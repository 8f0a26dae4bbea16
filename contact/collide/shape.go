package collide

import (
	"hash/fnv"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
	"github.com/tumble-physics/tumble/inertia"
)

// Shape is what contact needs of a mesh: its hull's corners, with their vertex indices as
// ids (a plane touches a body at a hull corner only), and for body–body contact the hull
// as a polyhedron. Everything is in the body frame, metres.
type Shape struct {
	Corners []mgl64.Vec3
	IDs     []int32
	Radius  float64  // largest corner distance from the origin (the centre of mass)
	Box     aabb.Box // the box around the corners (aabb.Empty for none)
	// Convex says the mesh is its own hull (decided once, at load: see isConvex); such
	// bodies collide by their polyhedron (Scratch.Convex), others by their distance fields.
	Convex bool
	poly   *polyhedron // the hull as faces and edges; nil when it spans no volume
}

// Solid reports whether the shape spans a volume: only then does it touch other bodies.
func (s *Shape) Solid() bool { return s.poly != nil }

// Shapes holds the shape of every mesh seen, shared by meshes of the same content.
type Shapes struct {
	byShape map[uint64][]sharedHull // the shapes by their meshes' shapeKey
}

// For returns the shape of m, computing it the first time a mesh of m's content is seen.
func (sh *Shapes) For(m *inertia.Mesh) *Shape {
	if h := sh.sharedHullFor(m); h != nil {
		return h
	}
	hull := ConvexHull(m.Vertices)
	h := &Shape{IDs: hull.Vertices, poly: newPolyhedron(m.Vertices, hull)}
	h.Convex = h.poly != nil && isConvex(m.Vertices, m.Triangles, hull)
	for _, i := range hull.Vertices {
		c := m.Vertices[i]
		h.Corners = append(h.Corners, c)
		h.Radius = max(h.Radius, rounded.Len(c))
	}
	h.Box = aabb.Of(h.Corners)
	sh.shareHull(m, h)
	return h
}

// Len returns the number of shapes computed.
func (sh *Shapes) Len() int {
	n := 0
	for _, hs := range sh.byShape {
		n += len(hs)
	}
	return n
}

// Bodies share their hull when their meshes have the same vertices, to the bit, and the same
// triangles, not only when they share the mesh: body.New copies each body's mesh, so the
// thousand cubes of pile1000 would otherwise carry a thousand copies of one polyhedron,
// which the narrow phase reads pair after pair in no order the cache can follow. A hull is
// computed from the vertices and triangles alone, so a shared one is bit for bit the one
// the body would have computed.

// sharedHull is a hull and a mesh it was computed from.
type sharedHull struct {
	mesh *inertia.Mesh
	hull *Shape
}

// sharedHullFor returns the hull computed earlier for a mesh with m's vertices and
// triangles, or nil.
func (sh *Shapes) sharedHullFor(m *inertia.Mesh) *Shape {
	for _, c := range sh.byShape[shapeKey(m)] {
		if sameShape(c.mesh, m) {
			return c.hull
		}
	}
	return nil
}

// shareHull records h as the hull of meshes with m's vertices and triangles.
func (sh *Shapes) shareHull(m *inertia.Mesh, h *Shape) {
	if sh.byShape == nil {
		sh.byShape = map[uint64][]sharedHull{}
	}
	k := shapeKey(m)
	sh.byShape[k] = append(sh.byShape[k], sharedHull{m, h})
}

// shapeKey hashes m's vertices (their bits) and triangles.
func shapeKey(m *inertia.Mesh) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	put := func(x uint64) {
		for k := range buf {
			buf[k] = byte(x >> (8 * k))
		}
		h.Write(buf[:])
	}
	for _, v := range m.Vertices {
		for _, x := range v {
			put(math.Float64bits(x))
		}
	}
	for _, t := range m.Triangles {
		put(uint64(uint32(t[0])) | uint64(uint32(t[1]))<<32)
		put(uint64(uint32(t[2])))
	}
	return h.Sum64()
}

// sameShape reports whether a and b have the same vertices, to the bit, and triangles.
func sameShape(a, b *inertia.Mesh) bool {
	return slices.Equal(a.Triangles, b.Triangles) && slices.EqualFunc(a.Vertices, b.Vertices, func(u, v mgl64.Vec3) bool {
		for k := range u {
			if math.Float64bits(u[k]) != math.Float64bits(v[k]) {
				return false
			}
		}
		return true
	})
}
