package collide

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// triFeature names the part of a triangle (a, b, c) a closest point lies on: a vertex
// (featVertex+i for the i-th corner), an edge (featEdge+i for the edge from corner i to
// corner i+1), or the interior (featFace). The sign of a distance is read off the
// pseudo-normal of that feature (meshdist.go).
type triFeature uint8

const (
	featVertex triFeature = 0 // + corner 0..2
	featEdge   triFeature = 3 // + edge 0..2: (a,b), (b,c), (c,a)
	featFace   triFeature = 6
)

// closestOnTriangle returns the point of triangle (a, b, c) closest to p and the feature it
// lies on, by the Voronoi regions of the triangle (Ericson, Real-Time Collision Detection,
// 5.1.5).
func closestOnTriangle(p, a, b, c mgl64.Vec3) (mgl64.Vec3, triFeature) {
	ab, ac, ap := b.Sub(a), c.Sub(a), p.Sub(a)
	d1, d2 := rounded.Dot(ab, ap), rounded.Dot(ac, ap)
	if d1 <= 0 && d2 <= 0 {
		return a, featVertex
	}
	bp := p.Sub(b)
	d3, d4 := rounded.Dot(ab, bp), rounded.Dot(ac, bp)
	if d3 >= 0 && d4 <= d3 {
		return b, featVertex + 1
	}
	vc := float64(d1*d4) - float64(d3*d2)
	if vc <= 0 && d1 >= 0 && d3 <= 0 {
		return a.Add(ab.Mul(d1 / (d1 - d3))), featEdge
	}
	cp := p.Sub(c)
	d5, d6 := rounded.Dot(ab, cp), rounded.Dot(ac, cp)
	if d6 >= 0 && d5 <= d6 {
		return c, featVertex + 2
	}
	vb := float64(d5*d2) - float64(d1*d6)
	if vb <= 0 && d2 >= 0 && d6 <= 0 {
		return a.Add(ac.Mul(d2 / (d2 - d6))), featEdge + 2
	}
	va := float64(d3*d6) - float64(d5*d4)
	if va <= 0 && d4-d3 >= 0 && d5-d6 >= 0 {
		return b.Add(c.Sub(b).Mul((d4 - d3) / ((d4 - d3) + (d5 - d6)))), featEdge + 1
	}
	denom := 1 / (va + vb + vc)
	return a.Add(ab.Mul(vb * denom)).Add(ac.Mul(vc * denom)), featFace
}
