package viewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// lightViewProjection returns the orthographic light matrix whose view box holds the sphere
// (centre, radius), looking along −toLight.
func lightViewProjection(centre mgl64.Vec3, radius float64) mgl32.Mat4 {
	// Snapped to whole metres, so moving bodies rarely change the light's box and the shadow
	// map can be kept between redraws.
	radius = math.Max(math.Ceil(radius), 1)
	for k := range 3 {
		centre[k] = math.Round(centre[k])
	}
	eye := centre.Add(toLight.Mul(2 * radius))
	view := mgl64.LookAtV(eye, centre, mgl64.Vec3{0, 1, 0})
	proj := mgl64.Ortho(-radius, radius, -radius, radius, 0, 4*radius)
	return mat32(proj.Mul4(view))
}

func boolInt(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// gamma encodes a linear colour with gamma 2, as the shaders do.
func gamma(c mgl32.Vec3) mgl32.Vec3 {
	return mgl32.Vec3{float32(math.Sqrt(float64(c[0]))), float32(math.Sqrt(float64(c[1]))), float32(math.Sqrt(float64(c[2])))}
}

func mat32(m mgl64.Mat4) mgl32.Mat4 {
	var out mgl32.Mat4
	for i, x := range m {
		out[i] = float32(x)
	}
	return out
}

func vec32(v mgl64.Vec3) mgl32.Vec3 { return mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }
