package contact

import (
	"cmp"
	"math"
	"slices"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/collide"
)

// The non-convex part of the reach guard (reachguard.go). A non-convex pair's manifolds
// hold at most four points per patch, chosen by how deep the samples would go with the
// velocities before the solve. The solve changes the motion: a ring pushed down by one
// landing on it, or turned by its kept points, can drive another sample deeper than any
// kept point, or bring a pair into reach that detection left out. After each solve the
// guard re-checks every sample of the step's non-convex pairs with the solved motion (within
// the solved reach, sampling again when it grew), swaps the deepest into the patch whose
// normal is closest, and detects the pairs of a grown body that only come within reach now.

// nonConvexGuardDepth (m) is how deep past contact a sample outside the manifolds must be
// going, with the solved motion, for the guard to swap it in. Above PenetrationSlop: the
// field's interpolation puts samples of a resting patch up to about a millimetre off its
// kept points' plane, and swapping those in at rest would make the manifolds flicker.
const nonConvexGuardDepth = 2e-3

// ncGuardState holds this step's non-convex samples: every candidate each pair's detection
// found within its margin, before the ones out of reach were dropped.
type ncGuardState struct {
	at      int // the detection (detector.detections) the records belong to
	samples []collide.Sample
	pairs   []ncSampled
	// The last detection's samples and records, the records sorted by pair: a pair whose
	// manifolds are recycled keeps its samples too (recycleNonConvex).
	lastSamples []collide.Sample
	lastPairs   []ncSampled
	manifolds   []collide.PairIndex // the step's body-pair manifolds by pair (collide.IndexPairs)
	picks       []ncPick            // per manifold of the pair being guarded, and one for a new patch
	// again holds per record its solved reach and whether resample sampled the pair again,
	// and where: in the store of the goroutine that did (stores).
	again  []ncAgain
	stores [][]collide.Sample
}

// ncAgain is a pair's solved reach (collide.PairReach) and, when done, where its samples
// taken again within margin are: stores[g][lo:hi].
type ncAgain struct {
	g, lo, hi     int32
	reach, margin float64
	done          bool
}

// ncSampled is a pair's samples in ncGuardState.samples and the margin they were taken
// within (m).
type ncSampled struct {
	pair   Pair
	lo, hi int
	margin float64
}

// ncPick is the deepest sample the guard found for a patch: its index and solved depth.
type ncPick struct {
	k     int
	reach float64
}

// begin starts the records of detection number detection, keeping the last detection's
// (sorted by pair) for recycling.
func (g *ncGuardState) begin(detection int) {
	g.lastSamples, g.samples = g.samples, g.lastSamples[:0]
	g.lastPairs, g.pairs = g.pairs, g.lastPairs[:0]
	if g.at != detection-1 { // no records of the detection before this one
		g.lastSamples, g.lastPairs = g.lastSamples[:0], g.lastPairs[:0]
	}
	slices.SortFunc(g.lastPairs, func(x, y ncSampled) int {
		return cmp.Or(cmp.Compare(x.pair.A, y.pair.A), cmp.Compare(x.pair.B, y.pair.B))
	})
	g.at = detection
}

// last returns pair's samples at the last detection and the margin they were taken within,
// and whether it had any record.
func (g *ncGuardState) last(pair Pair) ([]collide.Sample, float64, bool) {
	k, ok := slices.BinarySearchFunc(g.lastPairs, pair, func(x ncSampled, p Pair) int {
		return cmp.Or(cmp.Compare(x.pair.A, p.A), cmp.Compare(x.pair.B, p.B))
	})
	if !ok {
		return nil, 0, false
	}
	r := g.lastPairs[k]
	return g.lastSamples[r.lo:r.hi], r.margin, true
}

// forget drops the records, so that the next detection recycles no non-convex pair.
func (g *ncGuardState) forget() { g.samples, g.pairs = g.samples[:0], g.pairs[:0] }

// keep records the samples cands of pair, taken within margin by this step's detection
// (begin started its records).
func (g *ncGuardState) keep(pair Pair, margin float64, cands []collide.Sample) {
	lo := len(g.samples)
	g.samples = append(g.samples, cands...)
	g.pairs = append(g.pairs, ncSampled{pair, lo, len(g.samples), margin})
}

// nonConvex detects the late pairs, then re-checks every non-convex pair's samples with
// the solved motion. It reports whether it changed a manifold or added one.
func (g *guards) nonConvex(s *contactState, w *World) bool {
	nc := &g.nc
	changed := g.latePairs(s, w)
	if len(nc.pairs) == 0 {
		return changed
	}
	nc.manifolds = collide.IndexPairs(nc.manifolds, s.cur)
	nc.resample(s, w)
	for r := range nc.pairs {
		changed = nc.guardPair(s, w, r) || changed
	}
	return changed
}

// latePairs detects the pairs of a grown body and a body either of which is not convex that
// come within reach with the solved velocities but were not within it before (their boxes
// did not overlap), and adds their manifolds. It reports whether it added any.
func (g *guards) latePairs(s *contactState, w *World) bool {
	added := false
	for _, i := range g.grown {
		partners := g.solid
		if s.hulls[i].Convex {
			partners = g.concave
		}
		for _, j := range partners {
			j := int(j)
			a, b := min(int(i), j), max(int(i), j)
			if j == int(i) || !g.lateCandidate(s, int(i), j) {
				continue
			}
			m, prev := s.pairManifold(w, a, b)
			if !s.detector.collide(s, w, a, b, prev, &m) || m.N == 0 {
				continue
			}
			if prev != nil {
				collide.WarmStart(&m, prev)
			}
			s.span = append(s.span, [2]int{len(s.cands), len(s.cands)})
			s.cur = append(s.cur, m)
			added = true
		}
	}
	return added
}

// lateCandidate reports whether grown body i and body j make a late non-convex pair: one is
// not convex, their solved boxes overlap, their boxes at detection did not, and no earlier
// guard round of the step has detected them (a pair of two grown bodies is taken from the
// lower one).
func (g *guards) lateCandidate(s *contactState, i, j int) bool {
	hi, hj := s.hulls[i], s.hulls[j]
	if !hj.Solid() || !hi.Solid() || hi.Convex && hj.Convex {
		return false
	}
	bj := s.detector.broad.Boxes[j]
	if _, grown := slices.BinarySearch(g.grown, int32(j)); grown {
		if j < i {
			return false
		}
		bj = g.box[j]
	}
	if !g.box[i].Overlaps(bj) || s.detector.broad.Boxes[i].Overlaps(s.detector.broad.Boxes[j]) {
		return false
	}
	pair := Pair{A: int32(min(i, j)), B: int32(max(i, j))}
	for _, r := range g.nc.pairs {
		if r.pair == pair {
			return false
		}
	}
	return true
}

// resample samples again every pair whose solved reach exceeds the margin it was sampled
// within (a sample left out lay at least that far away: it ends deeper than
// nonConvexGuardDepth only if the solved reach exceeds the margin by as much), on all
// goroutines, each into its own store; guardPair takes the samples in pair order.
func (g *ncGuardState) resample(s *contactState, w *World) {
	g.again = resize(g.again, len(g.pairs))
	g.stores = resize(g.stores, w.narrowWorkers())
	for i := range g.stores {
		g.stores[i] = g.stores[i][:0]
	}
	s.share(w, len(g.pairs), pairBatch, parallelMinPairs, resamplePairs)
}

// resamplePairs is resample for records lo..hi−1, on goroutine gi with its scratch.
func resamplePairs(s *contactState, w *World, gi, lo, hi int) {
	g, d := &s.guards.nc, &s.detector
	for r := lo; r < hi; r++ {
		rec := &g.pairs[r]
		va, vb := s.body(w, int(rec.pair.A)), s.body(w, int(rec.pair.B))
		reach := collide.PairReach(&va, &vb, w.Dt)
		g.again[r] = ncAgain{reach: reach}
		if reach > rec.margin+nonConvexGuardDepth {
			margin := w.SpeculativeMargin + reach
			lo := len(g.stores[gi])
			g.stores[gi] = append(g.stores[gi], d.narrow.nc[gi].scratch.Sample(&d.nc.NonConvex, &va, &vb, margin, w.Dt)...)
			g.again[r] = ncAgain{g: int32(gi), lo: int32(lo), hi: int32(len(g.stores[gi])), reach: reach, margin: margin, done: true}
		}
	}
}

// guardPair re-checks record r's samples with the solved motion, with the samples taken
// again (resample) when its solved reach exceeds the margin it was sampled within. The
// deepest sample past nonConvexGuardDepth that is no point of the pair's manifolds goes
// into the manifold whose normal is closest to its own, in place of the point with the
// smallest normal impulse; one whose normal is far from every manifold's starts a new one
// while the pair has fewer than collide.MaxNonConvexManifolds. It reports whether a
// manifold changed or was added.
func (g *ncGuardState) guardPair(s *contactState, w *World, r int) bool {
	rec := g.pairs[r]
	a, b := int(rec.pair.A), int(rec.pair.B)
	ba, bb := w.Bodies[a], w.Bodies[b]
	again := &g.again[r]
	reach := again.reach
	if again.done {
		lo := len(g.samples)
		g.samples = append(g.samples, g.stores[again.g][again.lo:again.hi]...)
		rec = ncSampled{rec.pair, lo, len(g.samples), again.margin}
		g.pairs[r] = rec
	}
	ms := collide.OfPair(g.manifolds, rec.pair)
	g.picks = g.picks[:0]
	for range len(ms) + 1 {
		g.picks = append(g.picks, ncPick{-1, nonConvexGuardDepth})
	}
	mo := collide.Motion{A: ba, B: bb, TurnA: s.turns[a], TurnB: s.turns[b], H: w.Dt}
	for k := rec.lo; k < rec.hi; k++ {
		c := &g.samples[k]
		// The rotations' dip is at most the arc's travel for turns below 2 rad a step.
		if c.Depth+float64(2*reach) <= nonConvexGuardDepth || pairHas(s.cur, ms, c.ID) {
			continue
		}
		reach, _ := mo.Reach(c.N, &c.Candidate)
		if t := &g.picks[patchOf(s.cur, ms, c)]; reach > t.reach {
			t.k, t.reach = k, reach
		}
	}
	changed := false
	for t, p := range g.picks {
		if p.k < 0 {
			continue
		}
		c := g.samples[p.k]
		changed = true
		if t < len(ms) {
			m := &s.cur[ms[t].I]
			c.Reach, c.Dip = mo.Reach(m.Normal, &c.Candidate)
			m.Points[replaceable(m)] = c.Point()
			continue
		}
		m, _ := s.pairManifold(w, a, b)
		m.Normal = c.N
		c.Reach, c.Dip = mo.Reach(m.Normal, &c.Candidate)
		collide.AddPoint(&m, c.Candidate)
		s.span = append(s.span, [2]int{len(s.cands), len(s.cands)})
		s.cur = append(s.cur, m)
	}
	return changed
}

// pairHas reports whether a manifold of ms (indices into cur) has a point with the given id.
func pairHas(cur []Manifold, ms []collide.PairIndex, id uint32) bool {
	for _, pi := range ms {
		if collide.Has(&cur[pi.I], id) {
			return true
		}
	}
	return false
}

// patchOf returns the index in ms (indices into cur) of the manifold whose normal is closest
// to sample c's, or len(ms) (a new patch) when none is within the clustering angle and the
// pair has room.
func patchOf(cur []Manifold, ms []collide.PairIndex, c *collide.Sample) int {
	best, bi := math.Inf(-1), len(ms)
	for t, pi := range ms {
		if d := rounded.Dot(cur[pi.I].Normal, c.N); d > best {
			best, bi = d, t
		}
	}
	if best < collide.ClusterCos && len(ms) < collide.MaxNonConvexManifolds {
		return len(ms)
	}
	return bi
}

// replaceable returns the slot of m a swapped-in point takes: a free one, else the point
// with the smallest normal impulse. A free slot is taken (m.N grows).
func replaceable(m *Manifold) int {
	if m.N < MaxManifoldPoints {
		m.N++
		return m.N - 1
	}
	j := 0
	for q := range m.N {
		if m.Points[q].NormalImpulse < m.Points[j].NormalImpulse {
			j = q
		}
	}
	return j
}
