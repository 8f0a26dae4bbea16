package collide

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
	"github.com/tumble-physics/tumble/inertia"
)

// surfaceSamples are the points of a mesh's surface that are looked up in another body's
// SDF: its vertices, and points along every edge no farther apart than the spacing, so that
// a tube crossing another's edge or lying through another's hole touches at a sample
// (Guendelman, Bridson and Fedkiw 2003). They are ordered for a sphere tree whose nodes let
// a whole group be skipped when the other body's SDF says it is far from every sample.
type surfaceSamples struct {
	// points in the body frame; a point's index is its contact id (stable: the order is fixed
	// at build).
	points []mgl64.Vec3
	nodes  []sampleNode
}

// sampleNode is a sphere around points[first:first+count]; an inner node (count 0) has
// children first and first+1.
type sampleNode struct {
	c            mgl64.Vec3
	r            float64
	first, count int32
}

// sampleLeaf is the most points a leaf of the sphere tree holds.
const sampleLeaf = 8

// newSurfaceSamples samples mesh m: its vertices and, on each edge, the fewest evenly spaced
// interior points that leave no gap longer than spacing (m).
func newSurfaceSamples(m *inertia.Mesh, spacing float64) *surfaceSamples {
	s := &surfaceSamples{points: slices.Clone(m.Vertices)}
	seen := map[[2]int32]bool{}
	for _, t := range m.Triangles {
		for k := range 3 {
			a, b := t[k], t[(k+1)%3]
			e := [2]int32{min(a, b), max(a, b)}
			if seen[e] || a == b {
				continue
			}
			seen[e] = true
			pa, pb := m.Vertices[e[0]], m.Vertices[e[1]]
			n := int(math.Ceil(rounded.Len(pb.Sub(pa)) / spacing))
			for i := 1; i < n; i++ {
				s.points = append(s.points, pa.Add(pb.Sub(pa).Mul(float64(i)/float64(n))))
			}
		}
	}
	s.nodes = append(s.nodes, sampleNode{count: int32(len(s.points))})
	s.split(0)
	return s
}

// split fits node i's sphere and halves it at the median along its box's longest axis until
// leaves hold at most sampleLeaf points.
func (s *surfaceSamples) split(i int) {
	n := s.nodes[i]
	pts := s.points[n.first : n.first+n.count]
	box := aabb.Of(pts)
	c := box.Lo.Add(box.Hi).Mul(0.5)
	r := 0.0
	for _, p := range pts {
		r = max(r, rounded.Len(p.Sub(c)))
	}
	s.nodes[i].c, s.nodes[i].r = c, r
	if len(pts) <= sampleLeaf {
		return
	}
	axis := box.LongestAxis()
	slices.SortStableFunc(pts, func(a, b mgl64.Vec3) int { return cmpFloat(a[axis], b[axis]) })
	half := n.count / 2
	k := int32(len(s.nodes))
	s.nodes = append(s.nodes, sampleNode{first: n.first, count: half}, sampleNode{first: n.first + half, count: n.count - half})
	s.nodes[i].first, s.nodes[i].count = k, 0
	s.split(int(k))
	s.split(int(k + 1))
}
