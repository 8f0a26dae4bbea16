package contact

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/internal/unionfind"
)

// sleepState is what a World knows of its sleeping bodies.
type sleepState struct {
	asleep []bool    // per body
	timer  []float64 // per body: seconds below the thresholds (awake bodies)
	// ring links each sleeping island's bodies in a cycle, so that waking one body wakes
	// them all; ring[i] = i for an awake body.
	ring []int32
	// dormant holds the manifolds of the sleeping islands as they were when the island fell
	// asleep, with their impulses: the bodies have not moved, so they are still exact, and
	// they warm start the island when it wakes; dormantImpact marks them as contactState's
	// marks do (impacts.go).
	dormant       []Manifold
	dormantImpact impactMarks
	// woken says a body has woken since the dormant manifolds were last sorted out.
	woken bool
	isl   unionfind.Sets
	least []float64 // per island root: the smallest timer of its bodies
	last  []int32   // per island root: the last body linked into its ring
}

// awake reports whether body i is awake (fixed bodies count as awake; they never sleep).
func (w *World) awake(i int) bool {
	return i >= len(w.sleep.asleep) || !w.sleep.asleep[i]
}

// wake wakes body i and every body of its island, and restarts its sleep timer (Wake).
func (w *World) wake(i int) {
	sl := &w.sleep
	if w.awake(i) {
		if i < len(sl.timer) {
			sl.timer[i] = 0
		}
		return
	}
	for j := int32(i); ; {
		next := sl.ring[j]
		sl.asleep[j], sl.timer[j], sl.ring[j] = false, 0, j
		if j = next; j == int32(i) {
			break
		}
	}
	sl.woken = true
}

// prepareSleep sizes the per-body state and hands the dormant manifolds of islands woken
// since the last step (by wake) to s.prev, where detection finds them to warm start from.
func (w *World) prepareSleep() {
	sl := &w.sleep
	for j := len(sl.asleep); j < len(w.Bodies); j++ {
		sl.asleep = append(sl.asleep, false)
		sl.timer = append(sl.timer, 0)
		sl.ring = append(sl.ring, int32(j))
	}
	if sl.woken {
		s := &w.contacts
		s.prev, s.prevImpact = w.releaseDormant(s.prev, s.prevImpact)
	}
}

// setAside moves the manifolds of ms (with their marks) that a sleeping body takes part in
// to the dormant list, and returns the rest.
func (w *World) setAside(ms []Manifold, marks impactMarks) ([]Manifold, impactMarks) {
	sl := &w.sleep
	marks = marks.sized(len(ms))
	k := 0
	for j, m := range ms {
		if w.awake(int(m.Pair.A)) && (m.Pair.B < 0 || w.awake(int(m.Pair.B))) {
			ms[k], marks[k] = m, marks[j]
			k++
			continue
		}
		sl.dormant, sl.dormantImpact = append(sl.dormant, m), append(sl.dormantImpact, marks[j])
	}
	return ms[:k], marks[:k]
}

// releaseDormant appends to dst (with its marks), and removes from the dormant list, the
// manifolds of woken bodies.
func (w *World) releaseDormant(dst []Manifold, marks impactMarks) ([]Manifold, impactMarks) {
	sl := &w.sleep
	marks = marks.sized(len(dst))
	k := 0
	for j, m := range sl.dormant {
		if w.awake(int(m.Pair.A)) && (m.Pair.B < 0 || w.awake(int(m.Pair.B))) {
			dst, marks = append(dst, m), append(marks, sl.dormantImpact[j])
			continue
		}
		sl.dormant[k], sl.dormantImpact[k] = m, sl.dormantImpact[j]
		k++
	}
	sl.dormant, sl.dormantImpact = sl.dormant[:k], sl.dormantImpact[:k]
	sl.woken = false
	return dst, marks
}

// wakeTouched wakes the island of every sleeping body that an awake body now touches (a
// manifold of this step's detection joins them): the island is given the gravity kick and
// the forces the awake bodies had at the start of the step, and its dormant manifolds join
// this step's, so it is solved as if it had been awake all along.
func (w *World) wakeTouched() {
	s := &w.contacts
	n := len(s.cur)
	for i := range n {
		p := s.cur[i].Pair
		for _, j := range [2]int32{p.A, p.B} {
			if j < 0 || w.awake(int(j)) {
				continue
			}
			for k := j; ; { // the kick, body by body around the ring
				b := w.Bodies[k]
				b.IntegrateVelocity(w.Dt, w.Gravity)
				velocity6(s.post[6*k:], b.V, b.Omega)
				if k = w.sleep.ring[k]; k == j {
					break
				}
			}
			w.wake(int(j))
		}
	}
	if !w.sleep.woken {
		return
	}
	s.cur, s.curImpact = w.releaseDormant(s.cur, s.curImpact)
	for len(s.span) < len(s.cur) { // they bring no spare candidates
		s.span = append(s.span, [2]int{len(s.cands), len(s.cands)})
	}
	w.Stats.Manifolds = len(s.cur)
	s.levels(w) // the solve order counts the woken manifolds too
}

// fallAsleep advances the sleep timers of the awake bodies by the step, and puts to sleep
// every island whose bodies have all been below the thresholds for TimeToSleep: their
// velocities are zeroed and their manifolds set aside. It also adds to Stats.Contacts and
// Stats.Manifolds those of the islands that slept through the step, counted as measure
// counts the awake ones (a sleeping box still rests on its four corners), so that the
// counts do not change when an island falls asleep.
func (w *World) fallAsleep() {
	sl := &w.sleep
	s := &w.contacts
	n := len(w.Bodies)
	for i := range sl.dormant { // measure counted this step's own
		w.Stats.Contacts += w.touchingPoints(&sl.dormant[i])
	}
	w.Stats.Manifolds += len(sl.dormant)
	if w.EnableSleep {
		for i, b := range w.Bodies {
			if b.Fixed || !w.awake(i) {
				continue
			}
			if rounded.Len(b.V) < w.SleepLinearVelocity && rounded.Len(b.Omega) < w.SleepAngularVelocity {
				sl.timer[i] += w.Dt
			} else {
				sl.timer[i] = 0
			}
		}
		sl.isl.Reset(n)
		for i := range s.cur {
			if p := s.cur[i].Pair; p.B >= 0 && !w.Bodies[p.A].Fixed && !w.Bodies[p.B].Fixed {
				sl.isl.Join(p.A, p.B)
			}
		}
		sl.least = sl.least[:0]
		sl.last = sl.last[:0]
		for range n {
			sl.least = append(sl.least, math.Inf(1))
			sl.last = append(sl.last, -1)
		}
		for i, b := range w.Bodies {
			if !b.Fixed && w.awake(i) {
				r := sl.isl.Root(int32(i))
				sl.least[r] = min(sl.least[r], sl.timer[i])
			}
		}
		asleep := false
		for i, b := range w.Bodies {
			r := sl.isl.Root(int32(i))
			// The timers sum Dt: allow for the rounding of 30 × (1/60).
			if b.Fixed || !w.awake(i) || sl.least[r] < w.TimeToSleep-1e-9 {
				continue
			}
			// Link i into its island's ring: after the last body linked, before the root.
			if l := sl.last[r]; l >= 0 {
				sl.ring[l] = int32(i)
			}
			sl.last[r], sl.ring[i] = int32(i), r
			sl.asleep[i] = true
			b.V, b.Omega = mgl64.Vec3{}, mgl64.Vec3{}
			asleep = true
		}
		if asleep {
			s.cur, s.curImpact = w.setAside(s.cur, s.curImpact)
		}
	}
}
