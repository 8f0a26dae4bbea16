package solve

import (
	"runtime"
	"sync/atomic"
)

// The sweeps on several goroutines. The manifolds are split into colors in solve order: a
// manifold's color is one more than the highest color of an earlier manifold that shares a
// body the solve moves with it. Two manifolds of one color share no moving body, so they can
// be solved in any order, or at once; and every two manifolds that share one keep their
// order, so a sweep color by color gives the serial sweep's bits, on any number of
// goroutines. A large color is split into chunks that the goroutines take from a shared
// counter; runs of small colors make one chunk, solved by whichever goroutine takes it. A
// chunk waits until every chunk of the colors before it is done; a goroutine that is late
// only means the others take more chunks.

// Gang runs task on up to n goroutines at once (task(0) on the calling one), each with its
// own number g < n, and returns when every task that started has returned. A goroutine that
// starts late may find no work left: the tasks share their work among themselves.
type Gang func(n int, task func(g int))

// Tunables of the schedule.
const (
	// splitColor is the fewest manifolds of a color worth sharing among goroutines: a
	// manifold's visit takes about a quarter of a microsecond, a chunk's hand-over a few
	// tens of nanoseconds.
	splitColor = 32
	// chunkSize is how many manifolds of a shared color a goroutine takes at a time.
	chunkSize = 16
)

// schedule is a sweep's order of work for several goroutines.
type schedule struct {
	colored []int32 // the manifolds, color by color, each color in solve order
	chunks  []int32 // chunk i is colored[chunks[i]:chunks[i+1]]
	stage   []int32 // per chunk: the first chunk of its color (of its run of small colors)
	last    []int32 // scratch: per body, one more than the last color that moved it
	count   []int32 // scratch: per color, its manifolds
	color   []int32 // scratch: per manifold, its color

	next, done atomic.Int64 // the next chunk to take; the chunks done
	parts      []part       // per goroutine: its largest residual
}

// part is one goroutine's residual, on a cache line of its own.
type part struct {
	res float64
	_   [56]byte
}

// plan colors the manifolds and cuts the colors into chunks.
func (c *Contacts) plan() {
	s := &c.sched
	m := len(c.cons)
	s.last = resized(s.last, len(c.bodies))
	clear(s.last)
	s.color = resized(s.color, m)
	s.count = s.count[:0]
	for k := range c.cons {
		con := &c.cons[k]
		col := int32(0)
		if con.moveA {
			col = s.last[con.a]
		}
		if con.moveB {
			col = max(col, s.last[con.b])
		}
		s.color[k] = col
		if con.moveA {
			s.last[con.a] = col + 1
		}
		if con.moveB {
			s.last[con.b] = col + 1
		}
		for int(col) >= len(s.count) {
			s.count = append(s.count, 0)
		}
		s.count[col]++
	}
	// Counting sort by color, then the chunks.
	start := int32(0)
	for i, n := range s.count {
		s.count[i] = start
		start += n
	}
	s.colored = resized(s.colored, m)
	for k, col := range s.color {
		s.colored[s.count[col]] = int32(k)
		s.count[col]++
	}
	s.chunks, s.stage = append(s.chunks[:0], 0), s.stage[:0]
	lo, small := int32(0), false // the colors' start; whether a run of small colors is open
	for _, end := range s.count {
		if n := end - lo; n >= splitColor {
			if small { // close the run of small colors before
				s.stage = append(s.stage, int32(len(s.chunks)-1))
				s.chunks = append(s.chunks, lo)
				small = false
			}
			first := int32(len(s.chunks) - 1)
			for at := lo + chunkSize; at < end; at += chunkSize {
				s.stage = append(s.stage, first)
				s.chunks = append(s.chunks, at)
			}
			s.stage = append(s.stage, first)
			s.chunks = append(s.chunks, end)
		} else {
			small = true
		}
		lo = end
	}
	if small {
		s.stage = append(s.stage, int32(len(s.chunks)-1))
		s.chunks = append(s.chunks, lo)
	}
}

// each visits every manifold once with visit (its goroutine's number g, the manifold k),
// in solve order, or color by color on up to c.Workers goroutines, and returns the largest
// residual visit returned.
func (c *Contacts) each(visit func(g, k int) float64) float64 {
	if c.Workers <= 1 || c.Gang == nil || len(c.cons) < 2*splitColor {
		res := 0.0
		for k := range c.cons {
			res = max(res, visit(0, k))
		}
		return res
	}
	s := &c.sched
	s.next.Store(0)
	s.done.Store(0)
	s.parts = resized(s.parts, c.Workers)
	clear(s.parts)
	c.visitor = visit
	c.Gang(c.Workers, c.work)
	for s.done.Load() < int64(len(s.stage)) {
		runtime.Gosched()
	}
	res := 0.0
	for _, p := range s.parts {
		res = max(res, p.res)
	}
	return res
}

// run is goroutine g's part of each: it takes chunks until none are left.
func (c *Contacts) run(g int) {
	s := &c.sched
	res := 0.0
	for {
		i := s.next.Add(1) - 1
		if i >= int64(len(s.stage)) {
			break
		}
		for spins := 0; s.done.Load() < int64(s.stage[i]); spins++ {
			if spins%64 == 63 {
				runtime.Gosched()
			}
		}
		for _, k := range s.colored[s.chunks[i]:s.chunks[i+1]] {
			res = max(res, c.visitor(g, int(k)))
		}
		s.done.Add(1)
	}
	s.parts[g].res = max(s.parts[g].res, res)
}
