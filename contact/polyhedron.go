package contact

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
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
		scale = max(scale, p.Len())
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
		n := b.Sub(a).Cross(c.Sub(a)).Normalize()
		tris[i] = tri{n: n, off: n.Dot(a), group: -1}
		for g := range groups {
			if 1-groups[g].n.Dot(n) < coplanarCos && math.Abs(groups[g].off-tris[i].off) < coplanarOff*scale {
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
			if points[v].Sub(prev).Cross(nxt.Sub(points[v])).Len() > 1e-12*scale*scale {
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
		v += points[t[0]].Dot(points[t[1]].Cross(points[t[2]]))
	}
	return v / 6
}

// isConvex reports whether a mesh (vertices and triangles) is its own convex hull: its
// volume equals the hull's to 1e-9 relative, or, for a bare point set without triangles,
// every vertex is a corner of the hull.
func isConvex(points []mgl64.Vec3, triangles [][3]int32, hull Hull) bool {
	if len(hull.Triangles) == 0 {
		return false
	}
	if len(triangles) == 0 {
		return len(hull.Vertices) == len(points)
	}
	hv := meshVolume(points, hull.Triangles)
	return math.Abs(math.Abs(meshVolume(points, triangles))-hv) <= 1e-9*hv
}
