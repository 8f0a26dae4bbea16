package collide

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"math"
	"runtime"
	"slices"
	"sync"
	"unsafe"
	"weak"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/inertia"
)

// Non-convex contact (Guendelman, Bridson and Fedkiw 2003): each body's surface samples
// (vertices and edge points) are looked up in the other body's signed distance field; a
// sample closer than the margin is a candidate whose normal is the field's gradient. The
// candidates are grouped into at most MaxNonConvexManifolds patches per pair (by normal and
// place), each a manifold reduced to four points like a plane contact. docs/contact.md has
// the numbers.

// MaxNonConvexManifolds is the most manifolds (of up to four points, one normal each) a
// non-convex pair gets: one per contact patch. A torus lying across another's ring touches it
// in two places, one landing flat on another along an arc; a link pinched in another
// touches it on both sides, with normals far apart.
const MaxNonConvexManifolds = 6

// ClusterCos is the cosine of the largest angle (25°) between a candidate's normal and
// its patch's seed normal: wider, and one normal would push a tube sideways where it
// touches; narrower, and one curved patch splits into manifolds that fight for it.
const ClusterCos = 0.9

// ncShape is what non-convex contact needs of a mesh: its surface samples, spaced 2 of its
// field's cells apart (6.25 cm on the torus: a sample's depth misses an edge–edge contact
// between samples by at most a few millimetres), and, unless the mesh is convex, the SDF
// the other body's samples are looked up in (a convex mesh's polyhedron, in its Shape,
// serves instead: polydistance.go).
type ncShape struct {
	sdf     *SDF // nil for a convex mesh
	samples *surfaceSamples
	// thin is the mesh's thinnest extent (the torus tube's diameter, 0.5 m): the radius of
	// a contact patch, so that a ring lying on a ring is held at several places around it.
	thin float64
	// rays finds where the paths of samples beyond the field enter the mesh (sweepSample).
	rays rayTree
}

// ShapeCacheBytes bounds the memory of the distance fields (and surface samples) that no
// World holds any more but that are kept for the next World that needs them, bytes:
// reloading a scene then does not rebuild them (half a second for the torus), and a process
// that builds worlds of ever new meshes keeps at most this much of the old ones. Shapes in
// use by a World are shared by every World with an equal mesh, and let go once none holds
// them, beyond this bound.
const ShapeCacheBytes = 64 << 20

// shapeCache finds the shape of a mesh content by its SHA-256: bodies copy their mesh
// (body.New), so fifty tori are fifty meshes of one content, and their distance field is
// built once. It holds shapes weakly (the Worlds hold them, NonConvex.of) and keeps the
// most recently used ones up to a budget of bytes alive on its own.
var shapeCache struct {
	sync.Mutex
	of     map[[32]byte]weak.Pointer[ncShape] // every shape still alive, by content
	recent []*ncShape                         // kept alive although no World may hold them, oldest first
	bytes  int                                // their memory
	budget int                                // the most memory recent may keep; 0 means ShapeCacheBytes (tests lower it)
}

// shapeFor returns the shape of mesh m, from the cache or built now; convex says whether m
// is its own hull (Shape.Convex), which its content decides.
func shapeFor(m *inertia.Mesh, convex bool) *ncShape {
	key := contentKey(m)
	shapeCache.Lock()
	defer shapeCache.Unlock()
	sh := shapeCache.of[key].Value()
	if sh == nil {
		lo, hi := m.Bounds()
		ext := hi.Sub(lo)
		cell, _, _ := sdfGrid(m)
		sh = &ncShape{samples: newSurfaceSamples(m, 2*cell), thin: min(ext[0], ext[1], ext[2])}
		if !convex {
			md := newMeshDistance(m)
			sh.sdf, sh.rays = newSDF(m, md), rayTree{v: md.v, tris: md.tris, nodes: md.nodes}
		}
		if shapeCache.of == nil {
			shapeCache.of = map[[32]byte]weak.Pointer[ncShape]{}
		}
		shapeCache.of[key] = weak.Make(sh)
		runtime.AddCleanup(sh, forgetShape, key)
	}
	keepRecent(sh)
	return sh
}

// keepRecent makes sh the most recently used shape of the cache, and lets the oldest go
// while the recent ones take more than the budget (sh itself stays, however large).
func keepRecent(sh *ncShape) {
	c := &shapeCache
	if k := slices.Index(c.recent, sh); k >= 0 {
		c.recent = slices.Delete(c.recent, k, k+1)
		c.bytes -= sh.bytes()
	}
	c.recent = append(c.recent, sh)
	c.bytes += sh.bytes()
	for len(c.recent) > 1 && c.bytes > cmp.Or(c.budget, ShapeCacheBytes) {
		c.bytes -= c.recent[0].bytes()
		c.recent = slices.Delete(c.recent, 0, 1)
	}
}

// forgetShape removes the cache's entry of the shape of content key, once the garbage
// collector has taken the shape (unless a new shape of that content has taken its place).
func forgetShape(key [32]byte) {
	shapeCache.Lock()
	defer shapeCache.Unlock()
	if p, ok := shapeCache.of[key]; ok && p.Value() == nil {
		delete(shapeCache.of, key)
	}
}

// contentKey returns the SHA-256 of m's vertices (their bits) and triangles.
func contentKey(m *inertia.Mesh) [32]byte {
	h := sha256.New()
	var buf [8]byte
	for _, v := range m.Vertices {
		for _, x := range v {
			binary.LittleEndian.PutUint64(buf[:], math.Float64bits(x))
			h.Write(buf[:])
		}
	}
	for _, t := range m.Triangles {
		for _, i := range t {
			binary.LittleEndian.PutUint32(buf[:4], uint32(i))
			h.Write(buf[:4])
		}
	}
	var key [32]byte
	h.Sum(key[:0])
	return key
}

// bytes is the memory sh takes, about: its grid, samples and triangle tree.
func (sh *ncShape) bytes() int {
	grid := 0
	if sh.sdf != nil {
		grid = sh.sdf.Bytes()
	}
	return grid + int(unsafe.Sizeof(mgl64.Vec3{}))*(len(sh.samples.points)+len(sh.rays.v)) +
		int(unsafe.Sizeof(sampleNode{}))*len(sh.samples.nodes) + int(unsafe.Sizeof(bvhNode{}))*len(sh.rays.nodes) +
		int(unsafe.Sizeof([3]int32{}))*len(sh.rays.tris)
}

// NonConvex is a World's non-convex shapes: per mesh met in a pair that is not convex, its
// surface samples and, unless the mesh is convex, its distance field and triangle tree. A
// pair is detected with a NonConvexScratch, which only reads the shapes: once Ready has
// run for their bodies, pairs can be detected on several goroutines at once. The zero
// NonConvex is ready.
type NonConvex struct {
	of map[*inertia.Mesh]*ncShape // per mesh its shape (shapeFor)
}

// NonConvexScratch is one goroutine's scratch for non-convex pairs, which it detects one at
// a time, and the last pair's results. The zero NonConvexScratch is ready.
type NonConvexScratch struct {
	// Samples holds the last Collide's or Sample's samples: every one closer to the other
	// body than Margin (m), before Collide left out those out of reach in the step. Extra
	// holds the last Collide's further manifolds of the pair (one per patch beyond the
	// deepest, warm started). Both are valid until the next call.
	Samples []Sample
	Margin  float64
	Extra   []Manifold

	cands    []Sample // the samples that may come within the margin in the step
	stack    []int32
	clusters []ncCluster
	group    []Candidate
}

// Sample is a surface sample of one body closer to the other body than the margin, as a
// candidate contact point with its own normal N (from A to B, world).
type Sample struct {
	Candidate
	N mgl64.Vec3
}

// ncCluster is a patch of candidates with close normals near each other: the seed's normal
// and position, and the sum of the normals.
type ncCluster struct {
	first, at, sum mgl64.Vec3
	members        []int32
}

// PairIndex is a manifold's pair and its index in a list of manifolds.
type PairIndex struct {
	Pair Pair
	I    int32
}

// IndexPairs returns in dst the body pairs of ms with their indices, sorted by pair then
// index: a non-convex pair may have several manifolds, not next to each other.
func IndexPairs(dst []PairIndex, ms []Manifold) []PairIndex {
	dst = dst[:0]
	for i := range ms {
		if p := ms[i].Pair; p.B >= 0 {
			dst = append(dst, PairIndex{p, int32(i)})
		}
	}
	slices.SortFunc(dst, func(x, y PairIndex) int {
		return cmp.Or(comparePairs(x.Pair, y.Pair), cmp.Compare(x.I, y.I))
	})
	return dst
}

// OfPair returns the entries of pair in idx (from IndexPairs).
func OfPair(idx []PairIndex, pair Pair) []PairIndex {
	lo, _ := slices.BinarySearchFunc(idx, pair, func(x PairIndex, p Pair) int { return comparePairs(x.Pair, p) })
	hi := lo
	for hi < len(idx) && idx[hi].Pair == pair {
		hi++
	}
	return idx[lo:hi]
}

// comparePairs orders pairs by A then B.
func comparePairs(x, y Pair) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) }

// shape returns the shape of body b's mesh.
func (s *NonConvex) shape(b *Body) *ncShape { return s.meshShape(b.Mesh, b.Shape.Convex) }

// meshShape returns the shape of mesh m, convex or not (shapeFor).
func (s *NonConvex) meshShape(m *inertia.Mesh, convex bool) *ncShape {
	if sh, ok := s.of[m]; ok {
		return sh
	}
	if s.of == nil {
		s.of = map[*inertia.Mesh]*ncShape{}
	}
	sh := shapeFor(m, convex)
	s.of[m] = sh
	return sh
}

// hullTestBudget bounds the products a hull test of two shapes costs (CheapHulls): one of
// two T-handles' hulls against a polygonal ball's 480 edges takes 8,640 edge pairs, two
// tori's hulls 540,000, where the test made tori50's step four times as long.
const hullTestBudget = 1 << 14

// CheapHulls reports whether the hulls of solid shapes a and b are small enough for
// HullsApart to cost less than sampling the pair.
func CheapHulls(a, b *Shape) bool {
	pa, pb := a.poly, b.poly
	return len(pa.edges)*len(pb.edges) <= hullTestBudget &&
		len(pa.faces)*len(pb.verts)+len(pb.faces)*len(pa.verts) <= hullTestBudget
}

// HullsApart reports whether bodies a and b, either not convex, are too far apart for
// any sample of theirs to come within the margin of the step st: their hulls are cheap to
// test (CheapHulls; posed for st's detection) and separated along a face or edge axis by
// more than the margin and the fields' error (√3 cells, as in apart). Collide would then
// find no sample.
func (s *NonConvex) HullsApart(a, b *Body, st *Step) bool {
	if !CheapHulls(a.Shape, b.Shape) {
		return false
	}
	slack := 0.0
	for _, v := range [2]*Body{a, b} {
		if sh := s.shape(v); sh.sdf != nil {
			slack = max(slack, math.Sqrt(3)*sh.sdf.Cell)
		}
	}
	margin := PairMargin(a, b, st) + slack
	return querySAT(a.Posed(st.Detection), b.Posed(st.Detection), margin).axis.kind != axisNone
}

// Ready builds the shape of body b's mesh, convex or not, if it has none yet: a pair's
// detection on another goroutine then finds it built.
func (s *NonConvex) Ready(b *Body) { s.shape(b) }

// Prepare builds the shape of non-convex body b's mesh now, if it has none yet: its
// distance field, samples and triangle tree, which a large mesh takes seconds to build (the
// World builds them when a body enters it, rather than in the first step that meets it).
func (s *NonConvex) Prepare(b *body.Body) { s.meshShape(b.Mesh, false) }

// Forget lets go of mesh m's shape: its body left the World (the process-wide cache may
// still hold it for others, shapeFor).
func (s *NonConvex) Forget(m *inertia.Mesh) { delete(s.of, m) }

// Sample returns the samples of bodies a and b (each's surface samples, looked up in the
// other's distance field or polyhedron) that lie closer than margin (m) to the other body,
// over a step of h seconds (Samples); shapes holds the bodies' shapes (Ready).
func (nc *NonConvexScratch) Sample(shapes *NonConvex, a, b *Body, margin, h float64) []Sample {
	sa, sb := shapes.shape(a), shapes.shape(b)
	nc.Samples = nc.Samples[:0]
	nc.sampleAgainst(sb.samples, b.Body, sa, a, margin, h, false)
	nc.sampleAgainst(sa.samples, a.Body, sb, b, margin, h, true)
	return nc.Samples
}

// Collide finds the contact between bodies a and b (a < b) when either is not convex, into
// m, whose Pair, Friction and Restitution are set. Candidates come from both sides
// (Samples, within Margin); they are grouped into patches, the deepest patch fills m and
// the others go to Extra as further manifolds of the same pair. The points of all of them
// are warm started here from all of the pair's last manifolds, last[i] for the entries i of
// ofPair (IndexPairs), matched by id. It reports whether the bodies touch or may touch
// within the step. shapes holds the bodies' shapes (Ready).
func (nc *NonConvexScratch) Collide(shapes *NonConvex, a, b *Body, st *Step, last []Manifold, ofPair []PairIndex, m *Manifold) bool {
	sa, sb := shapes.shape(a), shapes.shape(b)
	nc.Extra = nc.Extra[:0]
	nc.Margin = PairMargin(a, b, st)
	nc.Sample(shapes, a, b, nc.Margin, st.H)
	// Only candidates that may come within the speculative margin by the end of the step
	// matter to this step's rows; the others would only take manifold slots.
	mo := Motion{a.Body, b.Body, *a.Turn, *b.Turn, st.H}
	active := nc.cands[:0]
	for _, c := range nc.Samples {
		if c.Reach = mo.approach(c.N, &c.Candidate); c.Reach > -st.Margin {
			active = append(active, c)
		}
	}
	nc.cands = active
	if len(nc.cands) == 0 {
		return false
	}
	nc.cluster(min(sa.thin, sb.thin), st.Margin)
	for ci := len(nc.clusters) - 1; ci >= 0; ci-- { // the deepest, cluster 0, goes last: into m
		cl := &nc.clusters[ci]
		out := *m
		out.Normal = rounded.Normalize(cl.sum)
		nc.group = nc.group[:0]
		for _, k := range cl.members {
			c := nc.cands[k].Candidate
			c.Reach, c.Dip = mo.Reach(out.Normal, &c) // along the patch's normal now
			nc.group = append(nc.group, c)
		}
		// The last manifold of the pair whose normal is closest keeps its ids on near-ties.
		var like *Manifold
		for _, pi := range ofPair {
			if q := &last[pi.I]; like == nil || rounded.Dot(q.Normal, out.Normal) > rounded.Dot(like.Normal, out.Normal) {
				like = q
			}
		}
		Reduce(&out, nc.group, out.Normal, like)
		if ci == 0 {
			*m = out
			break
		}
		for _, pi := range ofPair {
			WarmStart(&out, &last[pi.I])
		}
		nc.Extra = append(nc.Extra, out)
	}
	// The caller warm starts m from its pair's last manifold alone; points that moved
	// between groups are matched here.
	for _, pi := range ofPair {
		WarmStart(m, &last[pi.I])
	}
	return m.N > 0
}

// Motion is the motion of a pair over a step of H seconds, for Reach (see PointReach), with
// each body's turn exp(h[ω]×).
type Motion struct {
	A, B         *body.Body
	TurnA, TurnB mgl64.Mat3
	H            float64
}

// approach returns the depth candidate c would have at the end of the step along normal n
// if the bodies kept their linear and angular velocities, without the rotations' dip (which
// is second order in the step): a cheap first test.
func (mo *Motion) approach(n mgl64.Vec3, c *Candidate) float64 {
	rA, rB := rounded.MulVec(mo.A.R, c.Local), rounded.MulVec(mo.B.R, c.LocalB)
	approach := AlongVelocity(&n, &mo.A.V, &mo.A.Omega, &rA) - AlongVelocity(&n, &mo.B.V, &mo.B.Omega, &rB)
	return c.Depth + float64(mo.H*approach)
}

// Reach returns the depth candidate c would have at the end of the step along normal n
// (from A to B) if the bodies kept their velocities, and the dip of their rotations: what
// PointReach computes for a contact point.
func (mo *Motion) Reach(n mgl64.Vec3, c *Candidate) (reach, dipped float64) {
	rA, rB := rounded.MulVec(mo.A.R, c.Local), rounded.MulVec(mo.B.R, c.LocalB)
	approach := AlongVelocity(&n, &mo.A.V, &mo.A.Omega, &rA) - AlongVelocity(&n, &mo.B.V, &mo.B.Omega, &rB)
	dipped = Dip(n.Mul(-1), mo.TurnA, rA, mo.A.Omega, mo.H) + Dip(n, mo.TurnB, rB, mo.B.Omega, mo.H)
	return c.Depth + float64(mo.H*approach) + dipped, dipped
}

// sampleAgainst appends to s.Samples the samples of body q (points) that lie closer than
// margin to body p, whose non-convex shape is other, found through the samples' sphere
// tree. flip says the samples are body A's (p is B): the normal then points into p, from A
// to B.
func (s *NonConvexScratch) sampleAgainst(points *surfaceSamples, q *body.Body, other *ncShape, pv *Body, margin, h float64, flip bool) {
	p := pv.Body
	// A sample x of q in p's frame: Rpᵀ (Rq x + Pq − Pp) = rel x + off.
	rt := p.R.Transpose()
	rel := rounded.Mul(rt, q.R)
	off := rounded.MulVec(rt, q.P.Sub(p.P))
	s.stack = append(s.stack[:0], 0)
	for len(s.stack) > 0 {
		n := &points.nodes[s.stack[len(s.stack)-1]]
		s.stack = s.stack[:len(s.stack)-1]
		if other.apart(pv.Shape, rounded.MulVec(rel, n.c).Add(off), n.r, margin) {
			continue
		}
		if n.count == 0 {
			s.stack = append(s.stack, n.first, n.first+1)
			continue
		}
		for i := n.first; i < n.first+n.count; i++ {
			x := points.points[i]
			onP, g, phi, ok := other.surface(pv.Shape, x, rounded.MulVec(rel, x).Add(off), q, p, h, margin)
			if !ok {
				continue
			}
			nw := rounded.MulVec(p.R, g) // out of p, world
			xw := rounded.MulVec(q.R, x).Add(q.P)
			c := Sample{Candidate: Candidate{Depth: -phi, X: xw.Add(rounded.MulVec(p.R, onP).Add(p.P)).Mul(0.5)}, N: nw}
			if flip { // q is A: its sample is LocalA, the normal points from A into p = B
				c.Local, c.LocalB, c.N, c.ID = x, onP, nw.Mul(-1), uint32(i)|1<<31
			} else {
				c.Local, c.LocalB, c.ID = onP, x, uint32(i)
			}
			s.Samples = append(s.Samples, c)
		}
	}
}

// apart reports whether every point within r of y (the shape's frame) lies at least margin
// from the shape (hull its Shape), so that a node of samples there is passed over. A convex
// shape's face planes bound its distance from below. A field's interpolated distance at a
// point lies within √3/2 cells of the exact one (it averages exact node values, each off
// by at most its node's distance from the point, and the trilinear weights' mean squared
// distance is at most 3/4 of a cell squared), which is 1-Lipschitz: a sample's
// interpolated distance is at least the centre's less r and √3 cells. Beyond the exact band
// the field holds upper bounds: it is capped there.
func (sh *ncShape) apart(hull *Shape, y mgl64.Vec3, r, margin float64) bool {
	if sh.sdf == nil {
		return rounded.Len(y)-hull.Radius-r > margin || hull.poly.planeDistanceAbove(y, margin+r)
	}
	f := sh.sdf
	return min(f.Distance(y), SDFExactBand*f.Cell)-math.Sqrt(3)*f.Cell-r > margin
}

// surface returns, for sample x of body q at y in the frame of p (the shape's body, hull
// its Shape), its signed distance to the shape, the closest point of the shape's surface
// and the outward normal there, when the distance is below margin (ok): a convex shape's by
// its polyhedron. A sample beyond a field's grid, which knows no distance or normal there,
// is swept instead (sweepSample) over the step of h seconds.
func (sh *ncShape) surface(hull *Shape, x, y mgl64.Vec3, q, p *body.Body, h, margin float64) (onP, g mgl64.Vec3, phi float64, ok bool) {
	if sh.sdf == nil {
		phi, onP, g, ok = hull.poly.signedDistance(y, margin)
		return onP, g, phi, ok && phi < margin
	}
	phi, beyond := sh.sdf.distance(y)
	if phi >= margin {
		return onP, g, 0, false
	}
	if beyond == 0 {
		if g, ok = sh.sdf.Normal(y); !ok {
			return onP, g, 0, false
		}
		return y.Sub(g.Mul(phi)), g, phi, true // the closest point
	}
	return sweepSample(x, y, q, p, sh.sdf, &sh.rays, h, margin)
}

// cluster groups s.cands into at most MaxNonConvexManifolds patches, seeded by
// farthest-point sampling (the k-centre heuristic): the candidate that reaches deepest is
// the first seed; the next is the candidate farthest from every seed whose normal is close
// to its own (a normal beyond the clustering angle counts as infinitely far), as long as it
// is farther than radius. Each candidate then joins the nearest seed with a close normal,
// or the seed whose normal is closest. So a ring lying on a ring is held at points spread
// evenly around it, however long the contact, and two tubes crossing at two places, or
// pinching a link from two sides, get a patch each. Ties go to the lower id, so the
// grouping does not depend on the candidates' order; patch 0 holds the deepest. margin is
// the speculative margin (m): the depth below which candidates weigh least in a normal.
func (s *NonConvexScratch) cluster(radius, margin float64) {
	s.clusters = s.clusters[:0]
	if len(s.cands) == 0 {
		return
	}
	// gap returns how far candidate c is from its nearest seed with a close normal.
	gap := func(c *Sample) (float64, int) {
		best, bi := math.Inf(1), -1
		for i := range s.clusters {
			if cl := &s.clusters[i]; rounded.Dot(c.N, cl.first) >= ClusterCos {
				if d := rounded.Len(c.X.Sub(cl.at)); d < best {
					best, bi = d, i
				}
			}
		}
		return best, bi
	}
	seed, far := 0, 0.0
	for k := range s.cands {
		if c, d := &s.cands[k], &s.cands[seed]; c.Reach > d.Reach || c.Reach == d.Reach && c.ID < d.ID {
			seed = k
		}
	}
	for {
		if len(s.clusters) == cap(s.clusters) {
			s.clusters = append(s.clusters, ncCluster{})
		} else {
			s.clusters = s.clusters[:len(s.clusters)+1]
		}
		cl := &s.clusters[len(s.clusters)-1]
		cl.first, cl.at, cl.sum, cl.members = s.cands[seed].N, s.cands[seed].X, mgl64.Vec3{}, cl.members[:0]
		if len(s.clusters) == MaxNonConvexManifolds {
			break
		}
		seed, far = -1, radius
		for k := range s.cands {
			c := &s.cands[k]
			if d, _ := gap(c); d > far || d == far && seed >= 0 && c.ID < s.cands[seed].ID {
				seed, far = k, d
			}
		}
		if seed < 0 {
			break
		}
	}
	for k := range s.cands {
		c := &s.cands[k]
		_, bi := gap(c)
		if bi < 0 {
			bi = 0
			for i := range s.clusters {
				if rounded.Dot(c.N, s.clusters[i].first) > rounded.Dot(c.N, s.clusters[bi].first) {
					bi = i
				}
			}
		}
		s.clusters[bi].add(c, int32(k), margin)
	}
}

// add puts candidate c (index k) into the group. Deeper candidates weigh more in the
// group's normal: they are where the push goes.
func (cl *ncCluster) add(c *Sample, k int32, margin float64) {
	cl.sum = cl.sum.Add(c.N.Mul(1 + max(c.Depth, -margin)/margin + 1e-3))
	cl.members = append(cl.members, k)
}
