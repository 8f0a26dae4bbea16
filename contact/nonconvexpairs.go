package contact

import "github.com/tumble-physics/tumble/contact/collide"

// nonConvexState is a World's non-convex contact: its meshes' shapes, and last step's
// body-pair manifolds indexed by pair.
type nonConvexState struct {
	collide.NonConvex
	// prevOf indexes last step's body-pair manifolds by pair (sorted), built once per step
	// (at step indexed − 1): a non-convex pair may have several, not next to each other.
	prevOf  []collide.PairIndex
	indexed int
}

// ncWork is one goroutine's non-convex pairs in a detection: its scratch, and for each pair
// it detected the samples the guard keeps and the further manifolds, which handOnNonConvex
// passes on in pair order.
type ncWork struct {
	scratch collide.NonConvexScratch
	runs    []ncRun
	samples []collide.Sample
	extra   []Manifold
}

// ncRun is where one pair's results are in its goroutine's ncWork.
type ncRun struct {
	samples, extra [2]int32
	margin         float64
}

// prevOfPair returns the indices in s.prev of last step's manifolds of pair, in order.
func (d *detector) prevOfPair(s *contactState, w *World, pair Pair) []collide.PairIndex {
	d.indexPrev(s, w)
	return collide.OfPair(d.nc.prevOf, pair)
}

// indexPrev indexes last step's manifolds by pair, once per step.
func (d *detector) indexPrev(s *contactState, w *World) {
	if nc := &d.nc; nc.indexed != w.Steps+1 {
		nc.indexed = w.Steps + 1
		nc.prevOf = collide.IndexPairs(nc.prevOf, s.prev)
	}
}

// readyNonConvex readies, before the narrow phase shares its pairs out, what detecting a
// non-convex pair writes when it first meets it: both bodies' shapes and last step's index
// by pair. The goroutines then only read them.
func (d *detector) readyNonConvex(s *contactState, w *World) {
	for k := range d.pairs {
		pr := d.pairs[k]
		ha, hb := s.hulls[pr[0]], s.hulls[pr[1]]
		if ha.Solid() && hb.Solid() && !(ha.Convex && hb.Convex) {
			d.nc.Ready(&d.bodies.views[pr[0]])
			d.nc.Ready(&d.bodies.views[pr[1]])
			d.indexPrev(s, w)
		}
	}
}

// nonConvexWork readies each goroutine's store of non-convex results for a detection.
func (np *narrowPhase) nonConvexWork(workers int) {
	np.nc = resize(np.nc, workers)
	for g := range np.nc {
		wk := &np.nc[g]
		wk.runs, wk.samples, wk.extra = wk.runs[:0], wk.samples[:0], wk.extra[:0]
	}
}

// collideNonConvexOn finds the contact between bodies a and b (a < b), either of which is not
// convex, on goroutine g (collide.NonConvexScratch.Collide), unless it can recycle the
// pair's last manifolds (recycleNonConvex) or their hulls are too far apart for a sample
// (collide.NonConvex.HullsApart): the deepest patch fills m, and the pair's samples and
// further manifolds wait in g's store. It returns whether the bodies touch and the run's
// number in the store, plus one.
func (d *detector) collideNonConvexOn(s *contactState, w *World, g, a, b int, m *Manifold) (bool, int32) {
	wk := &d.narrow.nc[g]
	va, vb := &d.bodies.views[a], &d.bodies.views[b]
	run := ncRun{}
	run.samples[0], run.extra[0] = int32(len(wk.samples)), int32(len(wk.extra))
	ok := d.recycleNonConvex(s, w, g, va, vb, m, &run.margin)
	st := s.step(w)
	if !ok && d.nc.HullsApart(va, vb, &st) { // Collide would find no sample: none kept
		run.margin = collide.PairMargin(va, vb, &st)
	} else if !ok {
		nc := &wk.scratch
		ok = nc.Collide(&d.nc.NonConvex, va, vb, &st, s.prev, collide.OfPair(d.nc.prevOf, m.Pair), m)
		run.margin = nc.Margin
		wk.samples, wk.extra = append(wk.samples, nc.Samples...), append(wk.extra, nc.Extra...)
		anchor(m, wk.extra[run.extra[0]:], va, vb)
	}
	run.samples[1], run.extra[1] = int32(len(wk.samples)), int32(len(wk.extra))
	wk.runs = append(wk.runs, run)
	return ok, int32(len(wk.runs))
}

// anchor records in m and extra, a non-convex pair's manifolds just detected, the pose of
// its bodies va and vb, for recycling.
func anchor(m *Manifold, extra []Manifold, va, vb *collide.Body) {
	collide.Anchor(m, va.Body, vb.Body)
	for k := range extra {
		collide.Anchor(&extra[k], va.Body, vb.Body)
	}
}

// recycleNonConvex keeps, on goroutine g, the last manifolds of the non-convex pair of va
// and vb when the bodies have barely moved relative to each other since their detection
// (collide.Recycle, as a convex pair's): the last of them (the deepest patch at detection)
// into m, the others and the pair's samples, where their anchors stand now, into g's
// store, with the margin the samples were taken within. It reports whether it did: not
// when the pair's manifolds come from different detections or its samples are not known
// (the pair was asleep, or a body was removed).
func (d *detector) recycleNonConvex(s *contactState, w *World, g int, va, vb *collide.Body, m *Manifold, margin *float64) bool {
	ofPair := collide.OfPair(d.nc.prevOf, m.Pair)
	if len(ofPair) == 0 {
		return false
	}
	main := &s.prev[ofPair[len(ofPair)-1].I]
	for _, pi := range ofPair {
		if !collide.SameDetection(&s.prev[pi.I], main) {
			return false
		}
	}
	samples, mg, ok := s.guards.nc.last(m.Pair)
	if !ok || !collide.Recycle(m, main, va, vb, recycleDistance) {
		return false
	}
	wk := &d.narrow.nc[g]
	np := &d.narrow
	w.dips(m)
	for _, pi := range ofPair[:len(ofPair)-1] {
		x := s.prev[pi.I]
		collide.Refresh(&x, va.Body, vb.Body)
		w.dips(&x)
		wk.extra = append(wk.extra, x)
	}
	wk.samples = collide.RefreshSamples(wk.samples, samples, va.Body, vb.Body)
	*margin = mg
	np.recycled[g].Count += len(ofPair)
	return true
}

// handOnNonConvex passes on the results of pair slot k, if a non-convex detection ran for
// it: its samples to the guard and its further manifolds to s.cur (and s.span). The
// detection calls it in pair order, so that s.cur is the same for any number of goroutines.
func (d *detector) handOnNonConvex(s *contactState, k int) {
	sl := &d.narrow.slots[k]
	if sl.nc == 0 {
		return
	}
	wk := &d.narrow.nc[sl.g]
	run := &wk.runs[sl.nc-1]
	pr := d.pairs[k]
	s.guards.nc.keep(Pair{A: pr[0], B: pr[1]}, run.margin, wk.samples[run.samples[0]:run.samples[1]])
	d.appendExtra(s, wk.extra[run.extra[0]:run.extra[1]])
}

// appendExtra appends a non-convex pair's further manifolds to s.cur, without spare
// candidates.
func (d *detector) appendExtra(s *contactState, extra []Manifold) {
	for _, x := range extra {
		s.span = append(s.span, [2]int{len(s.cands), len(s.cands)})
		s.cur = append(s.cur, x)
	}
}

// collideNonConvex is collideNonConvexOn for a pair detected after the narrow phase, on the
// stepping goroutine (the guard's late pairs): the samples and further manifolds are passed
// on at once.
func (d *detector) collideNonConvex(s *contactState, w *World, a, b int, m *Manifold) bool {
	nc := &d.narrow.nc[0].scratch
	va, vb, st := s.body(w, a), s.body(w, b), s.step(w)
	ok := nc.Collide(&d.nc.NonConvex, &va, &vb, &st, s.prev, d.prevOfPair(s, w, m.Pair), m)
	anchor(m, nc.Extra, &va, &vb)
	s.guards.nc.keep(m.Pair, nc.Margin, nc.Samples)
	d.appendExtra(s, nc.Extra)
	return ok
}
