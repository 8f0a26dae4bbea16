package collide

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// Hull is the convex hull of a point set (a mesh's vertices), by quickhull (Barber, Dobkin,
// Huhdanpaa 1996). A plane can only touch a body at a hull vertex, so plane contact tests
// these and nothing else; the triangles are there for convex–convex contact.
type Hull struct {
	// Vertices index the input points that are corners of the hull, ascending. Points on a
	// face or an edge (within the tolerance) are not corners and are left out.
	Vertices []int32
	// Triangles index the input points; each is counter-clockwise seen from outside. Coplanar
	// faces (a cube's side) come as several triangles. Empty when the points span no volume,
	// in which case Vertices holds every point (every sampled point, when Sampled).
	Triangles [][3]int32
	// Sampled says the hull is that of a sample of the points (SampledHull): it lies inside
	// the points' true hull, by up to 1.5% of their radius on a round body.
	Sampled bool
}

// hullFace is a triangle of the hull under construction. nb[i] is the face across the edge
// from v[i] to v[(i+1)%3]; outside holds the points this face sees (distance > tolerance).
type hullFace struct {
	v       [3]int32
	nb      [3]int32
	n       mgl64.Vec3 // unit outward normal
	off     float64    // n·x on the face's plane
	outside []int32
	dead    bool
	seen    int32 // the eye point that last marked this face visible
}

func (f *hullFace) dist(p mgl64.Vec3) float64 { return rounded.Dot(f.n, p) - f.off }

// ConvexHull returns the convex hull of points, or, for more than ExactHullPoints points,
// the hull of a bounded sample of them (see SampledHull). The tolerance is relative to the
// points' extent (1e-9 of it), so coplanar points such as a cube's face centres or a
// cylinder's cap centres never become corners, whatever the units. The time taken grows
// about as n log n in the number of points.
func ConvexHull(points []mgl64.Vec3) Hull {
	if len(points) > ExactHullPoints {
		return SampledHull(points)
	}
	return exactHull(points)
}

// exactHull is ConvexHull for any number of points.
func exactHull(points []mgl64.Vec3) Hull {
	q := quickhull{p: points, starts: map[int32]int32{}, ends: map[int32]int32{}}
	if !q.simplex() {
		all := make([]int32, len(points))
		for i := range all {
			all[i] = int32(i)
		}
		return Hull{Vertices: all}
	}
	for i := 0; i < len(q.faces); i++ { // new faces are appended and visited in turn
		for !q.faces[i].dead && len(q.faces[i].outside) > 0 {
			q.addPoint(int32(i))
		}
	}
	return q.result()
}

// A body collides by its hull's corners and faces, so the cost of a contact grows with the
// corners: the separating-axis test compares every edge of one hull with every edge of the
// other. A mesh of a million triangles would make every contact cost seconds, and its exact
// hull takes seconds to build. Such meshes collide by the hull of a bounded sample of their
// vertices instead, as Jolt caps a convex hull at 256 points: the vertex farthest along each
// of HullSampleDirections directions spread evenly over the sphere (a Fibonacci lattice).
// Sharp corners are found exactly (a box's corner is the farthest vertex along an eighth of
// all directions); a round surface is cut by flat faces, whose depth below it is at most
// 1 − cos of the widest angle between a direction and its nearest lattice direction: 0.169
// rad for 256 directions, so 1.42% of the radius of curvature (7 mm on a ball of radius
// 0.5 m, which rests up to that much low on the floor).

// ExactHullPoints is the most points whose exact hull ConvexHull builds; more are sampled
// (SampledHull). The built-in meshes have at most 576 vertices (the torus).
const ExactHullPoints = 4096

// HullSampleDirections is the number of directions SampledHull samples a point set in: its
// hull has at most this many corners.
const HullSampleDirections = 256

// hullDirections are HullSampleDirections unit vectors: the six axis directions, so that a
// sampled hull touches its mesh's bounding box on every side, then a Fibonacci lattice
// (point k at height z = 1 − (2k+1)/n, turned by the golden angle from the last).
var hullDirections = func() []mgl64.Vec3 {
	d := []mgl64.Vec3{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}
	n := HullSampleDirections - len(d)
	golden := math.Pi * (3 - math.Sqrt(5))
	for k := range n {
		z := 1 - (float64(2*float64(k))+1)/float64(n)
		r := math.Sqrt(1 - float64(z*z))
		sin, cos := rounded.Sincos(golden * float64(k))
		d = append(d, mgl64.Vec3{r * cos, r * sin, z})
	}
	return d
}()

// SampledHull returns the convex hull of the points farthest along each of the
// HullSampleDirections directions (on a tie, the first such point), with indices into
// points and Sampled set. It takes time linear in the number of points.
func SampledHull(points []mgl64.Vec3) Hull {
	if len(points) == 0 {
		return Hull{Sampled: true}
	}
	far := make([]int32, len(hullDirections))
	reach := make([]float64, len(hullDirections))
	for k := range reach {
		reach[k] = math.Inf(-1)
	}
	for i, p := range points {
		for k := range hullDirections {
			d := &hullDirections[k]
			if x := float64(d[0]*p[0]) + float64(d[1]*p[1]) + float64(d[2]*p[2]); x > reach[k] {
				far[k], reach[k] = int32(i), x
			}
		}
	}
	slices.Sort(far)
	far = slices.Compact(far)
	sample := make([]mgl64.Vec3, len(far))
	for k, i := range far {
		sample[k] = points[i]
	}
	h := exactHull(sample)
	for k, i := range h.Vertices {
		h.Vertices[k] = far[i]
	}
	for k, t := range h.Triangles {
		h.Triangles[k] = [3]int32{far[t[0]], far[t[1]], far[t[2]]}
	}
	h.Sampled = true
	return h
}

// quickhull is the state of one hull construction.
type quickhull struct {
	p       []mgl64.Vec3
	eps     float64
	faces   []hullFace
	horizon [][2]int32 // (face, edge) pairs on the horizon of the current eye point
	visible []int32    // the faces the current eye point sees
	// starts and ends map a horizon vertex to the horizon edge that starts or ends there.
	starts, ends map[int32]int32
	orphans      []int32
}

// simplex builds the starting tetrahedron from extreme points and hands every other point to
// a face that sees it. It reports false when the points are (nearly) coplanar.
func (q *quickhull) simplex() bool {
	if len(q.p) < 4 {
		return false
	}
	// Extreme points along the axes: the farthest pair of them is the first edge.
	var ext [6]int
	scale := 0.0
	for i, x := range q.p {
		for a := range 3 {
			if x[a] < q.p[ext[2*a]][a] {
				ext[2*a] = i
			}
			if x[a] > q.p[ext[2*a+1]][a] {
				ext[2*a+1] = i
			}
			scale = max(scale, math.Abs(x[a]))
		}
	}
	q.eps = 1e-9 * 3 * scale
	i0, i1, best := 0, 0, -1.0
	for a := range ext {
		for b := a + 1; b < len(ext); b++ {
			if d := rounded.Len(q.p[ext[a]].Sub(q.p[ext[b]])); d > best {
				i0, i1, best = ext[a], ext[b], d
			}
		}
	}
	if best <= q.eps {
		return false
	}
	u := rounded.Normalize(q.p[i1].Sub(q.p[i0]))
	i2, best := q.farthest(func(x mgl64.Vec3) float64 {
		d := x.Sub(q.p[i0])
		return rounded.Len(d.Sub(u.Mul(rounded.Dot(d, u))))
	})
	if best <= q.eps {
		return false
	}
	n := rounded.Normalize(rounded.Cross(q.p[i1].Sub(q.p[i0]), q.p[i2].Sub(q.p[i0])))
	i3, best := q.farthest(func(x mgl64.Vec3) float64 { return math.Abs(rounded.Dot(n, x.Sub(q.p[i0]))) })
	if best <= q.eps {
		return false
	}
	if rounded.Dot(n, q.p[i3].Sub(q.p[i0])) > 0 { // make (i0, i1, i2) face away from i3
		i1, i2 = i2, i1
	}
	a, b, c, d := int32(i0), int32(i1), int32(i2), int32(i3)
	// Faces 0..3 and their neighbours across each edge.
	q.newFace(a, b, c, [3]int32{3, 2, 1})
	q.newFace(a, c, d, [3]int32{0, 2, 3})
	q.newFace(c, b, d, [3]int32{0, 3, 1})
	q.newFace(b, a, d, [3]int32{0, 1, 2})
	for i := range q.p {
		if j := int32(i); j != a && j != b && j != c && j != d {
			q.assign(j, q.faces[:4])
		}
	}
	return true
}

// farthest returns the index of the point that maximizes f, and that maximum.
func (q *quickhull) farthest(f func(mgl64.Vec3) float64) (int, float64) {
	best, bi := -1.0, 0
	for i, x := range q.p {
		if d := f(x); d > best {
			best, bi = d, i
		}
	}
	return bi, best
}

// newFace appends the triangle (a, b, c) with neighbours nb and returns its index.
func (q *quickhull) newFace(a, b, c int32, nb [3]int32) int32 {
	n := rounded.Cross(q.p[b].Sub(q.p[a]), q.p[c].Sub(q.p[a]))
	if l := rounded.Len(n); l > 0 {
		n = n.Mul(1 / l)
	}
	q.faces = append(q.faces, hullFace{v: [3]int32{a, b, c}, nb: nb, n: n, off: rounded.Dot(n, q.p[a]), seen: -1})
	return int32(len(q.faces) - 1)
}

// assign gives point i to the live face among faces that it is farthest outside of, if any.
func (q *quickhull) assign(i int32, faces []hullFace) {
	best, bf := q.eps, -1
	for k := range faces {
		if f := &faces[k]; !f.dead {
			if d := f.dist(q.p[i]); d > best {
				best, bf = d, k
			}
		}
	}
	if bf >= 0 {
		faces[bf].outside = append(faces[bf].outside, i)
	}
}

// addPoint adds the farthest outside point of face fi: it removes every face the point sees,
// and fans new faces from the point to the horizon. Only the faces the point sees are
// visited, never the dead ones, so a step costs what the point changes.
func (q *quickhull) addPoint(fi int32) {
	f := &q.faces[fi]
	eye, best := int32(-1), -1.0
	for _, i := range f.outside {
		if d := f.dist(q.p[i]); d > best {
			eye, best = i, d
		}
	}
	q.horizon, q.visible = q.horizon[:0], q.visible[:0]
	q.visit(fi, eye)
	// The horizon is a closed loop of edges; each of its vertices starts exactly one edge and
	// ends exactly one. Tolerances can break that on nearly degenerate input: then the point
	// is dropped (it is within a few tolerances of the hull anyway).
	clear(q.starts)
	clear(q.ends)
	for k, h := range q.horizon {
		vf := &q.faces[h[0]]
		a, b := vf.v[h[1]], vf.v[(h[1]+1)%3]
		if _, dup := q.starts[a]; dup {
			q.drop(fi, eye)
			return
		}
		if _, dup := q.ends[b]; dup {
			q.drop(fi, eye)
			return
		}
		q.starts[a], q.ends[b] = int32(k), int32(k)
	}
	for b := range q.ends {
		if _, ok := q.starts[b]; !ok {
			q.drop(fi, eye)
			return
		}
	}
	first := int32(len(q.faces))
	for _, h := range q.horizon {
		vf := &q.faces[h[0]]
		q.newFace(vf.v[h[1]], vf.v[(h[1]+1)%3], eye, [3]int32{vf.nb[h[1]], -1, -1})
	}
	for k, h := range q.horizon {
		nf := first + int32(k)
		vf := &q.faces[h[0]]
		a, b := vf.v[h[1]], vf.v[(h[1]+1)%3]
		// The kept neighbour now borders the new face across (b, a).
		out := &q.faces[vf.nb[h[1]]]
		for e := range 3 {
			if out.v[e] == b && out.v[(e+1)%3] == a {
				out.nb[e] = nf
			}
		}
		q.faces[nf].nb[1] = first + q.starts[b] // edge b → eye borders the face starting at b
		q.faces[nf].nb[2] = first + q.ends[a]   // edge eye → a borders the face ending at a
	}
	q.orphans = q.orphans[:0]
	for _, i := range q.visible {
		g := &q.faces[i]
		g.dead = true
		q.orphans = append(q.orphans, g.outside...)
		g.outside = nil
	}
	for _, i := range q.orphans {
		if i != eye {
			q.assign(i, q.faces[first:])
		}
	}
}

// visit marks face fi as seen from eye and walks to its neighbours, recording the faces the
// eye sees and the edges to those it does not: the horizon.
func (q *quickhull) visit(fi, eye int32) {
	q.faces[fi].seen = eye
	q.visible = append(q.visible, fi)
	for e := range 3 {
		nb := q.faces[fi].nb[e]
		g := &q.faces[nb]
		if g.seen == eye {
			continue
		}
		if g.dist(q.p[eye]) > q.eps {
			q.visit(nb, eye)
		} else {
			q.horizon = append(q.horizon, [2]int32{fi, int32(e)})
		}
	}
}

// drop removes eye from the outside set of face fi, the only one that holds it, and unmarks
// the faces it saw.
func (q *quickhull) drop(fi, eye int32) {
	for _, i := range q.visible {
		q.faces[i].seen = -1
	}
	f := &q.faces[fi]
	f.outside = slices.DeleteFunc(f.outside, func(j int32) bool { return j == eye })
}

// result collects the live faces and their corners: the vertices whose incident face
// normals span all three dimensions. A vertex that only sits on a flat facet or on a straight
// edge of the hull (a cap centre picked as a starting point) stays in the triangles but is
// no corner.
func (q *quickhull) result() Hull {
	var h Hull
	normals := make([][]mgl64.Vec3, len(q.p))
	for i := range q.faces {
		if f := &q.faces[i]; !f.dead {
			h.Triangles = append(h.Triangles, f.v)
			for _, v := range f.v {
				normals[v] = append(normals[v], f.n)
			}
		}
	}
	for i, ns := range normals {
		if spans3(ns) {
			h.Vertices = append(h.Vertices, int32(i))
		}
	}
	return h
}

// spans3 reports whether the unit vectors ns span three dimensions (to within 1e-6 rad).
func spans3(ns []mgl64.Vec3) bool {
	const tol = 1e-6
	for i, a := range ns {
		for j := i + 1; j < len(ns); j++ {
			c := rounded.Cross(a, ns[j])
			if rounded.Len(c) <= tol {
				continue
			}
			c = rounded.Normalize(c)
			for _, n := range ns[j+1:] {
				if math.Abs(rounded.Dot(c, n)) > tol {
					return true
				}
			}
		}
	}
	return false
}
