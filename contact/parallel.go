package contact

import (
	"github.com/tumble-physics/tumble/contact/collide"
	"github.com/tumble-physics/tumble/contact/internal/work"
)

// Tunables of the parallel narrow phase.
const (
	// recycleDistance (m) is how far two convex bodies may have moved relative to each
	// other since their manifold was detected for it to be kept (collide.Recycle): the
	// points of a resting pair stay put, to the warm start's gain, while a pair that moves
	// by this much gets its features found again. A tenth of SpeculativeMargin's default:
	// a kept point misses no new contact by more than that.
	recycleDistance = 2e-3
	// parallelMinPairs is the fewest pairs per goroutine worth handing to other goroutines:
	// starting and joining them costs a few microseconds, a convex pair about one.
	parallelMinPairs = 64
	// pairBatch is how many pairs a worker takes at a time from the shared counter: small
	// enough to balance the load, large enough that the counter is not contended.
	pairBatch = 32
	// slotChunk is how many pair slots a goroutine takes at a time in a per-pair stage
	// other than the narrow phase's (copying them to s.cur).
	slotChunk = 256
)

// pairSlot is the narrow phase's result for one broad-phase pair: a few bytes whether the
// pair touches or not. The manifold of a pair that touches waits in the store of the
// goroutine that found it (narrowPhase.found) until gatherSlots copies it to s.cur.
type pairSlot struct {
	at   int    // when ok, the manifold's index in s.cur (gatherSlots)
	kept int32  // when ok, its index in found[g]
	nc   int32  // for a non-convex pair detected, its run in nc[g] plus one; 0 otherwise
	g    uint16 // the goroutine that detected it
	ok   bool   // the pair touches or may touch within the step
}

// narrowPhase holds the per-pair slots, the manifolds found and the goroutines' scratch.
type narrowPhase struct {
	slots []pairSlot
	found [][]Manifold // per goroutine: the manifolds of the pairs it found touching
	// recycled counts per goroutine the manifolds it recycled (collide.Recycle).
	recycled []work.Part
	own      collide.Scratch    // the stepping goroutine's scratch for convex pairs
	workers  []*collide.Scratch // the same, one per extra goroutine
	nc       []ncWork           // per goroutine: its scratch and results for non-convex pairs
	// axes holds per pair the axis that separates it (collide.Axis): on entry the one
	// remembered from the last detection (detector.lastAxes), on exit this one's.
	axes []collide.Axis
	end  int // the end of the narrow phase's manifolds in s.cur (gatherSlots)
	lo   int // the first pair of the window being detected (collidePairs)
}

// collidePairs runs collide on every pair of d.pairs into d.narrow.slots[k], in windows of
// pairs taken in pair order until the contact budget is reached (budget.go): the pairs
// after the one that reaches it are dropped from d.pairs, and never detected. A window's
// pairs are shared out (share), each goroutine with scratch of its own (the narrow phase
// reads the bodies, their shapes and poses, which detectBodies and readyNonConvex made, and
// last step's manifolds, and writes only its scratch, its store and its slot); then, in
// pair order, the non-convex pairs' further manifolds go to s.cur and their samples to the
// guard.
func (d *detector) collidePairs(s *contactState, w *World) {
	np := &d.narrow
	n := len(d.pairs)
	np.slots = resize(np.slots, n)
	np.found = resize(np.found, w.narrowWorkers())
	for g := range np.found {
		np.found[g] = np.found[g][:0]
	}
	np.recycled = resize(np.recycled, w.narrowWorkers())
	clear(np.recycled)
	np.nonConvexWork(w.narrowWorkers())
	s.guards.nc.begin(d.detections)
	d.recallAxes()
	d.scratchFor(s, w)
	d.readyNonConvex(s, w)
	limit, planes, touching := w.contactBudget(), len(s.cur), 0
	contacts := func() int { return len(s.cur) - planes + touching }
	for lo := 0; lo < n; {
		hi := min(n, lo+max(limit-contacts(), budgetWindow))
		np.lo = lo
		s.share(w, hi-lo, pairBatch, parallelMinPairs, func(s *contactState, w *World, g, lo, hi int) {
			s.detector.collidePairsOn(s, w, g, lo, hi)
		})
		for k := lo; k < hi; k++ {
			d.handOnNonConvex(s, k)
			if np.slots[k].ok {
				touching++
			}
			if contacts() >= limit && k+1 < n {
				d.dropPairs(s, w, k+1, limit)
				n, hi = k+1, k+1
				break
			}
		}
		lo = hi
	}
	d.keepAxes()
}

// gatherSlots appends the manifolds of the pairs that touch to s.cur, in pair order, without
// spare candidates: their places are counted first, then chunks of slots are copied there
// on the work pool.
func (d *detector) gatherSlots(s *contactState, w *World) {
	np := &d.narrow
	n := len(s.cur)
	for k := range np.slots {
		if sl := &np.slots[k]; sl.ok {
			sl.at, n = n, n+1
		}
	}
	s.cur, s.span, np.end = resized(s.cur, n), resized(s.span, n), n
	s.share(w, len(np.slots), slotChunk, minLight, func(s *contactState, w *World, g, lo, hi int) {
		s.detector.gatherSlotsOf(s, w, g, lo, hi)
	})
}

// gatherSlotsOf copies the manifolds of slots lo..hi−1 to their places in s.cur.
func (d *detector) gatherSlotsOf(s *contactState, _ *World, _, lo, hi int) {
	np := &d.narrow
	for k := lo; k < hi; k++ {
		if sl := &np.slots[k]; sl.ok {
			s.cur[sl.at] = np.found[sl.g][sl.kept]
			s.span[sl.at] = [2]int{len(s.cands), len(s.cands)}
		}
	}
}

// scratchFor readies the extra goroutines' scratch for a detection: one per extra
// goroutine.
func (d *detector) scratchFor(s *contactState, w *World) {
	np := &d.narrow
	for len(np.workers) < w.narrowWorkers()-1 {
		np.workers = append(np.workers, &collide.Scratch{})
	}
}

// scratch returns the scratch of goroutine g for the narrow phase.
func (d *detector) scratch(g int) *collide.Scratch {
	if g == 0 {
		return &d.narrow.own
	}
	return d.narrow.workers[g-1]
}

// collidePairsOn detects the pairs lo..hi−1 of the window (pairs np.lo+lo… of d.pairs) on
// goroutine g.
func (d *detector) collidePairsOn(s *contactState, w *World, g, lo, hi int) {
	for k := d.narrow.lo + lo; k < d.narrow.lo+hi; k++ {
		d.collideSlot(s, w, d.scratch(g), g, k)
	}
}

// collideSlot detects pair k into its slot, and its manifold into the store of goroutine g,
// with the scratch ws (and g's non-convex scratch).
func (d *detector) collideSlot(s *contactState, w *World, ws *collide.Scratch, g, k int) {
	pr := d.pairs[k]
	a, b := int(pr[0]), int(pr[1])
	np := &d.narrow
	sl := &np.slots[k]
	x := &np.axes[k]
	*sl = pairSlot{}
	va, vb, st := &d.bodies.views[a], &d.bodies.views[b], s.step(w)
	if collide.StillApart(va, vb, &st, x) { // settled by one axis
		return
	}
	found := append(np.found[g], Manifold{})
	m := &found[len(found)-1]
	var prev *Manifold
	*m, prev = s.pairManifold(w, a, b)
	var ok bool
	var nc int32
	switch {
	case !va.Shape.Solid() || !vb.Shape.Solid():
	case va.Shape.Convex && vb.Shape.Convex:
		if prev != nil && collide.Recycle(m, prev, va, vb, recycleDistance) {
			w.dips(m)
			np.found[g] = found
			np.recycled[g].Count++
			*sl = pairSlot{kept: int32(len(found) - 1), g: uint16(g), ok: true}
			return
		}
		if ok = ws.Remembering(va, vb, &st, prev, m, x); ok { // with x, which it updates
			collide.Anchor(m, va.Body, vb.Body)
		}
	default:
		ok, nc = d.collideNonConvexOn(s, w, g, a, b, m)
	}
	if !ok || m.N == 0 {
		np.found[g] = found[:len(found)-1]
		*sl = pairSlot{nc: nc, g: uint16(g)}
		return
	}
	if prev != nil {
		collide.WarmStart(m, prev)
	}
	np.found[g] = found
	*sl = pairSlot{kept: int32(len(found) - 1), nc: nc, g: uint16(g), ok: true}
}

// dips sets the dips of the step's turns of m's points (a recycled manifold's).
func (w *World) dips(m *Manifold) {
	for j := range m.N {
		_, m.Points[j].Dip = w.pointReach(m, &m.Points[j])
	}
}

// pairManifold returns an empty manifold of bodies a < b with their mixed materials, and
// the pair's manifold of the last step (nil if none), which warm starts this one's.
func (s *contactState) pairManifold(w *World, a, b int) (Manifold, *Manifold) {
	ma, mb := w.material(a), w.material(b)
	m := Manifold{Pair: Pair{A: int32(a), B: int32(b)},
		Friction:    MixFriction(ma.Friction, mb.Friction),
		Restitution: MixRestitution(ma.Restitution, mb.Restitution),
		Rolling:     MixRolling(ma.RollingResistance, mb.RollingResistance) * min(s.hulls[a].Radius, s.hulls[b].Radius)}
	return m, s.last(m.Pair)
}

// last returns pair's manifold of the last step, or nil if it had none.
func (s *contactState) last(pair Pair) *Manifold {
	if j, ok := s.prevAt[pair]; ok {
		return &s.prev[j]
	}
	return nil
}

// recallAxes sets np.axes[k] to the axis remembered for d.pairs[k] from the last
// detection, or none. Both lists of pairs are sorted by (A, B): one merge walk.
func (d *detector) recallAxes() {
	np := &d.narrow
	np.axes = resize(np.axes, len(d.pairs))
	j := 0
	for k, pr := range d.pairs {
		for j < len(d.lastPairs) && pairBefore(d.lastPairs[j], pr) {
			j++
		}
		np.axes[k] = collide.Axis{}
		if j < len(d.lastPairs) && d.lastPairs[j] == pr {
			np.axes[k] = d.lastAxes[j]
		}
	}
}

// keepAxes remembers this detection's pairs and axes for the next one.
func (d *detector) keepAxes() {
	np := &d.narrow
	d.lastPairs = append(d.lastPairs[:0], d.pairs...)
	d.lastAxes, np.axes = np.axes, d.lastAxes
}

// pairBefore reports whether pair p sorts before q, by A then B.
func pairBefore(p, q [2]int32) bool {
	return p[0] < q[0] || p[0] == q[0] && p[1] < q[1]
}
