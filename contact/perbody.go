package contact

import (
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/collide"
)

// The per-body stage of a detection: every awake body's manifolds against the planes, and
// the pose of every body a convex pair needs (collide.Body.Posed), shared out among the
// narrow phase's goroutines in chunks of bodies. Each chunk's plane manifolds go to the
// list of the goroutine that took it and are appended to s.cur, s.cands and s.span in chunk
// order afterwards, so they are bit for bit those of the serial loop over the bodies
// whatever the number of workers; each body is posed by the one goroutine that takes its
// chunk.

// bodyChunk is how many bodies a goroutine takes at a time in the per-body stage.
const bodyChunk = 64

// detected is a list of manifolds with their spare candidates: per manifold its range of
// cands (span), the corners against a plane that reduction left out and that a guard may
// swap in. The step keeps its own (contactState.cur, …); each goroutine of the per-body
// stage fills one with the plane manifolds of the chunks it takes.
type detected struct {
	cur   []Manifold
	cands []collide.Candidate
	span  [][2]int // per manifold in cur: its candidates in cands
}

// bodyStage holds the per-body stage's state.
type bodyStage struct {
	planes bool   // whether the stage detects the plane manifolds too
	pose   []bool // per body: a convex pair needs its pose
	// views holds per body the body as the narrow phase reads it in this detection (body):
	// made once by the stage, read by every pair of the body.
	views  []collide.Body
	chunks []chunkResult
	// lists holds per goroutine (the stepping one first) the list its chunks' plane
	// manifolds go to.
	lists []*detected
}

// chunkResult says where the plane manifolds of one chunk of bodies went: in list from,
// from.cur[cur[0]:cur[1]] with their from.span ranges into from.cands[cands[0]:cands[1]].
type chunkResult struct {
	from       *detected
	cur, cands [2]int
}

// detectBodies poses every body of a pair of d.pairs whose hulls the narrow phase tests (two
// convex bodies, or cheap hulls: collide.CheapHulls) and, when planes is set,
// appends every awake body's plane manifolds to s.cur (with s.cands and s.span), on
// w.narrowWorkers() goroutines.
func (d *detector) detectBodies(s *contactState, w *World, planes bool) {
	bs := &d.bodies
	bs.pose = resize(bs.pose, len(w.Bodies))
	clear(bs.pose)
	for _, pr := range d.pairs {
		if hullsTested(s.hulls[pr[0]], s.hulls[pr[1]]) {
			bs.pose[pr[0]], bs.pose[pr[1]] = true, true
		}
	}
	d.bodyStage(s, w, planes)
}

// hullsTested reports whether the narrow phase tests the posed hulls a and b: two convex
// bodies' by separating axes, a non-convex pair's when they are cheap (collide.HullsApart).
func hullsTested(a, b *collide.Shape) bool {
	return a.Solid() && b.Solid() && (a.Convex && b.Convex || collide.CheapHulls(a, b))
}

// bodyStage runs the per-body stage with bs.pose set.
func (d *detector) bodyStage(s *contactState, w *World, planes bool) {
	bs := &d.bodies
	n := len(w.Bodies)
	bs.chunks = resize(bs.chunks, (n+bodyChunk-1)/bodyChunk)
	bs.views = resize(bs.views, n)
	bs.planes = planes
	for len(bs.lists) < w.narrowWorkers() {
		bs.lists = append(bs.lists, &detected{})
	}
	for _, l := range bs.lists {
		l.cur, l.cands, l.span = l.cur[:0], l.cands[:0], l.span[:0]
	}
	s.share(w, n, bodyChunk, bodyChunk, func(s *contactState, w *World, g, lo, hi int) {
		s.detector.bodyShare(s, w, g, lo, hi)
	})
	if !planes {
		return
	}
	for _, c := range bs.chunks {
		shift := len(s.cands) - c.cands[0]
		s.cands = append(s.cands, c.from.cands[c.cands[0]:c.cands[1]]...)
		for _, sp := range c.from.span[c.cur[0]:c.cur[1]] {
			s.span = append(s.span, [2]int{sp[0] + shift, sp[1] + shift})
		}
		s.cur = append(s.cur, c.from.cur[c.cur[0]:c.cur[1]]...)
	}
}

// bodyShare poses the bodies lo..hi−1 (one chunk) that convex pairs need and detects their
// plane manifolds into the list of goroutine g.
func (d *detector) bodyShare(s *contactState, w *World, g, lo, hi int) {
	bs := &d.bodies
	list := bs.lists[g]
	r := chunkResult{from: list, cur: [2]int{len(list.cur), len(list.cur)}, cands: [2]int{len(list.cands), len(list.cands)}}
	for i := lo; i < hi; i++ {
		v := &bs.views[i]
		*v = s.body(w, i)
		if bs.pose[i] {
			v.Posed(d.detections)
		}
		if bs.planes {
			d.detectPlanes(s, w, list, i, v)
		}
	}
	r.cur[1], r.cands[1] = len(list.cur), len(list.cands)
	bs.chunks[lo/bodyChunk] = r
}

// detectPlanes appends body i's manifolds against the planes to into, if it is awake; v is
// the body as the narrow phase reads it.
func (d *detector) detectPlanes(s *contactState, w *World, into *detected, i int, v *collide.Body) {
	b, hull := v.Body, v.Shape
	if b.Fixed || len(hull.Corners) == 0 || !w.awake(i) {
		return
	}
	// A corner can travel at most this far toward a plane within the step.
	reach := float64(w.Dt * (rounded.Len(b.V) + float64(rounded.Len(b.Omega)*hull.Radius)))
	for k := range w.Planes {
		lo := len(into.cands)
		if into.cands = s.gatherPlane(w, into.cands, v, k, w.SpeculativeMargin+reach); lo < len(into.cands) {
			into.addPlaneManifold(s, w, i, k, lo)
		}
	}
}
