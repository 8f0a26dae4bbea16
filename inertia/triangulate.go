package inertia

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// OBJ faces may be any simple polygon, concave ones included (an L-shaped cap). A fan from
// the first vertex covers a concave polygon's notch twice over with opposite signs: the
// surface integrals still come out right, but the triangles drawn and collided with fill the
// notch in. Ear clipping cuts the polygon into n−2 triangles that lie inside it, so
// rendering, mass properties and collision all see the same surface.

// planarTolerance is how far, as a fraction of its size, a face's vertices may lie off its
// mean plane before the reader warns: files written with six decimals stay well inside it.
const planarTolerance = 1e-4

// maxEarWork bounds the ear tests of one face (vertices × reflex vertices): a concave face
// of millions of vertices is cut as a fan, with a warning, rather than hanging the reader.
const maxEarWork = 1 << 26

// polygonFaces are the faces of more than three vertices read so far, to be cut once every
// vertex is known (a face may refer forward to vertices defined later in the file).
type polygonFaces struct {
	indices []int32 // every face's vertex indices, one face after another
	faces   []polygonFace
}

// polygonFace is one face of polygonFaces: where its fan's triangles start in the mesh,
// where its vertices start in indices, how many it has, and its line in the file.
type polygonFace struct {
	triangle, first, n, line int
}

// add records polygon, whose fan of n−2 triangles starts at mesh triangle index triangle.
func (p *polygonFaces) add(triangle int, polygon []int32, line int) {
	p.faces = append(p.faces, polygonFace{triangle: triangle, first: len(p.indices), n: len(polygon), line: line})
	p.indices = append(p.indices, polygon...)
}

// triangulate replaces each recorded face's fan in m by its ear-clipped triangles and returns
// the warnings for faces that are not planar or could not be cut into ears, prefixed name:line.
// A convex face gets exactly its fan back, bit for bit.
func (p *polygonFaces) triangulate(m *Mesh, name string) []string {
	var warnings []string
	var e earClipper
	for _, f := range p.faces {
		poly := p.indices[f.first : f.first+f.n]
		tris := m.Triangles[f.triangle : f.triangle+f.n-2]
		offPlane, ok := e.cut(tris, poly, m.Vertices)
		if offPlane > planarTolerance {
			warnings = append(warnings, fmt.Sprintf("%s:%d: face of %d vertices is not planar (%.2g of its size off its mean plane); cut in that plane",
				name, f.line, f.n, offPlane))
		}
		if !ok {
			warnings = append(warnings, fmt.Sprintf("%s:%d: face of %d vertices could not be cut into ears (it crosses itself or doubles back); the rest cut as a fan",
				name, f.line, f.n))
		}
	}
	return warnings
}

// earClipper holds the scratch of cut, reused from face to face.
type earClipper struct {
	pt         [][2]float64 // the polygon's vertices in its plane, counter-clockwise
	prev, next []int32      // the polygon left to cut, as a doubly linked ring
	reflex     []bool
	reflexList []int32 // candidates that may be reflex; filtered as they turn convex
}

// cut writes into tris the len(poly)−2 triangles of polygon poly (indices into v), wound as
// the polygon is, and returns how far its vertices lie off its mean plane (a fraction of its
// size) and whether ear clipping cut all of it. Ears are taken from the polygon's first
// vertex on, so a convex polygon gives the fan from its first vertex; a polygon with no
// area to find its plane by, or that crosses itself, is finished as a fan.
func (e *earClipper) cut(tris [][3]int32, poly []int32, v []mgl64.Vec3) (offPlane float64, ok bool) {
	n := len(poly)
	fan := func() {
		for k := range n - 2 {
			tris[k] = [3]int32{poly[0], poly[k+1], poly[k+2]}
		}
	}
	// Newell's normal: the polygon's area vector, robust to concave and slightly warped faces.
	var normal, centre mgl64.Vec3
	for k, i := range poly {
		a, b := v[i], v[poly[(k+1)%n]]
		normal = normal.Add(mgl64.Vec3{(a[1] - b[1]) * (a[2] + b[2]), (a[2] - b[2]) * (a[0] + b[0]), (a[0] - b[0]) * (a[1] + b[1])})
		centre = centre.Add(a)
	}
	centre = centre.Mul(1 / float64(n))
	length := rounded.Len(normal)
	if length == 0 || math.IsNaN(length) || math.IsInf(length, 0) {
		fan()
		return 0, true // no area: every cut is as good as another
	}
	unit := normal.Mul(1 / length)
	size, off := 0.0, 0.0
	for _, i := range poly {
		d := v[i].Sub(centre)
		size = math.Max(size, rounded.Len(d))
		off = math.Max(off, math.Abs(rounded.Dot(d, unit)))
	}
	if size > 0 {
		offPlane = off / size
	}

	// Project along the normal's largest axis, keeping the polygon counter-clockwise.
	ax := 0
	for k := 1; k < 3; k++ {
		if math.Abs(normal[k]) > math.Abs(normal[ax]) {
			ax = k
		}
	}
	u, w := (ax+1)%3, (ax+2)%3
	flip := normal[ax] < 0
	e.pt = e.pt[:0]
	for _, i := range poly {
		p := [2]float64{v[i][u] - centre[u], v[i][w] - centre[w]}
		if flip {
			p[1] = -p[1]
		}
		e.pt = append(e.pt, p)
	}
	e.prev, e.next, e.reflex = resize(e.prev, n), resize(e.next, n), resizeBool(e.reflex, n)
	e.reflexList = e.reflexList[:0]
	for k := range n {
		e.prev[k], e.next[k] = int32((k+n-1)%n), int32((k+1)%n)
	}
	for k := range n {
		if e.reflex[k] = !e.convex(int32(k)); e.reflex[k] {
			e.reflexList = append(e.reflexList, int32(k))
		}
	}
	if len(e.reflexList) > 0 && n*len(e.reflexList) > maxEarWork {
		fan()
		return offPlane, false
	}

	head := int32(0) // the polygon's first vertex: ears are looked for from it on
	for t := range n - 2 {
		remaining := n - t
		ear := int32(-1)
		for c, k := e.next[head], 0; k < remaining; c, k = e.next[c], k+1 {
			if e.isEar(c) {
				ear = c
				break
			}
		}
		if ear < 0 {
			for k, c := t, e.next[head]; k < n-2; k, c = k+1, e.next[c] {
				tris[k] = [3]int32{poly[head], poly[c], poly[e.next[c]]}
			}
			return offPlane, false
		}
		a, b := e.prev[ear], e.next[ear]
		tris[t] = [3]int32{poly[a], poly[ear], poly[b]}
		e.next[a], e.prev[b] = b, a
		if ear == head {
			head = b
		}
		for _, k := range [2]int32{a, b} {
			if e.reflex[k] && e.convex(k) {
				e.reflex[k] = false
			}
		}
	}
	return offPlane, true
}

// convex reports whether the polygon turns left, strictly, at its vertex k.
func (e *earClipper) convex(k int32) bool {
	return cross2(e.pt[e.prev[k]], e.pt[k], e.pt[e.next[k]]) > 0
}

// isEar reports whether the triangle at vertex k (its neighbours and itself) can be cut off:
// k is convex and no reflex vertex of the rest lies inside the triangle or on its sides.
// Only reflex vertices need testing: were a convex one inside, a reflex one would be too.
func (e *earClipper) isEar(k int32) bool {
	if e.reflex[k] {
		return false
	}
	a, b, c := e.pt[e.prev[k]], e.pt[k], e.pt[e.next[k]]
	list := e.reflexList[:0]
	inside := false
	for _, r := range e.reflexList {
		if !e.reflex[r] {
			continue // turned convex as ears were cut: drop it from the list
		}
		list = append(list, r)
		if inside || r == e.prev[k] || r == e.next[k] {
			continue
		}
		p := e.pt[r]
		if p == a || p == c {
			continue // a repeated corner (a keyhole's seam) does not block the ear
		}
		inside = cross2(a, b, p) >= 0 && cross2(b, c, p) >= 0 && cross2(c, a, p) >= 0
	}
	e.reflexList = list
	return !inside
}

// cross2 is the z component of (b − a) × (c − b): positive where a, b, c turn left.
func cross2(a, b, c [2]float64) float64 {
	return float64((b[0]-a[0])*(c[1]-b[1])) - float64((b[1]-a[1])*(c[0]-b[0]))
}

func resize(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

func resizeBool(s []bool, n int) []bool {
	if cap(s) < n {
		return make([]bool, n)
	}
	return s[:n]
}
