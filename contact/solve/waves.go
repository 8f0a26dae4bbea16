package solve

// waves cuts the sweep order into waves for sweeping on several goroutines: a manifold
// joins the wave after the last one that holds an earlier manifold moving one of its
// bodies. A visit reads and writes only its manifold's impulses and its bodies' velocities
// and counts of moves (a body it does not move is only read), so two manifolds of one wave
// touch nothing in common, and visiting a wave's manifolds in any order, or at once, gives
// what visiting them in sweep order gives: wave after wave, the serial sweep's bits. Within
// a wave the manifolds keep their sweep order. A heap's sweep order makes few, wide waves:
// pile1000 at rest about 130 of 18 manifolds on average, large_pyramid 298 of 50.
//
// The wave order is a sweep order of its own with the same bits, and sweeping it again
// cuts the same waves: the solve's order-dependent work outside the sweeps (the exact
// stage's islands) follows it, so that a caller may lay the manifolds out in it (Layout)
// without changing a bit.
type waves struct {
	start []int32 // per wave: where its manifolds begin in list; one more entry at the end
	list  []int32 // the manifolds, wave after wave
	last  []int32 // scratch: per body, the wave after the latest manifold moving it
	of    []int32 // scratch: per manifold, its wave
}

// build cuts c's manifolds into waves.
func (ws *waves) build(c *Contacts) {
	ws.cut(len(c.bodies), len(c.cons), func(k int) (a, b int32) {
		con := &c.cons[k]
		a, b = -1, -1
		if con.moveA {
			a = con.a
		}
		if con.moveB {
			b = con.b
		}
		return a, b
	})
}

// cut cuts a sweep order of m manifolds between n bodies into waves; moved returns the
// bodies the k-th moves (−1 for none).
func (ws *waves) cut(n, m int, moved func(k int) (a, b int32)) {
	ws.last = resizeInt32(ws.last, n, 0)
	ws.of = resizeInt32(ws.of, m, 0)
	count := int32(0)
	for k := range m {
		a, b := moved(k)
		w := int32(0)
		if a >= 0 {
			w = ws.last[a]
		}
		if b >= 0 {
			w = max(w, ws.last[b])
		}
		if a >= 0 {
			ws.last[a] = w + 1
		}
		if b >= 0 {
			ws.last[b] = w + 1
		}
		ws.of[k] = w
		count = max(count, w+1)
	}
	// Counting sort by wave, stable: the sweep order within each.
	ws.start = resizeInt32(ws.start, int(count)+1, 0)
	for _, w := range ws.of {
		ws.start[w+1]++
	}
	for w := range count {
		ws.start[w+1] += ws.start[w]
	}
	ws.list = resizeInt32(ws.list, m, 0)
	fill := resizeInt32(ws.last, int(count), 0) // the bodies' waves are no longer needed
	copy(fill, ws.start[:count])
	for k, w := range ws.of {
		ws.list[fill[w]] = int32(k)
		fill[w]++
	}
	ws.last = fill
}

// count returns the number of waves (none before the first build).
func (ws *waves) count() int { return max(0, len(ws.start)-1) }

// Layout lays a sweep order out wave by wave, for a solve shared among goroutines (Shares).
// Each goroutine then visits manifolds that lie one after another in memory, where in the
// bottom-up order a wave's manifolds lie scattered over the whole step's. On one goroutine
// the bottom-up order is the faster, since one manifold's bodies are most often the next
// one's, whose velocities stay in the cache.
type Layout struct {
	ws     waves
	sorted []int32
}

// Sort reorders order, a sweep order of manifolds between n bodies, wave after wave;
// moved(k) returns the bodies manifold k moves (−1 for none). The sweeps of the new order
// give the bits of the old (waves).
func (l *Layout) Sort(order []int32, n int, moved func(k int32) (a, b int32)) {
	l.ws.cut(n, len(order), func(q int) (a, b int32) { return moved(order[q]) })
	l.sorted = resizeInt32(l.sorted, len(order), 0)
	for i, q := range l.ws.list {
		l.sorted[i] = order[q]
	}
	copy(order, l.sorted)
}
