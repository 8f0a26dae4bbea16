package viewer

import (
	"math"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// SetPlanes replaces the planes drawn, each through point with unit normal n, as squares
// 2·planeHalfSize wide with a grid one metre apart in the plane's own axes.
func (r *Renderer) SetPlanes(points, normals []mgl64.Vec3, color mgl32.Vec3) {
	r.planes = r.planes[:0]
	var data []float32
	for i, n := range normals {
		n = n.Normalize()
		// Tangent axes: for the floor (n = +y) they are x and −z, so the grid follows the axes.
		ref := mgl64.Vec3{1, 0, 0}
		if math.Abs(n[0]) > 0.9 {
			ref = mgl64.Vec3{0, 0, 1}
		}
		u := ref.Sub(n.Mul(ref.Dot(n))).Normalize()
		v := n.Cross(u)
		for _, c := range [][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, -1}, {1, 1}, {-1, 1}} {
			s, t := c[0]*planeHalfSize, c[1]*planeHalfSize
			p := points[i].Add(u.Mul(s)).Add(v.Mul(t))
			data = append(data, float32(p[0]), float32(p[1]), float32(p[2]), float32(s), float32(t))
		}
		r.planes = append(r.planes, planeQuad{normal: mgl32.Vec3{float32(n[0]), float32(n[1]), float32(n[2])}, color: color})
	}
	gl.BindBuffer(gl.ARRAY_BUFFER, r.planeVBO)
	if len(data) > 0 {
		gl.BufferData(gl.ARRAY_BUFFER, 4*len(data), gl.Ptr(data), gl.STATIC_DRAW)
	}
}
