package viewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Ray is the half-line Origin + t·Dir, t ≥ 0, in world coordinates; Dir has unit length so t
// is a distance in metres.
type Ray struct {
	Origin, Dir mgl64.Vec3
}

// At returns the point at distance t along the ray.
func (r Ray) At(t float64) mgl64.Vec3 { return r.Origin.Add(r.Dir.Mul(t)) }

// HitsSphere reports whether the ray passes within radius of centre: the cheap test that
// rules a body out before its triangles are tried.
func (r Ray) HitsSphere(centre mgl64.Vec3, radius float64) bool {
	oc := centre.Sub(r.Origin)
	along := oc.Dot(r.Dir)
	if along < -radius {
		return false
	}
	return oc.LenSqr()-along*along <= radius*radius
}

// Triangle returns the distance t ≥ 0 at which the ray crosses triangle (a, b, c), from either
// side (Möller–Trumbore).
func (r Ray) Triangle(a, b, c mgl64.Vec3) (t float64, hit bool) {
	e1, e2 := b.Sub(a), c.Sub(a)
	p := r.Dir.Cross(e2)
	det := e1.Dot(p)
	if math.Abs(det) < 1e-14*e1.Len()*e2.Len() {
		return 0, false // ray parallel to the triangle's plane
	}
	s := r.Origin.Sub(a)
	u := s.Dot(p) / det
	if u < 0 || u > 1 {
		return 0, false
	}
	q := s.Cross(e1)
	v := r.Dir.Dot(q) / det
	if v < 0 || u+v > 1 {
		return 0, false
	}
	t = e2.Dot(q) / det
	return t, t >= 0
}

// Plane returns the distance at which the ray meets the plane through point with the given
// normal, and false when it runs parallel to it or the plane is behind the origin.
func (r Ray) Plane(point, normal mgl64.Vec3) (t float64, hit bool) {
	den := r.Dir.Dot(normal)
	if math.Abs(den) < 1e-12 {
		return 0, false
	}
	t = point.Sub(r.Origin).Dot(normal) / den
	return t, t >= 0
}

// MeshHit returns the nearest crossing of the ray with a mesh placed in the world by rotation
// R and translation P (world = R·v + P), as the distance along the ray and the crossing point
// in the mesh's own frame. radius bounds |v| over the vertices, for the bounding-sphere test
// that comes first.
func (r Ray) MeshHit(vertices []mgl64.Vec3, triangles [][3]int32, radius float64, R mgl64.Mat3, P mgl64.Vec3) (t float64, local mgl64.Vec3, hit bool) {
	if !r.HitsSphere(P, radius) {
		return 0, local, false
	}
	// Intersect in the mesh frame: a rotation keeps distances, so t carries over unchanged.
	Rt := R.Transpose()
	lr := Ray{Origin: Rt.Mul3x1(r.Origin.Sub(P)), Dir: Rt.Mul3x1(r.Dir)}
	best := math.Inf(1)
	for _, tri := range triangles {
		if d, ok := lr.Triangle(vertices[tri[0]], vertices[tri[1]], vertices[tri[2]]); ok && d < best {
			best = d
		}
	}
	if math.IsInf(best, 1) {
		return 0, local, false
	}
	return best, lr.At(best), true
}

// BoundingRadius returns the largest distance of a vertex from the origin of its frame.
func BoundingRadius(vertices []mgl64.Vec3) float64 {
	r2 := 0.0
	for _, v := range vertices {
		r2 = math.Max(r2, v.LenSqr())
	}
	return math.Sqrt(r2)
}
