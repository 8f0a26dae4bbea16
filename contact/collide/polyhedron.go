package collide

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// polyhedron is a convex hull in the form the separating-axis test and clipping need: its
// corners, its faces as polygons (coplanar hull triangles merged, so a cube has six quads)
// and its edges with the two faces that meet there. Everything is in the body frame.
type polyhedron struct {
	verts []mgl64.Vec3
	faces []polyFace
	edges []polyEdge
	// box is the structure of a box's faces and edges, or nil: the edge query's fast path
	// (boxedges.go).
	box *boxClasses
}

// polyFace is a face of a polyhedron: the loop of its corners (indices into verts,
// counter-clockwise seen from outside) and its plane n·x = off with n the unit outward normal.
type polyFace struct {
	loop []int32
	n    mgl64.Vec3
	off  float64
}

// polyEdge is an edge between faces f0 and f1 (f0 to the left of the direction v0 → v1 seen
// from outside) with corners v0 and v1.
type polyEdge struct {
	v0, v1 int32
	f0, f1 int32
}

// coplanarCos is how close to parallel (1 − cos of the angle) two hull triangles' normals
// must be, and coplanarOff (relative to the hull's size) how close their planes, to be
// merged into one face.
const (
	coplanarCos = 1e-9
	coplanarOff = 1e-9
)

// newPolyhedron builds the polyhedron of the hull of points. It returns nil when the hull
// spans no volume.
func newPolyhedron(points []mgl64.Vec3, hull Hull) *polyhedron {
	if len(hull.Triangles) == 0 {
		return nil
	}
	scale := 0.0
	for _, p := range points {
		scale = max(scale, rounded.Len(p))
	}
	// Group the triangles by plane.
	type tri struct {
		n     mgl64.Vec3
		off   float64
		group int32
	}
	tris := make([]tri, len(hull.Triangles))
	var groups []polyFace
	for i, t := range hull.Triangles {
		a, b, c := points[t[0]], points[t[1]], points[t[2]]
		n := rounded.Normalize(rounded.Cross(b.Sub(a), c.Sub(a)))
		tris[i] = tri{n: n, off: rounded.Dot(n, a), group: -1}
		for g := range groups {
			if 1-rounded.Dot(groups[g].n, n) < coplanarCos && math.Abs(groups[g].off-tris[i].off) < coplanarOff*scale {
				tris[i].group = int32(g)
				break
			}
		}
		if tris[i].group < 0 {
			tris[i].group = int32(len(groups))
			groups = append(groups, polyFace{n: n, off: tris[i].off})
		}
	}
	// Directed edge → triangle, to find each group's boundary and each edge's far side.
	owner := map[[2]int32]int32{}
	for i, t := range hull.Triangles {
		for k := range 3 {
			owner[[2]int32{t[k], t[(k+1)%3]}] = int32(i)
		}
	}
	// A group's boundary edges are those whose reverse belongs to another group; chain them.
	next := map[int32]map[int32]int32{} // group → from → to
	for i, t := range hull.Triangles {
		g := tris[i].group
		for k := range 3 {
			a, b := t[k], t[(k+1)%3]
			if o, ok := owner[[2]int32{b, a}]; ok && tris[o].group == g {
				continue
			}
			if next[g] == nil {
				next[g] = map[int32]int32{}
			}
			next[g][a] = b
		}
	}
	p := &polyhedron{}
	index := map[int32]int32{} // point index → corner index
	corner := func(i int32) int32 {
		if c, ok := index[i]; ok {
			return c
		}
		index[i] = int32(len(p.verts))
		p.verts = append(p.verts, points[i])
		return index[i]
	}
	for g := range groups {
		nx := next[int32(g)]
		start := int32(math.MaxInt32) // the smallest index starts the loop: deterministic
		for a := range nx {
			start = min(start, a)
		}
		var loop []int32
		for a := start; ; {
			loop = append(loop, a)
			a = nx[a]
			if a == start || len(loop) > len(nx) {
				break
			}
		}
		// Drop corners where the loop runs straight (a point on an edge of the hull).
		var kept []int32
		for k, v := range loop {
			prev, nxt := points[loop[(k+len(loop)-1)%len(loop)]], points[loop[(k+1)%len(loop)]]
			if rounded.Len(rounded.Cross(points[v].Sub(prev), nxt.Sub(points[v]))) > 1e-12*scale*scale {
				kept = append(kept, v)
			}
		}
		f := groups[g]
		for _, v := range kept {
			f.loop = append(f.loop, corner(v))
		}
		p.faces = append(p.faces, f)
	}
	// Edges: one per pair of faces that share a boundary edge of the triangles.
	seen := map[[2]int32]bool{}
	for i, t := range hull.Triangles {
		for k := range 3 {
			a, b := t[k], t[(k+1)%3]
			o, ok := owner[[2]int32{b, a}]
			g0, g1 := tris[i].group, int32(-1)
			if ok {
				g1 = tris[o].group
			}
			if g1 < 0 || g0 == g1 || seen[[2]int32{g0, g1}] || seen[[2]int32{g1, g0}] {
				continue
			}
			seen[[2]int32{g0, g1}] = true
			p.edges = append(p.edges, polyEdge{v0: corner(a), v1: corner(b), f0: g0, f1: g1})
		}
	}
	p.box = newBoxClasses(p)
	return p
}

// meshVolume returns the signed volume enclosed by triangles over points (m³; positive for
// outward winding), by the divergence theorem.
func meshVolume(points []mgl64.Vec3, triangles [][3]int32) float64 {
	v := 0.0
	for _, t := range triangles {
		v += rounded.Dot(points[t[0]], rounded.Cross(points[t[1]], points[t[2]]))
	}
	return v / 6
}

// isConvex reports whether a mesh (vertices and triangles) is its own convex hull: its
// volume equals the hull's to 1e-9 relative, or, for a bare point set without triangles,
// every vertex is a corner of the hull. A sampled hull (Hull.Sampled) lies inside the mesh,
// so the mesh is judged by its own surface instead (locallyConvex).
func isConvex(points []mgl64.Vec3, triangles [][3]int32, hull Hull) bool {
	if len(hull.Triangles) == 0 {
		return false
	}
	if len(triangles) == 0 {
		return len(hull.Vertices) == len(points)
	}
	hv := meshVolume(points, hull.Triangles)
	if hull.Sampled {
		// The sample's hull lies inside a convex mesh and holds most of it; a mesh that
		// encloses twice the volume winds around twice.
		mv := meshVolume(points, triangles)
		return mv >= hv*(1-1e-9) && mv <= 2*hv && locallyConvex(points, triangles)
	}
	return math.Abs(math.Abs(meshVolume(points, triangles))-hv) <= 1e-9*hv
}

// locallyConvex reports whether a closed mesh is convex at every edge, to 1e-6 of its size
// (the far corner of each edge's other triangle lies no farther outside this triangle's
// plane), and is one piece: a connected, closed surface that is convex at every edge bounds
// a convex solid. It takes time linear in the mesh's size, where comparing every vertex with
// every face would take the square.
func locallyConvex(points []mgl64.Vec3, triangles [][3]int32) bool {
	lo, hi := points[0], points[0]
	for _, p := range points {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
		}
	}
	tol := 1e-6 * rounded.Len(hi.Sub(lo))
	// Each directed edge (a, b) of a triangle, with the triangle's third corner, bucketed
	// under its lower vertex (a counting sort) and sorted by the higher one within its
	// bucket, so that the two sides of an undirected edge meet.
	type side struct {
		hi, tri, far int32
		up           bool // the triangle runs from the lower vertex to hi
	}
	start := make([]int32, len(points)+1)
	for _, tr := range triangles {
		for k := range 3 {
			start[min(tr[k], tr[(k+1)%3])+1]++
		}
	}
	for i := range points {
		start[i+1] += start[i]
	}
	sides := make([]side, 3*len(triangles))
	fill := slices.Clone(start[:len(points)])
	for t, tr := range triangles {
		for k := range 3 {
			a, b := tr[k], tr[(k+1)%3]
			lo := min(a, b)
			sides[fill[lo]] = side{max(a, b), int32(t), tr[(k+2)%3], a < b}
			fill[lo]++
		}
	}
	// Union–find over the vertices: one piece when the edges join them all.
	parent := make([]int32, len(points))
	for i := range parent {
		parent[i] = int32(i)
	}
	root := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	pieces := len(points)
	used := make([]bool, len(points))
	for lo := range int32(len(points)) {
		bucket := sides[start[lo]:start[lo+1]]
		slices.SortFunc(bucket, func(x, y side) int { return cmp.Or(cmp.Compare(x.hi, y.hi), cmp.Compare(x.tri, y.tri)) })
		for i := 0; i < len(bucket); i += 2 {
			x := bucket[i]
			if i+1 == len(bucket) || bucket[i+1].hi != x.hi || i+2 < len(bucket) && bucket[i+2].hi == x.hi {
				return false // an edge without exactly two sides: not a closed two-manifold
			}
			y := bucket[i+1]
			if x.up == y.up {
				return false // two triangles wound against each other
			}
			for _, s := range [2][2]side{{x, y}, {y, x}} {
				t := triangles[s[0].tri]
				a := points[t[0]]
				n := rounded.Cross(points[t[1]].Sub(a), points[t[2]].Sub(a))
				if l := rounded.Len(n); l > 0 && rounded.Dot(n, points[s[1].far].Sub(a)) > tol*l {
					return false
				}
			}
			used[lo], used[x.hi] = true, true
			if a, b := root(lo), root(x.hi); a != b {
				parent[a] = b
				pieces--
			}
		}
	}
	for _, u := range used {
		if !u {
			pieces-- // a vertex no triangle uses is no piece of the surface
		}
	}
	return pieces == 1
}
