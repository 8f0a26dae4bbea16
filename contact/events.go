package contact

import (
	"cmp"
	"slices"
)

// Touch names the two sides of a contact by BodyID: bodies A and B, or body A and the plane
// World.Planes[Plane] when B is NoBody. For two bodies A was added before B, and Plane is
// −1.
type Touch struct {
	A, B  BodyID
	Plane int
}

// TouchEvents are the changes the last step made to which pairs touch. A pair touches after
// a step when a point of its contact pushed in the step (a normal impulse above zero) or
// lies within PenetrationSlop of touching at the step's end; contacts found ahead of
// touching (speculative ones) do not count. A pair in a sleeping island keeps touching.
type TouchEvents struct {
	// Begin lists the pairs that touch after the last step and did not before it: a box
	// dropped on the floor begins touching it once, on the step it lands.
	Begin []Touch
	// End lists the pairs that touched before the last step and no longer do, those of
	// bodies removed since among them.
	End []Touch
}

// touchState is what the World remembers of touching pairs from step to step.
type touchState struct {
	now, was   []Touch // the pairs touching after the last step and the step before, sorted
	begin, end []Touch
	merge      []Touch // sortTouches's scratch
}

// TouchEvents returns the touch events of the last step. The slices belong to the World and
// are overwritten by the next Step: read them, don't keep or change them.
func (w *World) TouchEvents() TouchEvents {
	return TouchEvents{Begin: w.touch.begin, End: w.touch.end}
}

// updateTouches finds the pairs touching after a step and the events against the step
// before: one merge walk over the two sorted lists.
func (w *World) updateTouches() {
	t := &w.touch
	t.was, t.now = t.now, t.was[:0]
	for _, ms := range [2][]Manifold{w.contacts.prev, w.sleep.dormant} {
		for k := range ms {
			if w.touches(&ms[k]) {
				t.now = append(t.now, w.touchOf(ms[k].Pair))
			}
		}
	}
	t.merge = sortTouches(t.now, t.merge)
	t.now = slices.Compact(t.now) // a non-convex pair may have several manifolds
	t.begin, t.end = t.begin[:0], t.end[:0]
	i, j := 0, 0
	for i < len(t.now) || j < len(t.was) {
		switch c := compareTouches(t.now, i, t.was, j); {
		case c < 0:
			t.begin = append(t.begin, t.now[i])
			i++
		case c > 0:
			t.end = append(t.end, t.was[j])
			j++
		default:
			i, j = i+1, j+1
		}
	}
}

// sortTouches sorts ts by compareTouch, with scratch tmp, which it returns grown. The
// touches come in a few sorted runs: the plane manifolds body by body, the pairs in pair
// order, the guards' late manifolds, each sleeping island's. Merging neighbouring runs
// until one is left costs n log(runs) comparisons where a general sort took n log n
// (pile1000: 0.3 ms a step).
func sortTouches(ts, tmp []Touch) []Touch {
	if len(ts) == 0 || runEnd(ts, 0) == len(ts) {
		return tmp // one run: sorted already
	}
	tmp = resized(tmp, len(ts))
	src, dst := ts, tmp
	for {
		runs := 0
		for lo := 0; lo < len(src); runs++ {
			mid := runEnd(src, lo)
			hi := mid
			if mid < len(src) {
				hi = runEnd(src, mid)
			}
			mergeTouches(dst[lo:hi], src[lo:mid], src[mid:hi])
			lo = hi
		}
		src, dst = dst, src
		if runs <= 1 {
			break
		}
	}
	if &src[0] != &ts[0] {
		copy(ts, src)
	}
	return tmp
}

// runEnd returns the end of the sorted run of ts that begins at lo.
func runEnd(ts []Touch, lo int) int {
	hi := lo + 1
	for hi < len(ts) && compareTouch(ts[hi-1], ts[hi]) <= 0 {
		hi++
	}
	return hi
}

// mergeTouches merges the sorted runs a and b into dst, which holds both.
func mergeTouches(dst, a, b []Touch) {
	i, j := 0, 0
	for k := range dst {
		if j == len(b) || i < len(a) && compareTouch(a[i], b[j]) <= 0 {
			dst[k] = a[i]
			i++
		} else {
			dst[k] = b[j]
			j++
		}
	}
}

// compareTouches compares a[i] with b[j], where an index past the end sorts last.
func compareTouches(a []Touch, i int, b []Touch, j int) int {
	switch {
	case i == len(a):
		return 1
	case j == len(b):
		return -1
	}
	return compareTouch(a[i], b[j])
}

// compareTouch orders touches by A, then B, then Plane.
func compareTouch(x, y Touch) int {
	return cmp.Or(cmp.Compare(x.A.n, y.A.n), cmp.Compare(x.B.n, y.B.n), cmp.Compare(x.Plane, y.Plane))
}

// touches reports whether manifold m of the last step touches: a point pushed, or lies
// within PenetrationSlop of contact where the bodies are now (Stats.Contacts's count).
func (w *World) touches(m *Manifold) bool {
	for j := range m.N {
		if w.touching(m, &m.Points[j]) {
			return true
		}
	}
	return false
}

// touchingPoints returns how many points of manifold m touch.
func (w *World) touchingPoints(m *Manifold) int {
	n := 0
	for j := range m.N {
		if w.touching(m, &m.Points[j]) {
			n++
		}
	}
	return n
}

// touching reports whether point c of manifold m pushed in the last step, or lies within
// PenetrationSlop of contact where the bodies are now.
func (w *World) touching(m *Manifold, c *ContactPoint) bool {
	return c.NormalImpulse > 0 || w.pointDepth(m, c) >= -w.PenetrationSlop
}

// touchOf returns the Touch of pair p.
func (w *World) touchOf(p Pair) Touch {
	if k := p.Plane(); k >= 0 {
		return Touch{A: w.idOf(int(p.A)), Plane: k}
	}
	return Touch{A: w.idOf(int(p.A)), B: w.idOf(int(p.B)), Plane: -1}
}
