package contact

// The per-body stage of a detection: every awake body's manifolds against the planes, and
// the pose of every body a convex pair needs (posedFor), shared out among the narrow
// phase's goroutines in chunks of bodies. Each chunk's plane manifolds go to the scratch of
// the goroutine that took it and are appended to s.cur, s.cands and s.span in chunk order
// afterwards, so they are bit for bit those of the serial loop over the bodies whatever
// the number of workers; each body is posed by the one goroutine that takes its chunk.

// bodyChunk is how many bodies a goroutine takes at a time in the per-body stage.
const bodyChunk = 64

// bodyStage holds the per-body stage's state.
type bodyStage struct {
	planes bool   // whether the stage detects the plane manifolds too
	pose   []bool // per body: a convex pair needs its pose
	chunks []chunkResult
	// scratch holds per goroutine (the calling one first) the contactState its chunks'
	// plane manifolds go to, shares per extra goroutine the function it runs, made once
	// (as narrowPhase.shares).
	scratch []*contactState
	shares  []func()
}

// chunkResult says where the plane manifolds of one chunk of bodies went: in scratch from,
// from.cur[cur[0]:cur[1]] with their from.span ranges into from.cands[cands[0]:cands[1]].
type chunkResult struct {
	from       *contactState
	cur, cands [2]int
}

// detectBodies poses every body of a convex pair of s.pairs and, when planes is set,
// appends every awake body's plane manifolds to s.cur (with s.cands and s.span), on
// w.narrowWorkers() goroutines.
func (s *contactState) detectBodies(w *World, planes bool) {
	bs, np := &s.bodies, &s.narrow
	n := len(w.Bodies)
	bs.pose = resize(bs.pose, n)
	clear(bs.pose)
	for k, pr := range s.pairs {
		if s.convexPair(k) {
			bs.pose[pr[0]], bs.pose[pr[1]] = true, true
		}
	}
	chunks := (n + bodyChunk - 1) / bodyChunk
	bs.chunks = resize(bs.chunks, chunks)
	bs.planes = planes
	workers := max(1, min(w.narrowWorkers(), chunks))
	for len(bs.scratch) < workers {
		ws := &contactState{}
		if len(bs.scratch) > 0 {
			bs.shares = append(bs.shares, func() {
				defer np.wg.Done()
				s.bodyShare(np.world, ws)
			})
		}
		bs.scratch = append(bs.scratch, ws)
	}
	for _, ws := range bs.scratch[:workers] {
		ws.hulls, ws.posed, ws.detections = s.hulls, s.posed, s.detections
		ws.turns, ws.prevAt, ws.prev, ws.normals = s.turns, s.prevAt, s.prev, s.normals
		ws.cur, ws.cands, ws.span = ws.cur[:0], ws.cands[:0], ws.span[:0]
	}
	np.next.Store(0)
	np.world = w
	for i := range workers - 1 {
		np.wg.Add(1)
		go bs.shares[i]()
	}
	s.bodyShare(w, bs.scratch[0])
	np.wg.Wait()
	np.world = nil
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

// bodyShare takes chunks of bodies from the shared counter until none are left, poses
// the bodies of convex pairs and detects the plane manifolds into ws.
func (s *contactState) bodyShare(w *World, ws *contactState) {
	bs, np := &s.bodies, &s.narrow
	for {
		c := int(np.next.Add(1) - 1)
		if c >= len(bs.chunks) {
			return
		}
		r := chunkResult{from: ws, cur: [2]int{len(ws.cur), len(ws.cur)}, cands: [2]int{len(ws.cands), len(ws.cands)}}
		for i := c * bodyChunk; i < min((c+1)*bodyChunk, len(w.Bodies)); i++ {
			if bs.pose[i] {
				ws.posedFor(w, i)
			}
			if bs.planes {
				ws.detectPlanes(w, i)
			}
		}
		r.cur[1], r.cands[1] = len(ws.cur), len(ws.cands)
		bs.chunks[c] = r
	}
}

// detectPlanes appends body i's manifolds against the planes to s.cur, if it is awake.
func (s *contactState) detectPlanes(w *World, i int) {
	b, hull := w.Bodies[i], s.hulls[i]
	if b.Fixed || len(hull.corners) == 0 || !w.awake(i) {
		return
	}
	// A corner can travel at most this far toward a plane within the step.
	reach := w.Dt * (b.V.Len() + b.Omega.Len()*hull.radius)
	for k := range w.Planes {
		if lo := s.gatherPlane(w, i, k, SpeculativeMargin+reach); lo < len(s.cands) {
			s.addPlaneManifold(w, i, k, lo)
		}
	}
}
