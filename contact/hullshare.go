package contact

import (
	"hash/fnv"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/inertia"
)

// Bodies share their hull when their meshes have the same vertices, to the bit, and the same
// triangles, not only when they share the mesh: body.New copies each body's mesh, so the
// thousand cubes of pile1000 would otherwise carry a thousand copies of one polyhedron,
// which the narrow phase reads pair after pair in no order the cache can follow. A hull is
// computed from the vertices and triangles alone, so a shared one is bit for bit the one
// the body would have computed.

// sharedHull is a hull and a mesh it was computed from.
type sharedHull struct {
	mesh *inertia.Mesh
	hull *bodyHull
}

// sharedHullFor returns the hull computed earlier for a mesh with m's vertices and
// triangles, or nil.
func (s *contactState) sharedHullFor(m *inertia.Mesh) *bodyHull {
	for _, c := range s.hullsByShape[shapeKey(m)] {
		if sameShape(c.mesh, m) {
			return c.hull
		}
	}
	return nil
}

// shareHull records h as the hull of meshes with m's vertices and triangles.
func (s *contactState) shareHull(m *inertia.Mesh, h *bodyHull) {
	if s.hullsByShape == nil {
		s.hullsByShape = map[uint64][]sharedHull{}
	}
	k := shapeKey(m)
	s.hullsByShape[k] = append(s.hullsByShape[k], sharedHull{m, h})
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
