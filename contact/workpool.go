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

// Tunables of the work pool.
const (
	// helperSpin is how long an extra goroutine waits for the next stage before it ends.
	// Starting one anew took 130 µs on average on the project's machine (a virtual one,
	// whose idle processor must be woken), as long as many stages last, and 40% of them
	// came too late to help; waiting 200 µs brought that to 30 µs and 15%. Many stages
	// follow each other within a few microseconds; a longer wait spins through the serial
	// work between them, which on a shared machine takes the core from others (pile1000:
	// 200 µs cost 3.4 s of CPU over 600 steps).
	helperSpin = 50 * time.Microsecond
	// manifoldChunk is how many manifolds a goroutine takes at a time in a per-manifold
	// stage.
	manifoldChunk = 64
	// The fewest items worth an extra goroutine in a stage, by what an item costs (pile1000):
	// about 30 µs of work each, about what a waiting helper takes to start, and a few times
	// the handing over. A pair detected, or a body posed and detected against the planes,
	// costs about 0.5 µs (parallelMinPairs, bodyChunk). minBodies: a body kicked or moved,
	// or its corners measured, about 0.3 µs. minLight: a manifold's rows, impulses, guard,
	// impact or measure, a body's solved velocities or mass blocks, a pair slot copied,
	// 0.03–0.1 µs. minTests: redetect's cheap tests of a pair, about 0.01 µs (half as many:
	// redetect follows the guard, whose helper is still waiting). Smaller scenes (pyramid20:
	// 210 bodies, 590 manifolds) then keep their light stages on one goroutine.
	minBodies = 128
	minLight  = 512
	minTests  = 2048
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

// anyPart reports whether a part of the last stage said yes.
func (wp *workPool) anyPart() bool {
	any := false
	for _, p := range wp.parts {
		any = any || p.any
	}
	return any
}

// countParts returns the sum of the last stage's counts.
func (wp *workPool) countParts() int {
	n := 0
	for _, p := range wp.parts {
		n += p.count
	}
	return n
}

// mostParts returns the largest value of the last stage's parts, 0 at least.
func (wp *workPool) mostParts() float64 {
	most := 0.0
	for _, p := range wp.parts {
		most = max(most, p.most)
	}
	return most
}
