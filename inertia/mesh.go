package inertia

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// Mesh is a closed triangle mesh: Vertices in metres, Triangles index Vertices (0-based),
// counter-clockwise seen from outside (outward normals by the right-hand rule).
type Mesh struct {
	Name      string // file name or built-in mesh name, for messages
	Vertices  []mgl64.Vec3
	Triangles [][3]int32
	// Warnings are problems the reader worked around (a face off its plane), for the user.
	Warnings []string
}

// Transformed returns a copy of m with every vertex scaled per axis by scale (x, y, z
// factors). A scale with an odd number of negative factors mirrors the mesh; the copy's
// triangles are then reversed so that they stay counter-clockwise seen from outside.
func (m *Mesh) Transformed(scale mgl64.Vec3) *Mesh {
	return m.Affine(mgl64.Diag3(scale), mgl64.Vec3{})
}

// Affine returns a copy of m with every vertex x mapped to a·x + t (a is applied first, then
// the translation t, in metres). When det a < 0 the map mirrors the mesh and the copy's
// triangles are reversed so that they stay counter-clockwise seen from outside.
func (m *Mesh) Affine(a mgl64.Mat3, t mgl64.Vec3) *Mesh {
	out := &Mesh{
		Name:      m.Name,
		Vertices:  make([]mgl64.Vec3, len(m.Vertices)),
		Triangles: make([][3]int32, len(m.Triangles)),
	}
	for i, v := range m.Vertices {
		out.Vertices[i] = rounded.MulVec(a, v).Add(t)
	}
	mirror := rounded.Det(a) < 0
	for i, tri := range m.Triangles {
		if mirror {
			tri[1], tri[2] = tri[2], tri[1]
		}
		out.Triangles[i] = tri
	}
	return out
}

// Bounds returns the smallest axis-aligned box holding every vertex, as its low and high
// corners in metres. An empty mesh gives lo = +Inf and hi = −Inf on every axis.
func (m *Mesh) Bounds() (lo, hi mgl64.Vec3) {
	lo = mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, v := range m.Vertices {
		for k := range 3 { // the built-ins order −0 before +0 and keep NaN, as math.Min does
			lo[k] = min(lo[k], v[k])
			hi[k] = max(hi[k], v[k])
		}
	}
	return lo, hi
}
