package collide

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// A non-convex body's samples are looked up against a convex partner's polyhedron, exactly,
// rather than in a distance field: a field's interpolation is up to 0.4 cells off next to
// sharp edges (2.7 cm on the tetrahedron's cells of 6.25 cm), where a polyhedron's distance
// is exact and costs a few dot products per face.

// planeDistanceAbove reports whether some face plane of p lies more than d below x: then x
// is more than d from p (a face plane's distance bounds p's from below). It stops at the
// first such plane.
func (p *polyhedron) planeDistanceAbove(x mgl64.Vec3, d float64) bool {
	for f := range p.faces {
		if rounded.Dot(p.faces[f].n, x)-p.faces[f].off > d {
			return true
		}
	}
	return false
}

// signedDistance returns x's signed distance to p's surface (negative inside), the closest
// point of the surface and the unit outward normal there (from the point to x outside),
// body frame; ok is false, and the rest not computed, when a face plane lies at least
// beyond below x (x is then at least that far outside).
func (p *polyhedron) signedDistance(x mgl64.Vec3, beyond float64) (d float64, closest, n mgl64.Vec3, ok bool) {
	d, face := math.Inf(-1), -1
	for f := range p.faces {
		if s := rounded.Dot(p.faces[f].n, x) - p.faces[f].off; s > d {
			d, face = s, f
		}
	}
	if d >= beyond {
		return d, closest, n, false
	}
	if d <= 0 {
		// Inside, the foot on the nearest face plane lies on that face: reaching any other
		// plane first would make that one nearer.
		return d, x.Sub(p.faces[face].n.Mul(d)), p.faces[face].n, true
	}
	// Outside, the closest point lies on a face x is in front of, or on an edge of one
	// (an edge's Voronoi region lies in front of one of its faces at least).
	d = math.Inf(1)
	for f := range p.faces {
		fc := &p.faces[f]
		s := rounded.Dot(fc.n, x) - fc.off
		if s <= 0 {
			continue
		}
		if foot := x.Sub(fc.n.Mul(s)); p.onFace(f, foot) {
			if s < d {
				d, closest = s, foot
			}
			continue
		}
		for i, v := range fc.loop {
			a, b := p.verts[v], p.verts[fc.loop[(i+1)%len(fc.loop)]]
			ab := b.Sub(a)
			t := min(max(rounded.Dot(x.Sub(a), ab)/rounded.Dot(ab, ab), 0), 1)
			c := a.Add(ab.Mul(t))
			if l := rounded.Len(x.Sub(c)); l < d {
				d, closest = l, c
			}
		}
	}
	return d, closest, x.Sub(closest).Mul(1 / d), true
}

// onFace reports whether y, a point of face f's plane, lies within the face (whose loop runs
// counter-clockwise seen from outside).
func (p *polyhedron) onFace(f int, y mgl64.Vec3) bool {
	fc := &p.faces[f]
	for i, v := range fc.loop {
		a, b := p.verts[v], p.verts[fc.loop[(i+1)%len(fc.loop)]]
		if rounded.Dot(rounded.Cross(b.Sub(a), y.Sub(a)), fc.n) < 0 {
			return false
		}
	}
	return true
}
