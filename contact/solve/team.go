package solve

import (
	"runtime"
	"sync/atomic"

	"github.com/tumble-physics/tumble/contact/internal/work"
)

// Tunables of the shared sweeps.
const (
	// minShared is the fewest manifolds whose solve is shared out: below it the waves are
	// too small for the hand-overs between them (pyramid20, 590 manifolds in 58 waves, took
	// 5–15% longer a step on two cores than on one).
	minShared = 1024
	// taskManifolds is about how many manifolds a task holds: a manifold's visit costs a
	// few tenths of a microsecond (BenchmarkSolve: 25–31 ns a row), taking a task some tens
	// of nanoseconds.
	taskManifolds = 8
	// spinsBeforeYield is how many times a goroutine polls for the wave before to be done,
	// or for the next pass, before it yields its processor between polls: a few
	// microseconds, longer than a wave's hand-over takes. A goroutine locked to its thread
	// (a program's main goroutine kept for a window) changes threads at each yield; with 64
	// polls pile1000 took longer a step on two cores than on one.
	spinsBeforeYield = 1 << 12
	// soloShare: a pass in which fewer than one manifold in soloShare changed a velocity is
	// followed by a pass on one goroutine.
	soloShare = 8
)

// Share lets the passes of the solves that follow (Solve and Position) run on up to
// workers goroutines of pool, the one calling them among them, when the problem has at
// least minShared manifolds. The results are the serial ones, bit for bit (waves.go). The
// team takes at most one goroutine per processor the Go runtime may use: goroutines that
// poll for each other's waves gain nothing from more, and lose time (pile1000 with 256
// workers on two cores: 126 ms a step against 23).
func (c *Contacts) Share(pool *work.Pool, workers int) {
	c.team.pool, c.team.workers = pool, min(workers, runtime.GOMAXPROCS(0))
}

// team is the goroutines that share a solve's passes over its manifolds: the warm start and
// the sweeps, or the position pass's sweeps. Each pass runs wave after wave, each wave's
// manifolds cut into as many tasks for each goroutine. A goroutine runs its own tasks of a
// wave, then takes those of the wave's tasks that no one has taken, then waits until the
// wave is done: a manifold is visited by the same goroutine sweep after sweep, and its
// impulses and rows stay in that processor's cache, while no goroutine waits for another
// to start (when the others are late, the one calling Solve runs every task itself). The
// goroutine that finishes a pass's last task ends it (the position pass's corner rows after
// the manifolds) and begins the next (sweepPlan), or runs it alone when the pass before was
// quiet (end).
type team struct {
	pool    *work.Pool
	workers int
	c       *Contacts
	first   []int32   // per wave: its first task; one more entry at the end
	tasks   []task    // one pass's tasks, wave after wave
	taken   []stamp   // per task: the last pass in which it was taken, plus one
	res     []float64 // per task: its residual in the running pass
	changed []int32   // per task: how many of its manifolds changed a velocity in it
	head    float64   // the running pass's residual before its manifolds (corner rows)
	// The counters the goroutines share, each on a cache line of its own: a goroutine
	// polling one does not slow down another's writes to the others.
	pass atomic.Int64 // the running pass: its number times passStates plus its state
	_    [56]byte
	done atomic.Int64 // manifolds visited in the solve, over all its passes
	_    [56]byte
	over atomic.Bool // the solve is over
	_    [63]byte
}

// passKinds is one more than the largest pass kind, and passStates twice that: a pass run
// alone is its kind plus passKinds (team.pass).
const (
	passKinds  = positionShock + 1
	passStates = 2 * passKinds
)

// task is a run of list[lo:hi] (waves.list) in one wave, first for goroutine owner.
type task struct{ lo, hi, owner int32 }

// stamp is an atomic counter on a cache line of its own.
type stamp struct {
	n atomic.Int64
	_ [56]byte
}

// Shares reports whether a solve of m manifolds shares its passes among workers
// goroutines (Share): a caller then lays the manifolds out wave by wave (Layout).
func Shares(workers, m int) bool {
	return min(workers, runtime.GOMAXPROCS(0)) >= 2 && m >= minShared
}

// shared runs c's passes from first on the team, and reports whether it did (not with one
// worker, or too few manifolds).
func (t *team) shared(c *Contacts, first int) bool {
	if !Shares(t.workers, len(c.cons)) {
		return false
	}
	t.c = c
	t.cut()
	c.scratchOf(t.workers - 1) // every goroutine's scratch, before they start
	t.done.Store(0)
	t.over.Store(false)
	t.begin(first, 0, false)
	t.pool.Share(t.workers, t.workers, 1, 1, t)
	t.c = nil
	return true
}

// cut cuts each wave into tasks of about taskManifolds manifolds, as many for each worker
// (one for a wave of a few manifolds), and gives them owners.
func (t *team) cut() {
	ws := &t.c.waves
	t.tasks, t.first = t.tasks[:0], t.first[:0]
	for w := range ws.count() {
		t.first = append(t.first, int32(len(t.tasks)))
		lo, hi := int(ws.start[w]), int(ws.start[w+1])
		n := 1
		if hi-lo > taskManifolds/2 {
			n = t.workers * ((hi - lo + t.workers*taskManifolds - 1) / (t.workers * taskManifolds))
		}
		for i := range n {
			a, b := lo+(hi-lo)*i/n, lo+(hi-lo)*(i+1)/n
			t.tasks = append(t.tasks, task{lo: int32(a), hi: int32(b), owner: int32(i * t.workers / n)})
		}
	}
	t.first = append(t.first, int32(len(t.tasks)))
	t.res = work.Resize(t.res, len(t.tasks))
	t.changed = work.Resize(t.changed, len(t.tasks))
	t.taken = work.Resize(t.taken, len(t.tasks))
	for i := range t.taken {
		t.taken[i].n.Store(0)
	}
}

// Run is goroutine g's part of a shared solve (work.Task): the passes from the running one
// until the solve is over.
func (t *team) Run(g, _, _ int) {
	sc := &t.c.scratch[g]
	m := int64(len(t.c.cons))
	for at := t.pass.Load(); ; {
		pass, kind := at/passStates, int(at%passStates)
		for w := range t.c.waves.count() {
			if kind >= passKinds {
				break // a pass another goroutine runs alone
			}
			tasks := t.first[w]
			for j := tasks; j < t.first[w+1]; j++ { // its own
				if t.tasks[j].owner == int32(g) && t.take(j, pass) {
					t.run(j, pass, kind, sc)
				}
			}
			for j := tasks; j < t.first[w+1]; j++ { // the others' left
				if t.take(j, pass) {
					t.run(j, pass, kind, sc)
				}
			}
			t.await(func() bool { return t.done.Load() >= pass*m+int64(t.c.waves.start[w+1]) })
		}
		t.await(func() bool { return t.over.Load() || t.pass.Load() != at })
		if t.over.Load() {
			return
		}
		at = t.pass.Load()
	}
}

// await polls ready until it holds, yielding the processor between polls after the first
// spinsBeforeYield.
func (t *team) await(ready func() bool) {
	for spins := 0; !ready(); spins++ {
		if spins > spinsBeforeYield {
			runtime.Gosched()
		}
	}
}

// take takes task j in pass pass, unless it has been taken.
func (t *team) take(j int32, pass int64) bool {
	n := t.taken[j].n.Load()
	return n <= pass && t.taken[j].n.CompareAndSwap(n, pass+1)
}

// run runs task j of pass pass, of kind kind, with scratch sc, and ends the pass when it
// is the pass's last.
func (t *team) run(j int32, pass int64, kind int, sc *scratch) {
	tk := t.tasks[j]
	t.res[j], t.changed[j] = t.c.visitAll(kind, t.c.waves.list[tk.lo:tk.hi], sc)
	if t.done.Add(int64(tk.hi-tk.lo)) != (pass+1)*int64(len(t.c.cons)) {
		return
	}
	r, changed := 0.0, 0
	for j := range t.tasks {
		r, changed = max(r, t.res[j]), changed+int(t.changed[j])
	}
	t.end(kind, pass, r, changed, sc)
}

// visitAll visits the manifolds ks, in order, in a pass of kind pass with scratch sc, and
// returns the largest residual and how many of them changed a velocity.
func (c *Contacts) visitAll(pass int, ks []int32, sc *scratch) (float64, int32) {
	res, changed := 0.0, int32(0)
	for _, k := range ks {
		r := c.visitIn(pass, &c.cons[k], sc)
		res = max(res, r)
		if r > 0 {
			changed++
		}
	}
	return res, changed
}

// begin starts pass number pass of the solve, of kind kind, on the team or alone (solo), or
// ends the solve (done).
func (t *team) begin(kind int, pass int64, solo bool) {
	if kind == done {
		t.over.Store(true)
		return
	}
	t.head = 0
	if kind == positionPlain || kind == positionShock {
		t.head = t.c.groundCorners()
	}
	if solo {
		kind += passKinds
	}
	t.pass.Store(pass*passStates + int64(kind))
}

// end ends pass number pass, of kind kind, all of whose manifolds are done (r their largest
// residual, changed how many changed a velocity), and begins the next: on the team, or,
// when fewer than one manifold in soloShare changed, here, alone, with scratch sc (most
// visits then pass over settled manifolds, and the hand-overs between waves would cost
// more than the work), and so on until a pass is shared again or the solve is over.
func (t *team) end(kind int, pass int64, r float64, changed int, sc *scratch) {
	c := t.c
	for {
		next := c.plan.first(c)
		if kind != warmPass {
			if kind == positionPlain || kind == positionShock {
				r = max(r, c.otherCorners())
			}
			next = c.plan.after(c, kind, max(r, t.head))
		}
		solo := kind != warmPass && changed*soloShare < len(c.cons)
		t.begin(next, pass+1, solo)
		if next == done || !solo {
			return
		}
		kind, pass = next, pass+1
		var n int32
		r, n = c.visitAll(kind, t.c.waves.list, sc)
		changed = int(n)
		t.done.Add(int64(len(c.cons)))
	}
}
