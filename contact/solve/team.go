package solve

import (
	"runtime"
	"sync/atomic"

	"github.com/tumble-physics/tumble/contact/internal/work"
)

// Tunables of the shared sweeps.
const (
	// minShared is the fewest manifolds whose solve is shared out: below it a pass is too
	// short for the goroutines' hand-overs. Shared, pyramid20's 590 manifolds take 2.50 ms
	// a step on two cores against 2.96 on one goroutine; tori50's 150 gain nothing
	// measurable.
	minShared = 256
	// spinsBeforeYield is how many times a goroutine polls for a manifold of another part,
	// or for the next pass, before it yields its processor between polls (and takes a part
	// no goroutine has taken): a few microseconds. A goroutine locked to its thread (a
	// program's main goroutine kept for a window) changes threads at each yield; with 64
	// polls pile1000 took longer a step on two cores than on one.
	spinsBeforeYield = 1 << 12
	// soloShare: a pass in which fewer than one manifold in soloShare changed a velocity is
	// followed by a pass on one goroutine.
	soloShare = 8
)

// Share lets the passes of the solves that follow (Solve and Position) run on up to
// workers goroutines of pool, the one calling them among them, when the problem has at
// least minShared manifolds and they were laid out by layout (Layout). The results are the
// serial ones, bit for bit. The team takes at most one goroutine per processor the Go
// runtime may use: goroutines that poll for each other's manifolds gain nothing from more,
// and lose time (pile1000 with 256 workers on two cores: 126 ms a step against 23).
func (c *Contacts) Share(pool *work.Pool, workers int, layout *Layout) {
	c.team.pool, c.team.workers, c.team.layout = pool, min(workers, runtime.GOMAXPROCS(0)), layout
}

// team is the goroutines that share a solve's passes over its manifolds: the warm start and
// the sweeps, or the position pass's sweeps. In each pass a goroutine takes its own part
// of the layout and visits its manifolds in the order they lie in (which keeps each body's
// in sweep order: schedule.go), each once the manifolds of other parts that share a body
// with it and come before it in the sweep order have been visited (waits): every body meets
// its manifolds in sweep order, so each visit reads and writes what it does in the serial
// sweep, to the bit. A part stays with one goroutine sweep after
// sweep, its constraints in that processor's cache. A goroutine that has finished its
// parts, or has waited long for a part that no one has taken, takes that part too, and
// runs its parts by turns: a pass ends whichever goroutines turn up (when the others are
// late, the one calling Solve runs every part). The goroutine that finishes a pass's last
// part ends it (the position pass's corner rows after the manifolds) and begins the next
// (sweepPlan), or runs it alone, in sweep order, when the pass before was quiet (end).
type team struct {
	pool    *work.Pool
	workers int
	layout  *Layout
	c       *Contacts
	shares  bool      // the running solve is shared
	parts   []part    // the layout's parts
	waits   [][2]wait // per manifold: the manifolds of other parts its visit follows
	awaited []bool    // per manifold: a manifold of another part waits for it
	last    []int32   // scratch: per body, the latest manifold moving it in the sweep order
	planned struct {  // the layout, and its generation (Layout.gen), the waits were found for
		layout *Layout
		gen    uint64
	}
	head float64 // the running pass's residual before its manifolds (corner rows)
	// The counters the goroutines share, each on a cache line of its own: a goroutine
	// polling one does not slow down another's writes to the others.
	pass atomic.Int64 // the running pass: its number times passStates plus its state
	_    [56]byte
	done atomic.Int64 // parts finished in the solve, over all its passes
	_    [56]byte
	over atomic.Bool // the solve is over
	_    [63]byte
	// joined counts the goroutines that have begun the solve (the pool's helpers may come
	// late, or not at all, when the goroutine calling Solve has taken every one's turn).
	joined atomic.Int32
}

// part is a run of the laid-out manifolds that one goroutine visits in a pass, with what
// the goroutines share about it, on a cache line of its own.
type part struct {
	lo, hi  int32
	taken   atomic.Int64 // the last pass in which a goroutine took it, plus one
	visited atomic.Int64 // its manifolds visited in the solve, over all its passes
	res     float64      // its residual in the pass just run
	changed int32        // how many of its manifolds changed a velocity in it
	_       [28]byte
}

// size returns the number of the part's manifolds.
func (p *part) size() int64 { return int64(p.hi - p.lo) }

// wait is a manifold of another part that a visit follows: the n-th of part's manifolds
// (from 1); part is −1 for none.
type wait struct{ part, n int32 }

// held is a part a goroutine took in a pass: its next manifold to visit, and its visits'
// largest residual and how many of them changed a velocity. Written at every visit, it
// fills a cache line: two goroutines' held parts, allocated side by side, shared one and
// made a shared wall pyramid's solve on two goroutines twice as slow as on one.
type held struct {
	part, next int32
	res        float64
	changed    int32
	_          [44]byte
}

// passKinds is one more than the largest pass kind, and passStates twice that: a pass run
// alone is its kind plus passKinds (team.pass).
const (
	passKinds  = positionShock + 1
	passStates = 2 * passKinds
)

// Shares reports whether a solve of m manifolds shares its passes among workers
// goroutines (Share): a caller then lays the manifolds out in parts (Layout).
func Shares(workers, m int) bool {
	return Team(workers) >= 2 && m >= minShared
}

// Team returns how many goroutines share a solve on workers: one per processor at most.
func Team(workers int) int { return min(workers, runtime.GOMAXPROCS(0)) }

// shared runs c's passes from first on the team, and reports whether it did (not with one
// worker, with too few manifolds, or without a layout of them).
func (t *team) shared(c *Contacts, first int) bool {
	t.shares = Shares(t.workers, len(c.cons)) && t.layout != nil && len(t.layout.part) == len(c.cons)
	if !t.shares {
		return false
	}
	t.c = c
	t.plan()
	for g := range t.workers { // every goroutine's scratch, before they start
		sc := c.scratchOf(g)
		if cap(sc.seen) < len(t.parts) { // on cache lines of its own, as held is
			sc.seen = make([]int64, 0, max(len(t.parts), 8))
		}
		sc.seen = sc.seen[:len(t.parts)]
		clear(sc.seen)
		if cap(sc.held) < len(t.parts) {
			sc.held = make([]held, 0, len(t.parts))
		}
	}
	t.done.Store(0)
	t.over.Store(false)
	t.joined.Store(0)
	t.begin(first, 0, false)
	t.pool.Share(t.workers, t.workers, 1, 1, t)
	t.c = nil
	return true
}

// order returns the last solve's manifolds in sweep order when they were laid out in parts
// (nil when they lie in sweep order).
func (t *team) order() []int32 {
	if !t.shares {
		return nil
	}
	return t.layout.serial
}

// plan sets the parts from the layout and finds each manifold's waits: along the sweep
// order, the latest manifold moving each of its bodies, when another part holds it. The
// waits stay from solve to solve of one layout (a step's velocity solves and position
// pass move the same bodies).
func (t *team) plan() {
	c, l := t.c, t.layout
	t.parts = work.Resize(t.parts, l.parts())
	for p := range t.parts {
		pt := &t.parts[p]
		pt.lo, pt.hi = l.start[p], l.start[p+1]
		pt.taken.Store(0)
		pt.visited.Store(0)
	}
	if t.planned.layout == l && t.planned.gen == l.gen && len(t.waits) == len(c.cons) {
		return
	}
	t.planned.layout, t.planned.gen = l, l.gen
	t.waits = work.Resize(t.waits, len(c.cons))
	t.awaited = work.Resize(t.awaited, len(c.cons))
	clear(t.awaited)
	t.last = resizeInt32(t.last, len(c.bodies), -1)
	for _, k := range l.serial {
		con := &c.cons[k]
		ws := [2]wait{{part: -1}, {part: -1}}
		n := 0
		follow := func(b int32) {
			j := t.last[b]
			t.last[b] = k
			if j < 0 || l.part[j] == l.part[k] {
				return
			}
			w := wait{part: l.part[j], n: j - l.start[l.part[j]] + 1}
			if n == 1 && ws[0].part == w.part {
				ws[0].n = max(ws[0].n, w.n)
			} else {
				ws[n] = w
				n++
			}
			t.awaited[j] = true
		}
		if con.moveA {
			follow(con.a)
		}
		if con.moveB {
			follow(con.b)
		}
		t.waits[k] = ws
	}
}

// Run is goroutine g's part of a shared solve (work.Task): the passes from the running one
// until the solve is over.
func (t *team) Run(g, _, _ int) {
	t.joined.Add(1)
	sc := &t.c.scratch[g]
	for at := t.pass.Load(); ; {
		if pass, kind := at/passStates, int(at%passStates); kind < passKinds {
			t.sweep(g, pass, kind, sc) // not a pass another goroutine runs alone
		}
		t.await(func() bool { return t.over.Load() || t.pass.Load() != at })
		if t.over.Load() {
			return
		}
		at = t.pass.Load()
	}
}

// sweep is goroutine g's share of pass number pass, of kind kind, with scratch sc: its
// own part, then any part no one has taken.
func (t *team) sweep(g int, pass int64, kind int, sc *scratch) {
	sc.held = sc.held[:0]
	t.take(g%len(t.parts), pass, sc)
	for spins := 0; ; {
		ran, left := false, false
		for i := range sc.held {
			h := &sc.held[i]
			ran = t.advance(h, pass, kind, sc) || ran
			left = left || h.next < t.parts[h.part].hi
		}
		switch {
		case !left:
			if !t.takeAny(pass, sc) {
				return
			}
		case ran:
			spins = 0
		case (spins >= spinsBeforeYield || int(t.joined.Load()) < len(t.parts)) && t.takeAny(pass, sc):
			// a part whose goroutine is late, or has not joined the solve
		case spins < spinsBeforeYield:
			spins++
		default:
			runtime.Gosched()
		}
	}
}

// take takes part p in pass pass for the goroutine of scratch sc, unless it has been
// taken, and reports whether it did.
func (t *team) take(p int, pass int64, sc *scratch) bool {
	pt := &t.parts[p]
	n := pt.taken.Load()
	if n > pass || !pt.taken.CompareAndSwap(n, pass+1) {
		return false
	}
	sc.held = append(sc.held, held{part: int32(p), next: pt.lo})
	return true
}

// takeAny takes a part no one has taken in pass pass, if there is one.
func (t *team) takeAny(pass int64, sc *scratch) bool {
	for p := range t.parts {
		if t.take(p, pass, sc) {
			return true
		}
	}
	return false
}

// advance visits h's manifolds in order from its next one, as long as the manifolds they
// wait for have been visited, in pass pass of kind kind with scratch sc, and reports
// whether it visited any. The goroutine that finishes the pass's last part ends it.
func (t *team) advance(h *held, pass int64, kind int, sc *scratch) bool {
	pt := &t.parts[h.part]
	from := h.next
	for ; h.next < pt.hi && t.ready(h.next, pass, sc); h.next++ {
		k := h.next
		r := t.c.visitIn(kind, &t.c.cons[k], sc)
		h.res = max(h.res, r)
		if r > 0 {
			h.changed++
		}
		if t.awaited[k] {
			pt.visited.Store(pass*pt.size() + int64(k-pt.lo+1))
		}
	}
	if h.next < pt.hi || h.next == from { // not finished by these visits (or before them)
		return h.next > from
	}
	pt.res, pt.changed = h.res, h.changed
	pt.visited.Store((pass + 1) * pt.size())
	if t.done.Add(1) == (pass+1)*int64(len(t.parts)) {
		t.end(kind, pass, sc)
	}
	return true
}

// ready reports whether the manifolds that manifold k waits for have been visited in pass
// pass; sc.seen holds the counts of visits the goroutine last read.
func (t *team) ready(k int32, pass int64, sc *scratch) bool {
	for _, w := range t.waits[k] {
		if w.part < 0 {
			return true
		}
		pt := &t.parts[w.part]
		need := pass*pt.size() + int64(w.n)
		if sc.seen[w.part] >= need {
			continue
		}
		if sc.seen[w.part] = pt.visited.Load(); sc.seen[w.part] < need {
			return false
		}
	}
	return true
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

// end ends pass number pass, of kind kind, all of whose parts are done, and begins the
// next: on the team, or, when fewer than one manifold in soloShare changed a velocity,
// here, alone, in sweep order, with scratch sc (most visits then pass over settled
// manifolds, and the hand-overs would cost more than the work), and so on until a pass is
// shared again or the solve is over.
func (t *team) end(kind int, pass int64, sc *scratch) {
	c := t.c
	r, changed := 0.0, 0
	for p := range t.parts {
		r, changed = max(r, t.parts[p].res), changed+int(t.parts[p].changed)
	}
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
		r, n = c.visitAll(kind, t.layout.serial, sc)
		changed = int(n)
		for p := range t.parts {
			t.parts[p].visited.Add(t.parts[p].size())
		}
		t.done.Add(int64(len(t.parts)))
	}
}
