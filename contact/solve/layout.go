package solve

import "math"

// Layout lays a sweep order out in parts, one for each goroutine of a shared solve
// (Shares): the manifolds are split by where they lie along one axis of the scene into
// parts of about equal size, stored one after the other, each in the order its goroutine
// will sweep it (schedule.go): an order in which every body meets its manifolds in sweep
// order. A goroutine sweeps its part in that order and waits only where one of its
// manifolds shares a body with an earlier manifold of another part (team.go), which in a
// heap split down the middle happens along the cut alone; and it reads its constraints in
// the order they lie in memory. The solve's results do not depend on the layout, only its
// speed.
type Layout struct {
	start  []int32   // per part: where its manifolds begin; one more entry at the end
	part   []int32   // per laid-out manifold: its part
	serial []int32   // per place in the sweep order: that manifold's laid-out place
	at     []float64 // per place in the sweep order: its coordinate
	bins   []int32   // per bin of the coordinates: how many fall in it, then its part
	of     []int32   // per place in the sweep order: its part
	sorted []int32
	fill   []int32 // per part: where its next manifold goes
	sched  schedule
	gen    uint64 // how many layouts Sort has made
}

// layoutBins is how many bins Sort counts the coordinates in: the parts' sizes are equal
// to within a bin's manifolds.
const layoutBins = 1024

// Sort lays order, a sweep order of manifolds between n bodies, out in parts parts (at
// least one): at(k) is manifold k's coordinate along the axis the scene is split on, and
// part p takes the manifolds whose coordinates fall in about the p-th share of them,
// counted in bins between the least and the largest (a NaN coordinate in the first part);
// moved(k) returns the bodies manifold k moves (−1 for none).
func (l *Layout) Sort(order []int32, n, parts int, at func(k int32) float64, moved func(k int32) (a, b int32)) {
	m := len(order)
	parts = max(1, min(parts, m))
	l.gen++
	l.at = resizeFloat64(l.at, m)
	lo, hi := math.Inf(1), math.Inf(-1)
	for q, k := range order {
		x := at(k)
		l.at[q] = x
		if x < lo { // not min and max, which a NaN would take
			lo = x
		}
		if x > hi {
			hi = x
		}
	}
	bin := func(x float64) int {
		b := int(float64(layoutBins) * (x - lo) / (hi - lo))
		if !(b > 0) { // NaN too, and every manifold when all lie at one coordinate
			return 0
		}
		return min(b, layoutBins-1)
	}
	l.bins = resizeInt32(l.bins, layoutBins, 0)
	for _, x := range l.at {
		l.bins[bin(x)]++
	}
	// Each bin goes to the part being filled, which is full once the parts up to it hold
	// their shares. After a bin holding more than a share the last part stays empty: it goes.
	l.start = resizeInt32(l.start, parts+1, 0)
	p, seen := 0, 0
	for b := range layoutBins {
		n := l.bins[b]
		l.bins[b] = int32(p)
		l.start[p+1] += n
		if seen += int(n); n > 0 && seen >= (p+1)*m/parts && p < parts-1 {
			p++
		}
	}
	if parts = p + 1; l.start[parts] == 0 {
		parts = p
	}
	l.start = l.start[:parts+1]
	for p := range parts {
		l.start[p+1] += l.start[p]
	}
	l.of = resizeInt32(l.of, m, 0)
	for q, x := range l.at {
		l.of[q] = l.bins[bin(x)]
	}
	l.fill = append(l.fill[:0], l.start[:parts]...)
	l.sorted = resizeInt32(l.sorted, m, 0)
	l.part = resizeInt32(l.part, m, 0)
	l.serial = resizeInt32(l.serial, m, 0)
	l.sched.run(m, n, parts, l.of, func(q int) (a, b int32) { return moved(order[q]) }, func(p, q int32) {
		i := l.fill[p]
		l.fill[p]++
		l.sorted[i], l.part[i], l.serial[q] = order[q], p, i
	})
	copy(order, l.sorted)
}

// Reset forgets the last layout: a solve that follows is not shared.
func (l *Layout) Reset() { l.start, l.part, l.serial = l.start[:0], l.part[:0], l.serial[:0] }

// parts returns the number of parts.
func (l *Layout) parts() int { return max(0, len(l.start)-1) }

// resizeFloat64 returns s with length n.
func resizeFloat64(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}
