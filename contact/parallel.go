package contact

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// narrowWorkers is how many goroutines detect the convex body pairs of a step: World.Workers,
// or every core the Go runtime may use (two on the project's machine). Each pair's manifold
// goes to its own slot and the slots are merged in pair order afterwards, so the result is
// bit for bit the serial one whatever the number of workers or the order they finish in.
func (w *World) narrowWorkers() int {
	if w.Workers > 0 {
		return w.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Tunables of the parallel narrow phase.
const (
	// parallelMinPairs is the fewest pairs worth handing to other goroutines: starting and
	// joining them costs a few microseconds, a convex pair about one.
	parallelMinPairs = 64
	// pairBatch is how many pairs a worker takes at a time from the shared counter: small
	// enough to balance the load, large enough that the counter is not contended.
	pairBatch = 32
)

// pairSlot is the narrow phase's result for one broad-phase pair.
type pairSlot struct {
	m  Manifold // the pair's manifold when ok; left as it was when the pair is apart
	ok bool     // the pair touches or may touch within the step (m has points)
}

// narrowPhase holds the per-pair slots and the workers' scratch.
type narrowPhase struct {
	slots   []pairSlot
	workers []*contactState // scratch for collide, one per extra worker
	// shares holds per extra worker the function its goroutine runs, made once: a go
	// statement with arguments, or WaitGroup.Go, allocates a closure every step. world is
	// the World they detect in, set while they run.
	shares []func()
	world  *World
	// axes holds per pair the axis that separates it (coherence.go): on entry the one
	// remembered from the last detection, on exit this one's; lastPairs and lastAxes are
	// the last detection's pairs and axes.
	axes, lastAxes []sepAxis
	lastPairs      [][2]int32
	next           atomic.Int64
	wg             sync.WaitGroup // here, not on the stack: a WaitGroup that goroutines share escapes
}

// collidePairs runs collide on every pair of s.pairs into s.narrow.slots[k]. Pairs of two
// convex bodies are shared out among w.narrowWorkers() goroutines, each with scratch of its own
// (collide reads the world, the hulls, their poses, which detectBodies made, and last
// step's manifolds, and writes only its scratch and its slot); any other pair is detected
// here, serially, since its detector may keep caches in s.
func (s *contactState) collidePairs(w *World) {
	np := &s.narrow
	n := len(s.pairs)
	np.slots = resize(np.slots, n)
	s.recallAxes()
	workers := min(w.narrowWorkers(), max(1, n/parallelMinPairs))
	for len(np.workers) < workers-1 {
		ws := &contactState{}
		np.workers = append(np.workers, ws)
		np.shares = append(np.shares, func() {
			defer np.wg.Done()
			s.collideShare(np.world, ws, true)
		})
	}
	np.next.Store(0)
	np.world = w
	for i, ws := range np.workers[:workers-1] {
		ws.hulls, ws.posed, ws.detections = s.hulls, s.posed, s.detections
		np.wg.Add(1)
		go np.shares[i]()
	}
	s.collideShare(w, s, true)
	np.wg.Wait()
	np.world = nil
	for k := range np.slots { // the rest
		if !s.convexPair(k) {
			s.collideSlot(w, s, k)
		}
	}
	s.keepAxes()
}

// collideShare takes batches of pairs from the shared counter until none are left and
// detects those whose convexity matches convex, with scratch of ws.
func (s *contactState) collideShare(w *World, ws *contactState, convex bool) {
	np := &s.narrow
	n := int64(len(np.slots))
	for {
		lo := np.next.Add(pairBatch) - pairBatch
		if lo >= n {
			return
		}
		for k := lo; k < min(lo+pairBatch, n); k++ {
			if s.convexPair(int(k)) == convex {
				s.collideSlot(w, ws, int(k))
			}
		}
	}
}

// convexPair reports whether both bodies of pair k are convex.
func (s *contactState) convexPair(k int) bool {
	pr := s.pairs[k]
	return s.hulls[pr[0]].convex && s.hulls[pr[1]].convex
}

// collideSlot detects pair k into its slot with the scratch of ws.
func (s *contactState) collideSlot(w *World, ws *contactState, k int) {
	pr := s.pairs[k]
	a, b := int(pr[0]), int(pr[1])
	sl := &s.narrow.slots[k]
	x := &s.narrow.axes[k]
	if ws.stillApart(w, a, b, x) { // settled by one axis (coherence.go)
		sl.ok = false
		return
	}
	var prev *Manifold
	sl.m, prev = s.pairManifold(w, a, b)
	sl.ok = ws.collideRemembering(w, a, b, prev, &sl.m, x) && sl.m.N > 0
	if sl.ok && prev != nil && !prev.impact {
		sl.m.warmStart(prev)
	}
}

// pairManifold returns an empty manifold of bodies a < b with their mixed materials, and the
// pair's manifold of the last step (nil if none).
func (s *contactState) pairManifold(w *World, a, b int) (Manifold, *Manifold) {
	ma, mb := w.material(a), w.material(b)
	m := Manifold{Pair: Pair{A: int32(a), B: int32(b)},
		Friction:    MixFriction(ma.Friction, mb.Friction),
		Restitution: MixRestitution(ma.Restitution, mb.Restitution)}
	if j, ok := s.prevAt[m.Pair]; ok {
		return m, &s.prev[j]
	}
	return m, nil
}
