package solve

import "github.com/go-gl/mathgl/mgl64"

// vec is a 3-vector held as three fields rather than an array, so that the compiler keeps a
// body's velocities in registers through all the rows of a manifold (it keeps no array of
// more than one element in registers). Every product is rounded before it is summed.
type vec struct{ x, y, z float64 }

func vecOf(v mgl64.Vec3) vec { return vec{v[0], v[1], v[2]} }

func (a vec) mgl() mgl64.Vec3 { return mgl64.Vec3{a.x, a.y, a.z} }

func (a vec) dot(b vec) float64 {
	return float64(a.x*b.x) + float64(a.y*b.y) + float64(a.z*b.z)
}

func (a vec) cross(b vec) vec {
	return vec{
		float64(a.y*b.z) - float64(a.z*b.y),
		float64(a.z*b.x) - float64(a.x*b.z),
		float64(a.x*b.y) - float64(a.y*b.x),
	}
}

func (a vec) sub(b vec) vec { return vec{a.x - b.x, a.y - b.y, a.z - b.z} }

func (a vec) add(b vec) vec { return vec{a.x + b.x, a.y + b.y, a.z + b.z} }

// addScaled returns a + s b.
func (a vec) addScaled(b vec, s float64) vec {
	return vec{a.x + float64(s*b.x), a.y + float64(s*b.y), a.z + float64(s*b.z)}
}

// mat is a 3×3 matrix, row-major.
type mat [9]float64

// matOf returns m (mgl64's column-major) as a mat.
func matOf(m *mgl64.Mat3) mat {
	return mat{m[0], m[3], m[6], m[1], m[4], m[7], m[2], m[5], m[8]}
}

func (m *mat) mul(v vec) vec {
	return vec{
		float64(m[0]*v.x) + float64(m[1]*v.y) + float64(m[2]*v.z),
		float64(m[3]*v.x) + float64(m[4]*v.y) + float64(m[5]*v.z),
		float64(m[6]*v.x) + float64(m[7]*v.y) + float64(m[8]*v.z),
	}
}
