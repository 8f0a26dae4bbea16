package contact

import (
	"runtime"
	"time"
)

// With Settings.Workers at 0 a step's shared stages run on one goroutine per core, or on
// the stepping goroutine alone, whichever the world has measured to be faster for its
// scene: every worker count gives the same bits (docs/architecture.md), only the time
// differs. Sharing pays where the cores pass data quickly and the scene is large; on a
// machine whose cores take half a microsecond to hand a cache line back and forth, a
// goroutine that waits for another's manifolds, or reads constraints the other core wrote,
// loses more than it gains on a small scene (the peers' pyramid20 on a two-core virtual
// machine: 2.57 ms a step on one thread, 3.71 shared on two; docs/benchmarks.md).
//
// So every tunerInterval steps, and whenever the step's manifolds have grown or shrunk by
// more than half since the last trial (a heap landing changes what a step costs), the
// world runs a trial of tunerTrial steps, alternately alone and on every core (in pairs
// whose order alternates, so that a scene growing costlier favours neither), and keeps on
// every core only what was faster by tunerMargin: the alone runs take one core rather than
// all.

const (
	tunerTrial    = 8    // steps of a trial: as many alone as on every core
	tunerInterval = 240  // steps from the start of a trial to the start of the next (4 s at 60 Hz)
	tunerWarmup   = 2    // steps of a world before its first trial: the first builds hulls and buffers
	tunerMargin   = 0.95 // every core is kept when its steps took at most this share of the time alone
	tunerLeast    = 64   // the fewest manifolds a trial's are counted as, when comparing: none and a few cost alike
)

// workerTuner chooses a step's goroutines when Settings.Workers is 0.
type workerTuner struct {
	cores int  // GOMAXPROCS for the running trial or choice
	alone bool // the last trial's choice: the steps between trials run alone
	// step is the running step's place from the start of the last trial (negative before
	// the first); spent holds the trial's time alone and on every core, and manifolds the
	// manifolds of its last step (at least tunerLeast).
	step      int
	spent     [2]time.Duration
	manifolds int
	// began is when the running step began; shared whether it runs on every core.
	began  time.Time
	shared bool
}

// begin starts a step and returns the goroutines its stages share: 1, or cores.
func (t *workerTuner) begin(cores int) int {
	if cores != t.cores { // a world's first step, or a new GOMAXPROCS
		*t = workerTuner{cores: cores, step: -tunerWarmup}
	}
	t.shared = t.plan()
	t.began = time.Now()
	if t.shared {
		return cores
	}
	return 1
}

// plan returns whether the running step shares its stages: in a trial, every other one,
// the pairs' order alternating (shared then alone, alone then shared, …); outside one,
// the last trial's choice.
func (t *workerTuner) plan() bool {
	switch {
	case t.cores < 2:
		return false
	case t.step >= 0 && t.step < tunerTrial:
		return t.step%2 == t.step/2%2
	}
	return !t.alone
}

// end ends the step begun last, which left manifolds manifolds.
func (t *workerTuner) end(manifolds int) { t.record(time.Since(t.began), manifolds) }

// record counts the running step, which took d and left manifolds manifolds, toward its
// trial, and chooses at the trial's end; a step whose manifolds are more than twice or
// less than half the last trial's begins another.
func (t *workerTuner) record(d time.Duration, manifolds int) {
	if t.cores < 2 {
		return
	}
	if m := max(manifolds, tunerLeast); t.step >= tunerTrial && (m > 2*t.manifolds || 2*m < t.manifolds) {
		t.step, t.spent = 0, [2]time.Duration{}
		return
	}
	if t.step >= 0 && t.step < tunerTrial {
		i := 0
		if t.shared {
			i = 1
		}
		t.spent[i] += d
	}
	switch t.step++; t.step {
	case tunerTrial:
		t.alone = float64(t.spent[1]) > tunerMargin*float64(t.spent[0])
		t.manifolds = max(manifolds, tunerLeast)
	case tunerInterval:
		t.step, t.spent = 0, [2]time.Duration{}
	}
}

// narrowWorkers is how many goroutines share a stage of the step (share): World.Workers,
// or the count the tuner chose for the step (one, or every core the Go runtime may use).
// Each item of a stage writes only its own outputs (a pair's manifold its own slot, merged
// in pair order afterwards), so the result is bit for bit the serial one whatever the
// number of workers or the order they finish in.
func (w *World) narrowWorkers() int {
	if w.Workers > 0 {
		return w.Workers
	}
	if n := w.contacts.workers; n > 0 {
		return n
	}
	return runtime.GOMAXPROCS(0)
}
