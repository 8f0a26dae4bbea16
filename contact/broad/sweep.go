package broad

import (
	"cmp"
	"slices"

	"github.com/tumble-physics/tumble/contact/internal/aabb"
)

// sweepPrune is the broad phase: sweep and prune (Baraff 1992; Cohen et al., I-COLLIDE 1995)
// over the bodies' world boxes along one axis, the one along which the box centres spread
// the most. The sorted order is kept from step to step, so the insertion sort that restores
// it touches only the bodies that passed one another: O(n) for a scene that moves smoothly.
// Pairs come out sorted by (A, B), whatever the sweep order, so the narrow phase, and the
// solver after it, see the same pairs in the same order on every run.
type sweepPrune struct {
	// ends holds every body's box and index in sweep order: the sort and the sweep read
	// it front to back, not through the body indices.
	ends  []sweepEnd
	axis  int
	pairs []Pair
	// over counts the overlapping pairs the last find met beyond its limit, and first is
	// the first of them: they are counted, not stored.
	over  int
	first Pair
	// scratch for sorting the pairs by A
	count []int32
	tmp   []Pair
}

// sweepEnd is one body in the sweep: its box and index, and whether it moves.
type sweepEnd struct {
	box    aabb.Box
	body   int32
	moving bool
}

// axisSwitch is how much larger another axis's spread of box centres must be before the
// sweep changes axis: a margin against flipping back and forth (each switch costs a full
// re-sort of the order).
const axisSwitch = 1.2

// find returns the pairs (A < B) of bodies whose boxes overlap and of which at least one
// moves (moving[i]: a body that is neither fixed nor asleep), sorted by A then B: the first
// limit the sweep meets; those it meets after them are only counted (sp.over, sp.first).
// boxes and moving are per body; an empty box overlaps nothing. The result is valid until
// the next call.
func (sp *sweepPrune) find(boxes []aabb.Box, moving []bool, limit int) []Pair {
	n := len(boxes)
	if len(sp.ends) != n { // bodies added or removed: start from scratch
		sp.ends = sp.ends[:0]
		for i := range n {
			sp.ends = append(sp.ends, sweepEnd{body: int32(i)})
		}
	}
	ends := sp.ends
	for i := range ends {
		e := &ends[i]
		e.box, e.moving = boxes[e.body], moving[e.body]
	}
	ax := sp.axis
	if sp.chooseAxis(boxes) { // sorted along another axis: sort afresh
		ax = sp.axis
		slices.SortFunc(ends, func(a, b sweepEnd) int {
			return cmp.Or(cmp.Compare(a.box.Lo[ax], b.box.Lo[ax]), cmp.Compare(a.body, b.body))
		})
	}
	// Insertion sort: nearly sorted input, O(n + swaps).
	for i := 1; i < n; i++ {
		e := ends[i]
		key := e.box.Lo[ax]
		j := i
		for ; j > 0 && ends[j-1].box.Lo[ax] > key; j-- {
			ends[j] = ends[j-1]
		}
		ends[j] = e
	}
	sp.pairs, sp.over = sp.pairs[:0], 0
	for i := range ends {
		a := &ends[i]
		end := a.box.Hi[ax]
		for j := i + 1; j < n; j++ {
			b := &ends[j]
			if b.box.Lo[ax] > end {
				break
			}
			if !(a.moving || b.moving) || !aabb.Overlap(&a.box, &b.box) {
				continue
			}
			p := Pair{A: min(a.body, b.body), B: max(a.body, b.body)}
			if len(sp.pairs) < limit {
				sp.pairs = append(sp.pairs, p)
				continue
			}
			if sp.over == 0 {
				sp.first = p
			}
			sp.over++
		}
	}
	sp.sortPairs(n)
	return sp.pairs
}

// chooseAxis sets the sweep axis to the one with the largest variance of the box centres,
// unless the current axis is within axisSwitch of it, and reports whether it changed.
func (sp *sweepPrune) chooseAxis(boxes []aabb.Box) bool {
	var sum, sq [3]float64
	m := 0
	for i := range boxes {
		b := &boxes[i]
		if b.Lo[0] > b.Hi[0] {
			continue
		}
		m++
		for k := range 3 {
			c := float64(0.5 * (b.Lo[k] + b.Hi[k]))
			sum[k] += c
			sq[k] += float64(c * c)
		}
	}
	if m == 0 {
		return false
	}
	var v [3]float64
	best := sp.axis
	for k := range 3 {
		mean := sum[k] / float64(m)
		v[k] = sq[k]/float64(m) - float64(mean*mean)
		if v[k] > v[best] {
			best = k
		}
	}
	if v[best] > axisSwitch*v[sp.axis] {
		sp.axis = best
		return true
	}
	return false
}

// sortPairs sorts sp.pairs by A then B in linear time: a counting sort on A over the n
// bodies, then an insertion sort of each body's few partners.
func (sp *sweepPrune) sortPairs(n int) {
	if cap(sp.count) < n+1 {
		sp.count = make([]int32, n+1)
	}
	count := sp.count[:n+1]
	clear(count)
	for _, p := range sp.pairs {
		count[p.A+1]++
	}
	for i := 1; i <= n; i++ {
		count[i] += count[i-1]
	}
	if cap(sp.tmp) < len(sp.pairs) {
		sp.tmp = make([]Pair, len(sp.pairs), cap(sp.pairs))
	}
	out := sp.tmp[:len(sp.pairs)]
	for _, p := range sp.pairs {
		out[count[p.A]] = p
		count[p.A]++
	}
	// count[a] is now the end of a's run; a's run starts where a−1's ends.
	start := int32(0)
	for a := range n {
		run := out[start:count[a]]
		for i := 1; i < len(run); i++ {
			p := run[i]
			j := i
			for ; j > 0 && run[j-1].B > p.B; j-- {
				run[j] = run[j-1]
			}
			run[j] = p
		}
		start = count[a]
	}
	sp.pairs, sp.tmp = out, sp.pairs
}
