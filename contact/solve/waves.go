package solve

// waves cuts the sweep order into waves: a manifold joins the wave after the last one
// that holds an earlier manifold moving one of its bodies, and within a wave the manifolds
// keep their sweep order. The wave order depends on the sweep order alone, not on where the
// manifolds lie: the exact stage takes each island's manifolds in it, so that its systems
// are the same for a solve laid out in parts (Layout) as for one in sweep order.
type waves struct {
	start []int32 // per wave: where its manifolds begin in list; one more entry at the end
	list  []int32 // the manifolds, wave after wave
	last  []int32 // scratch: per body, the wave after the latest manifold moving it
	of    []int32 // scratch: per manifold, its wave
}

// build cuts c's manifolds into waves, in the sweep order of the last solve (team.order).
func (ws *waves) build(c *Contacts) {
	order := c.team.order()
	ws.cut(len(c.bodies), len(c.cons), func(q int) (a, b int32) {
		k := q
		if order != nil {
			k = int(order[q])
		}
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
	if order != nil {
		for i, q := range ws.list {
			ws.list[i] = order[q]
		}
	}
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
