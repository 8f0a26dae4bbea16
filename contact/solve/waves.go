package solve

// waves cuts the sweep order into waves for sweeping on several goroutines: a manifold
// joins the wave after the last one that holds an earlier manifold moving one of its
// bodies. A visit reads and writes only its manifold's impulses and its bodies' velocities
// and counts of moves (a body it does not move is only read), so two manifolds of one wave
// touch nothing in common, and visiting a wave's manifolds in any order, or at once, gives
// what visiting them in sweep order gives: wave after wave, the serial sweep's bits. Within
// a wave the manifolds keep their sweep order. A heap's sweep order makes few, wide waves:
// pile1000 at rest about 130 of 18 manifolds on average, large_pyramid 298 of 50.
type waves struct {
	start []int32 // per wave: where its manifolds begin in list; one more entry at the end
	list  []int32 // the manifolds, wave after wave
	last  []int32 // scratch: per body, the wave after the latest manifold moving it
	of    []int32 // scratch: per manifold, its wave
}

// build cuts c's manifolds into waves.
func (ws *waves) build(c *Contacts) {
	ws.last = resizeInt32(ws.last, len(c.bodies), 0)
	ws.of = resizeInt32(ws.of, len(c.cons), 0)
	n := int32(0)
	for k := range c.cons {
		con := &c.cons[k]
		w := int32(0)
		if con.moveA {
			w = ws.last[con.a]
		}
		if con.moveB {
			w = max(w, ws.last[con.b])
		}
		if con.moveA {
			ws.last[con.a] = w + 1
		}
		if con.moveB {
			ws.last[con.b] = w + 1
		}
		ws.of[k] = w
		n = max(n, w+1)
	}
	// Counting sort by wave, stable: the sweep order within each.
	ws.start = resizeInt32(ws.start, int(n)+1, 0)
	for _, w := range ws.of {
		ws.start[w+1]++
	}
	for w := range n {
		ws.start[w+1] += ws.start[w]
	}
	ws.list = resizeInt32(ws.list, len(c.cons), 0)
	fill := resizeInt32(ws.last, int(n), 0) // the bodies' waves are no longer needed
	copy(fill, ws.start[:n])
	for k, w := range ws.of {
		ws.list[fill[w]] = int32(k)
		fill[w]++
	}
	ws.last = fill
}

// count returns the number of waves (none before the first build).
func (ws *waves) count() int { return max(0, len(ws.start)-1) }
