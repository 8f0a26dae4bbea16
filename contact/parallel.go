package contact

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// narrowWorkers is how many goroutines share a stage of the step (share): World.Workers,
// or every core the Go runtime may use (two on the project's machine). Each item of a stage
// writes only its own outputs (a pair's manifold its own slot, merged in pair order
// afterwards), so the result is bit for bit the serial one whatever the number of workers
// or the order they finish in.
func (w *World) narrowWorkers() int {
	if w.Workers > 0 {
		return w.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// Tunables of the parallel narrow phase.
const (
	// parallelMinPairs is the fewest pairs per goroutine worth handing to other goroutines: starting and
	// joining them costs a few microseconds, a convex pair about one.
	parallelMinPairs = 64
	// pairBatch is how many pairs a worker takes at a time from the shared counter: small
	// enough to balance the load, large enough that the counter is not contended.
	pairBatch = 32
	// helperSpin is how long an extra goroutine waits for the next stage before it ends.
	// Starting one anew took 130 µs on average on the project's machine (a virtual one,
	// whose idle processor must be woken), as long as many stages last, and 40% of them
	// came too late to help; waiting 200 µs brought that to 30 µs and 15%. Many stages
	// follow each other within a few microseconds; a longer wait spins through the serial
	// work between them, which on a shared machine takes the core from others (pile1000:
	// 200 µs cost 3.4 s of CPU over 600 steps).
	helperSpin = 50 * time.Microsecond
	// manifoldChunk is how many manifolds a goroutine takes at a time in a per-manifold
	// stage, and the fewest worth a goroutine: such stages spend about 0.1 µs on a manifold.
	manifoldChunk = 64
	// slotChunk is how many pair slots a goroutine copies at a time to s.cur, and the
	// fewest worth a goroutine (about two in five hold a manifold).
	slotChunk = 256
)

// stageTask is a stage's work on items lo..hi−1, done by goroutine g (0 is the stepping
// goroutine, 1… the extra ones): it writes only the items' own outputs and the scratch of
// g, so the stage's result does not depend on which goroutine took which items.
type stageTask func(s *contactState, w *World, g, lo, hi int)

// workPool runs the stages of a step that are per pair, per body or per manifold on
// w.narrowWorkers() goroutines: the stepping one, and extra ones. An extra goroutine helps
// only if it starts while the stage runs: it must take one of the stage's tokens first, and
// the stepping goroutine takes back the tokens left when it has run out of items, and waits
// only for the goroutines that took one. On a machine whose other cores are busy, a stage
// then costs what it costs serially, not that plus the time until the operating system
// runs a thread that has nothing left to do. An extra goroutine waits a little for the next
// stage's token before it ends (helperSpin): the stages between two solves come in quick
// succession, and the next one need not wake a processor.
type workPool struct {
	// tokens holds a stage's goroutine numbers 1… until a goroutine takes one; help is the
	// function each extra goroutine runs, made once with the channel (a go statement with
	// arguments, or WaitGroup.Go, allocates a closure every step). A goroutine started for
	// one stage may take a token of a later one: any of them can help any stage.
	tokens chan int
	help   func()
	// waiting counts the extra goroutines waiting for a token (helpWith): a stage starts
	// only as many more as it has tokens beyond them.
	waiting atomic.Int32
	// The stage running: its task, the World, its items and how many a goroutine takes at
	// a time from next.
	task     stageTask
	world    *World
	n, batch int
	next     atomic.Int64
	parts    []stagePart    // per goroutine that may run the stage: its part of the result
	wg       sync.WaitGroup // here, not on the stack: a WaitGroup that goroutines share escapes
}

// share runs task over items 0..n−1, batch items at a time, on up to w.narrowWorkers()
// goroutines but no more than one per minItems items (starting one costs microseconds).
func (s *contactState) share(w *World, n, batch, minItems int, task stageTask) {
	wp := &s.pool
	workers := max(1, min(w.narrowWorkers(), n/minItems))
	if cap(wp.tokens) < workers-1 {
		tokens := make(chan int, workers-1)
		wp.tokens, wp.help = tokens, func() { s.helpWith(tokens) }
	}
	wp.task, wp.world, wp.n, wp.batch = task, w, n, batch
	wp.parts = resize(wp.parts, workers)
	clear(wp.parts)
	wp.next.Store(0)
	wp.wg.Add(workers - 1)
	for g := 1; g < workers; g++ {
		wp.tokens <- g
	}
	for range workers - 1 - int(wp.waiting.Load()) {
		go wp.help()
	}
	s.runShare(0)
	for taken := false; !taken; {
		select {
		case <-wp.tokens:
			wp.wg.Done()
		default:
			taken = true
		}
	}
	wp.wg.Wait()
	wp.task, wp.world = nil, nil
}

// helpWith is what an extra goroutine runs: it takes tokens from tokens and runs their
// stages, and waits up to helperSpin for the next one before it ends.
func (s *contactState) helpWith(tokens chan int) {
	wp := &s.pool
	wp.waiting.Add(1)
	defer wp.waiting.Add(-1)
	for until := time.Now().Add(helperSpin); ; {
		select {
		case g := <-tokens:
			wp.waiting.Add(-1)
			s.runShare(g)
			wp.wg.Done()
			wp.waiting.Add(1)
			until = time.Now().Add(helperSpin)
		default:
			if time.Now().After(until) {
				return
			}
			runtime.Gosched()
		}
	}
}

// runShare takes batches of items from the shared counter until none are left and runs
// the stage's task on them as goroutine g.
func (s *contactState) runShare(g int) {
	wp := &s.pool
	for {
		lo := int(wp.next.Add(int64(wp.batch))) - wp.batch
		if lo >= wp.n {
			return
		}
		wp.task(s, wp.world, g, lo, min(lo+wp.batch, wp.n))
	}
}

// stagePart is one goroutine's part of a stage's result when the stage reduces its items
// to one: whether any said yes, how many counted, the largest value (at least 0). The
// parts are combined by or, sum and max, which give the same bits in any order (max
// prefers NaN and +0 over −0 whatever the order). Padded to a cache line of its own, so
// that goroutines writing their parts do not share one.
type stagePart struct {
	any   bool
	count int
	most  float64
	_     [40]byte
}

// anyPart, countParts and mostParts combine the last stage's parts.
func (wp *workPool) anyPart() bool {
	any := false
	for _, p := range wp.parts {
		any = any || p.any
	}
	return any
}

func (wp *workPool) countParts() int {
	n := 0
	for _, p := range wp.parts {
		n += p.count
	}
	return n
}

func (wp *workPool) mostParts() float64 {
	most := 0.0
	for _, p := range wp.parts {
		most = max(most, p.most)
	}
	return most
}

// pairSlot is the narrow phase's result for one broad-phase pair.
type pairSlot struct {
	m  Manifold // the pair's manifold when ok; left as it was when the pair is apart
	ok bool     // the pair touches or may touch within the step (m has points)
	at int      // when ok, m's index in s.cur (gatherSlots)
}

// narrowPhase holds the per-pair slots and the workers' scratch.
type narrowPhase struct {
	slots   []pairSlot
	workers []*contactState // scratch for collide, one per extra goroutine
	// axes holds per pair the axis that separates it (coherence.go): on entry the one
	// remembered from the last detection, on exit this one's; lastPairs and lastAxes are
	// the last detection's pairs and axes.
	axes, lastAxes []sepAxis
	lastPairs      [][2]int32
	end            int // the end of the narrow phase's manifolds in s.cur (gatherSlots)
}

// collidePairs runs collide on every pair of s.pairs into s.narrow.slots[k]. Pairs of two
// convex bodies are shared out (share), each goroutine with scratch of its own (collide
// reads the world, the hulls, their poses, which detectBodies made, and last step's
// manifolds, and writes only its scratch and its slot); any other pair is detected here,
// serially, since its detector may keep caches in s.
func (s *contactState) collidePairs(w *World) {
	np := &s.narrow
	n := len(s.pairs)
	np.slots = resize(np.slots, n)
	s.recallAxes()
	s.scratchFor(w)
	s.share(w, n, pairBatch, parallelMinPairs, (*contactState).collideConvexPairs)
	for k := range np.slots { // the rest
		if !s.convexPair(k) {
			s.collideSlot(w, s, k)
		}
	}
	s.keepAxes()
}

// gatherSlots appends the manifolds of the pairs that touch to s.cur, in pair order, without
// spare candidates: their places are counted first, then chunks of slots are copied there
// on the work pool.
func (s *contactState) gatherSlots(w *World) {
	np := &s.narrow
	n := len(s.cur)
	for k := range np.slots {
		if sl := &np.slots[k]; sl.ok {
			sl.at, n = n, n+1
		}
	}
	s.cur, s.span, np.end = resized(s.cur, n), resized(s.span, n), n
	s.share(w, len(np.slots), slotChunk, slotChunk, (*contactState).gatherSlotsOf)
}

// gatherSlotsOf copies the manifolds of slots lo..hi−1 to their places in s.cur.
func (s *contactState) gatherSlotsOf(_ *World, _, lo, hi int) {
	for k := lo; k < hi; k++ {
		if sl := &s.narrow.slots[k]; sl.ok {
			s.cur[sl.at] = sl.m
			s.span[sl.at] = [2]int{len(s.cands), len(s.cands)}
		}
	}
}

// scratchFor readies the extra goroutines' scratch for a detection: one per extra
// goroutine, sharing the hulls and their poses.
func (s *contactState) scratchFor(w *World) {
	np := &s.narrow
	for len(np.workers) < w.narrowWorkers()-1 {
		np.workers = append(np.workers, &contactState{})
	}
	for _, ws := range np.workers {
		ws.hulls, ws.posed, ws.detections = s.hulls, s.posed, s.detections
	}
}

// scratch returns the scratch of goroutine g for the narrow phase: s itself for the
// stepping goroutine.
func (s *contactState) scratch(g int) *contactState {
	if g == 0 {
		return s
	}
	return s.narrow.workers[g-1]
}

// collideConvexPairs detects the pairs lo..hi−1 of two convex bodies with the scratch of
// goroutine g.
func (s *contactState) collideConvexPairs(w *World, g, lo, hi int) {
	for k := lo; k < hi; k++ {
		if s.convexPair(k) {
			s.collideSlot(w, s.scratch(g), k)
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
