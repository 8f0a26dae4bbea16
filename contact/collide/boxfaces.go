package collide

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The face query of a box. Opposite faces of a box have exactly opposite normals, so the
// product of one with a corner of the other body is, as a number, minus that of the other
// (boxedges.go), and the least product over the corners for one face is minus the
// greatest for the face opposite: one pass over the corners per pair of faces gives both
// separations. queryFaces keeps the first face, in face order, of those with the largest
// separation; so does this, comparing the same numbers. The separation it returns has the
// loop's bits: a face's own minimum has them (min is the same in any order), and the
// negated maximum of the opposite face is the same number, which has the same bits unless
// it is zero; a zero separation of a negated face is taken again by faceSeparation.

// queryBoxFaces is queryFaces for a box p (boxClasses).
func queryBoxFaces(p, q *Pose) faceQuery {
	b := p.poly.box
	var seps [6]float64
	for c := range 3 {
		f, g := b.classFace[c], b.oppFace[c]
		lo, hi := extent(&p.normals[f], q.verts)
		seps[f], seps[g] = lo-p.offsets[f], -hi-p.offsets[g]
	}
	best := faceQuery{face: -1, sep: math.Inf(-1)}
	for f, sep := range seps {
		if sep > best.sep {
			best = faceQuery{face: f, sep: sep}
		}
	}
	if best.sep == 0 && b.faceSign[best.face] < 0 {
		best.sep = faceSeparation(p, q, best.face, math.Inf(-1))
	}
	return best
}

// extent returns the least and the greatest of n·v over the corners v, four at a time as
// faceSeparation takes them.
func extent(n *mgl64.Vec3, v []mgl64.Vec3) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	i := 0
	for ; i+4 <= len(v); i += 4 {
		d0, d1, d2, d3 := dot(n, &v[i]), dot(n, &v[i+1]), dot(n, &v[i+2]), dot(n, &v[i+3])
		lo = min(lo, min(d0, d1), min(d2, d3))
		hi = max(hi, max(d0, d1), max(d2, d3))
	}
	for ; i < len(v); i++ {
		d := dot(n, &v[i])
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}
