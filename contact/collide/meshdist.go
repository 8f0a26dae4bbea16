package collide

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
	"github.com/tumble-physics/tumble/inertia"
)

// meshDistance answers exact signed-distance queries on a closed mesh: the distance to the
// closest triangle, found through a bounding-volume hierarchy, signed by the angle-weighted
// pseudo-normal of the closest feature (Bærentzen and Aanæs 2005: for a closed, consistently
// wound mesh p − q points the same side as the pseudo-normal at the closest point q exactly
// when p is outside). It is the reference the SDF grid is sampled from.
type meshDistance struct {
	v     []mgl64.Vec3
	tris  [][3]int32      // reordered so that every BVH leaf holds a contiguous run
	faceN []mgl64.Vec3    // per triangle, unit
	edgeN [][3]mgl64.Vec3 // per triangle, per edge (i, i+1): sum of the two faces' normals
	vertN []mgl64.Vec3    // per vertex: incident face normals weighted by their angle there
	ball  []triBall       // per triangle: a bounding sphere, a cheap test before the exact one
	nodes []bvhNode
	stack []int32
}

// bvhNode is a box around triangles: a leaf holds tris[first:first+count], an inner node
// (count 0) has children first and first+1.
type bvhNode struct {
	lo, hi       mgl64.Vec3
	first, count int32
}

// triBall is a sphere around a triangle.
type triBall struct {
	c mgl64.Vec3
	r float64
}

// leafSize is the most triangles a BVH leaf holds.
const leafSize = 4

func newMeshDistance(m *inertia.Mesh) *meshDistance {
	d := &meshDistance{v: m.Vertices, tris: slices.Clone(m.Triangles)}
	d.nodes = append(d.nodes, bvhNode{first: 0, count: int32(len(d.tris))})
	d.split(0)
	d.pseudoNormals()
	d.ball = make([]triBall, len(d.tris))
	for i, t := range d.tris {
		c := d.v[t[0]].Add(d.v[t[1]]).Add(d.v[t[2]]).Mul(1.0 / 3)
		r := max(rounded.Len(c.Sub(d.v[t[0]])), rounded.Len(c.Sub(d.v[t[1]])), rounded.Len(c.Sub(d.v[t[2]])))
		d.ball[i] = triBall{c, r}
	}
	return d
}

// split fits node i's box and halves it at the median centroid along its longest axis,
// recursively, until leaves hold at most leafSize triangles.
func (d *meshDistance) split(i int) {
	n := d.nodes[i]
	tris := d.tris[n.first : n.first+n.count]
	box := aabb.Empty
	for _, t := range tris {
		for _, vi := range t {
			for k := range 3 {
				box.Lo[k], box.Hi[k] = min(box.Lo[k], d.v[vi][k]), max(box.Hi[k], d.v[vi][k])
			}
		}
	}
	d.nodes[i].lo, d.nodes[i].hi = box.Lo, box.Hi
	if len(tris) <= leafSize {
		return
	}
	axis := box.LongestAxis()
	centroid := func(t [3]int32) float64 { return d.v[t[0]][axis] + d.v[t[1]][axis] + d.v[t[2]][axis] }
	slices.SortFunc(tris, func(a, b [3]int32) int { return cmpFloat(centroid(a), centroid(b)) })
	half := n.count / 2
	c := int32(len(d.nodes))
	d.nodes = append(d.nodes, bvhNode{first: n.first, count: half}, bvhNode{first: n.first + half, count: n.count - half})
	d.nodes[i].first, d.nodes[i].count = c, 0
	d.split(int(c))
	d.split(int(c + 1))
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// pseudoNormals computes the face, edge and angle-weighted vertex normals.
func (d *meshDistance) pseudoNormals() {
	d.faceN = make([]mgl64.Vec3, len(d.tris))
	d.edgeN = make([][3]mgl64.Vec3, len(d.tris))
	d.vertN = make([]mgl64.Vec3, len(d.v))
	edgeSum := map[[2]int32]mgl64.Vec3{}
	key := func(a, b int32) [2]int32 { return [2]int32{min(a, b), max(a, b)} }
	for i, t := range d.tris {
		n := rounded.Cross(d.v[t[1]].Sub(d.v[t[0]]), d.v[t[2]].Sub(d.v[t[0]]))
		if l := rounded.Len(n); l > 0 {
			n = n.Mul(1 / l)
		}
		d.faceN[i] = n
		for k := range 3 {
			a, b, c := d.v[t[k]], d.v[t[(k+1)%3]], d.v[t[(k+2)%3]]
			u, w := b.Sub(a), c.Sub(a)
			angle := rounded.Atan2(rounded.Len(rounded.Cross(u, w)), rounded.Dot(u, w))
			d.vertN[t[k]] = d.vertN[t[k]].Add(n.Mul(angle))
			e := key(t[k], t[(k+1)%3])
			edgeSum[e] = edgeSum[e].Add(n)
		}
	}
	for i, t := range d.tris {
		for k := range 3 {
			d.edgeN[i][k] = edgeSum[key(t[k], t[(k+1)%3])]
		}
	}
}

// boxDist2 returns the squared distance from p to the box [lo, hi] (0 inside).
func boxDist2(p, lo, hi mgl64.Vec3) float64 {
	s := 0.0
	for k := range 3 {
		if e := lo[k] - p[k]; e > 0 {
			s += float64(e * e)
		} else if e := p[k] - hi[k]; e > 0 {
			s += float64(e * e)
		}
	}
	return s
}

// signed returns the signed distance from p to the mesh (m, negative inside), the closest
// point on it and the index of the triangle it lies on (in d.tris). seed is a triangle to
// try first (−1 for none): a neighbouring point's closest triangle is usually this one's
// too or close to it, and its distance prunes most of the search. far reports that p is
// known to be farther from the mesh than the band the caller needs exact: then the search
// is skipped and the seed's distance, an upper bound on the true one, is returned (far from
// the surface many triangles are nearly equidistant and an exact search visits most of
// them, for a value no contact reads).
func (d *meshDistance) signed(p mgl64.Vec3, seed int, far bool) (float64, mgl64.Vec3, int) {
	best := math.Inf(1)
	var q mgl64.Vec3
	bt, bf := -1, featFace
	if seed >= 0 {
		t := d.tris[seed]
		c, f := closestOnTriangle(p, d.v[t[0]], d.v[t[1]], d.v[t[2]])
		best, q, bt, bf = rounded.LenSqr(p.Sub(c)), c, seed, f
	}
	d.stack = append(d.stack[:0], 0)
	if seed >= 0 && far {
		d.stack = d.stack[:0]
	}
	for len(d.stack) > 0 {
		n := &d.nodes[d.stack[len(d.stack)-1]]
		d.stack = d.stack[:len(d.stack)-1]
		if boxDist2(p, n.lo, n.hi) >= best {
			continue
		}
		if n.count == 0 { // push the farther child first, so the nearer is searched first
			a, b := n.first, n.first+1
			if boxDist2(p, d.nodes[a].lo, d.nodes[a].hi) < boxDist2(p, d.nodes[b].lo, d.nodes[b].hi) {
				a, b = b, a
			}
			d.stack = append(d.stack, a, b)
			continue
		}
		for i := n.first; i < n.first+n.count; i++ {
			if e := rounded.Len(p.Sub(d.ball[i].c)) - d.ball[i].r; e > 0 && e*e >= best {
				continue
			}
			t := d.tris[i]
			c, f := closestOnTriangle(p, d.v[t[0]], d.v[t[1]], d.v[t[2]])
			if e := rounded.LenSqr(p.Sub(c)); e < best {
				best, q, bt, bf = e, c, int(i), f
			}
		}
	}
	if bt < 0 {
		return math.Inf(1), q, -1
	}
	var pn mgl64.Vec3
	switch {
	case bf == featFace:
		pn = d.faceN[bt]
	case bf >= featEdge:
		pn = d.edgeN[bt][bf-featEdge]
	default:
		pn = d.vertN[d.tris[bt][bf-featVertex]]
	}
	dist := math.Sqrt(best)
	if rounded.Dot(p.Sub(q), pn) < 0 {
		dist = -dist
	}
	return dist, q, bt
}
