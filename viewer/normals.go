package viewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// maxSmoothAngle is the largest angle between a face's normal and the averaged normal at one
// of its corners for which a mesh is drawn smooth: a subdivided sphere or a torus (about 10°)
// is, a cube (55°) or a cylinder's rim is not.
const maxSmoothAngle = 30 * math.Pi / 180

// vertexNormals returns the mean of the face normals around each vertex weighted by the
// faces' angles there (Thürmer and Wüthrich's weights, which do not depend on how the faces
// were cut into triangles), unit length (zero for a vertex no triangle uses), and whether the
// mesh is smooth: every face normal within maxSmoothAngle of the vertex normals at its
// corners. Meshes that are not are drawn with flat faces.
func vertexNormals(vertices []mgl64.Vec3, triangles [][3]int32) ([]mgl64.Vec3, bool) {
	normals := make([]mgl64.Vec3, len(vertices))
	for _, t := range triangles {
		a, b, c := vertices[t[0]], vertices[t[1]], vertices[t[2]]
		n := b.Sub(a).Cross(c.Sub(a))
		if l := n.Len(); l > 0 {
			n = n.Mul(1 / l)
		}
		for k, i := range t {
			p := vertices[i]
			e1 := vertices[t[(k+1)%3]].Sub(p)
			e2 := vertices[t[(k+2)%3]].Sub(p)
			angle := math.Atan2(e1.Cross(e2).Len(), e1.Dot(e2))
			normals[i] = normals[i].Add(n.Mul(angle))
		}
	}
	for i, n := range normals {
		if l := n.Len(); l > 0 {
			normals[i] = n.Mul(1 / l)
		}
	}
	cosMax := math.Cos(maxSmoothAngle)
	for _, t := range triangles {
		a, b, c := vertices[t[0]], vertices[t[1]], vertices[t[2]]
		n := b.Sub(a).Cross(c.Sub(a))
		l := n.Len()
		if l == 0 {
			continue // a degenerate face has no direction to disagree with
		}
		for _, i := range t {
			if n.Dot(normals[i]) < cosMax*l {
				return normals, false
			}
		}
	}
	return normals, true
}
