// Package work runs the stages of a step that are per pair, per body or per manifold on
// several goroutines. A stage's items are shared out in batches from a counter; each item
// writes only its own outputs and the scratch of the goroutine that runs it, so a stage's
// result is bit for bit the serial one whatever the number of goroutines or the order in
// which they take the items.
package work

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// helperSpin is how long an extra goroutine waits for the next stage before it ends.
// Starting one anew took 130 µs on average on the project's machine (a virtual one, whose
// idle processor must be woken), as long as many stages last, and 40% of them came too late
// to help; waiting 200 µs brought that to 30 µs and 15%. Many stages follow each other
// within a few microseconds; a longer wait spins through the serial work between them,
// which on a shared machine takes the core from others (pile1000: 200 µs cost 3.4 s of CPU
// over 600 steps).
const helperSpin = 50 * time.Microsecond

// Task is a stage's work.
type Task interface {
	// Run does the stage's work on items lo..hi−1 as goroutine g (0 is the goroutine that
	// called Share, 1… the extra ones): it writes only the items' own outputs and the
	// scratch of g, so that the stage's result does not depend on which goroutine took
	// which items.
	Run(g, lo, hi int)
}

// Pool runs stages on the goroutine that calls Share and on extra ones. An extra goroutine
// helps only if it starts while the stage runs: it must take one of the stage's tokens
// first, and the calling goroutine takes back the tokens left when it has run out of items,
// and waits only for the goroutines that took one. On a machine whose other cores are busy,
// a stage then costs what it costs serially, not that plus the time until the operating
// system runs a thread that has nothing left to do. An extra goroutine waits a little for
// the next stage's token before it ends (helperSpin): the stages between two solves come in
// quick succession, and the next one need not wake a processor. The zero Pool is ready; it
// must not be copied once used.
type Pool struct {
	// Parts holds per goroutine of the last stage its part of the stage's result, when the
	// stage reduces its items to one (Part): goroutine g's task writes Parts[g].
	Parts []Part
	// tokens holds a stage's goroutine numbers 1… until a goroutine takes one; help is the
	// function each extra goroutine runs, made once with the channel (a go statement with
	// arguments, or WaitGroup.Go, allocates a closure every step). A goroutine started for
	// one stage may take a token of a later one: any of them can help any stage.
	tokens chan int
	help   func()
	// waiting counts the extra goroutines waiting for a token (helpWith): a stage starts
	// only as many more as it has tokens beyond them.
	waiting atomic.Int32
	// The stage running: its task, its items and how many a goroutine takes at a time
	// from next.
	task     Task
	n, batch int
	next     atomic.Int64
	wg       sync.WaitGroup // here, not on the stack: a WaitGroup that goroutines share escapes
}

// Share runs task over items 0..n−1, batch items at a time, on up to workers goroutines
// (the calling one among them) but no more than one per minItems items (starting one costs
// microseconds), and returns when every item is done. Parts then holds one part per
// goroutine that may have run, each as the task left it from zero.
func (p *Pool) Share(workers, n, batch, minItems int, task Task) {
	workers = max(1, min(workers, n/minItems))
	if cap(p.tokens) < workers-1 {
		tokens := make(chan int, workers-1)
		p.tokens, p.help = tokens, func() { p.helpWith(tokens) }
	}
	p.task, p.n, p.batch = task, n, batch
	p.Parts = Resize(p.Parts, workers)
	clear(p.Parts)
	p.next.Store(0)
	p.wg.Add(workers - 1)
	for g := 1; g < workers; g++ {
		p.tokens <- g
	}
	for range workers - 1 - int(p.waiting.Load()) {
		go p.help()
	}
	p.run(0)
	for taken := false; !taken; {
		select {
		case <-p.tokens:
			p.wg.Done()
		default:
			taken = true
		}
	}
	p.wg.Wait()
	p.task = nil
}

// helpWith is what an extra goroutine runs: it takes tokens from tokens and runs their
// stages, and waits up to helperSpin for the next one before it ends.
func (p *Pool) helpWith(tokens chan int) {
	p.waiting.Add(1)
	defer p.waiting.Add(-1)
	for until := time.Now().Add(helperSpin); ; {
		select {
		case g := <-tokens:
			p.waiting.Add(-1)
			p.run(g)
			p.wg.Done()
			p.waiting.Add(1)
			until = time.Now().Add(helperSpin)
		default:
			if time.Now().After(until) {
				return
			}
			runtime.Gosched()
		}
	}
}

// run takes batches of items from the shared counter until none are left and runs the
// stage's task on them as goroutine g.
func (p *Pool) run(g int) {
	for {
		lo := int(p.next.Add(int64(p.batch))) - p.batch
		if lo >= p.n {
			return
		}
		p.task.Run(g, lo, min(lo+p.batch, p.n))
	}
}

// Part is one goroutine's part of a stage's result when the stage reduces its items to
// one: whether any said yes, how many counted, the largest value (at least 0). The parts
// are combined by or, sum and max (Any, Count, Most), which give the same bits in any order
// (max prefers NaN and +0 over −0 whatever the order). Padded to a cache line of its own, so
// that goroutines writing their parts do not share one.
type Part struct {
	Any   bool
	Count int
	Most  float64
	_     [40]byte
}

// Any reports whether a part of the last stage said yes.
func (p *Pool) Any() bool {
	any := false
	for _, pt := range p.Parts {
		any = any || pt.Any
	}
	return any
}

// Count returns the sum of the last stage's counts.
func (p *Pool) Count() int {
	n := 0
	for _, pt := range p.Parts {
		n += pt.Count
	}
	return n
}

// Most returns the largest value of the last stage's parts, 0 at least.
func (p *Pool) Most() float64 {
	most := 0.0
	for _, pt := range p.Parts {
		most = max(most, pt.Most)
	}
	return most
}

// Resize returns s with length n, reusing its storage and growing it by half again when
// too small, so that a slowly growing count does not reallocate every step; the contents
// are not kept. The stages fill such per-item storage, kept from step to step.
func Resize[T any](s []T, n int) []T {
	if cap(s) < n {
		s = make([]T, n, n+n/2)
	}
	return s[:n]
}
