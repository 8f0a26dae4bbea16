package contact

import (
	"slices"

	"github.com/tumble-physics/tumble/contact/island"
)

// sleepState is what a World knows of its sleeping bodies: which sleep (island.Sleep), and
// the manifolds of the sleeping islands as they were when the island fell asleep, with their
// impulses: the bodies have not moved, so they are still exact, and they warm start the
// island when it wakes.
type sleepState struct {
	island.Sleep
	dormant []Manifold
}

// awake reports whether body i is awake (fixed bodies count as awake; they never sleep).
func (w *World) awake(i int) bool { return w.sleep.Awake(i) }

// wake wakes body i and every body of its island, and restarts its sleep timer (Wake).
func (w *World) wake(i int) { w.sleep.Wake(i) }

// prepareSleep sizes the per-body state and hands the dormant manifolds of islands woken
// since the last step (by wake) to s.prev, where detection finds them to warm start from.
func (w *World) prepareSleep() {
	w.sleep.Size(len(w.Bodies))
	if w.sleep.TakeWoken() {
		s := &w.contacts
		s.prev = w.releaseDormant(s.prev)
	}
}

// setAside moves the manifolds of ms that a sleeping body takes part in to the dormant
// list, and returns the rest.
func (w *World) setAside(ms []Manifold) []Manifold {
	sl := &w.sleep
	return slices.DeleteFunc(ms, func(m Manifold) bool {
		if w.awake(int(m.Pair.A)) && (m.Pair.B < 0 || w.awake(int(m.Pair.B))) {
			return false
		}
		sl.dormant = append(sl.dormant, m)
		return true
	})
}

// releaseDormant appends to dst, and removes from the dormant list, the manifolds of woken
// bodies.
func (w *World) releaseDormant(dst []Manifold) []Manifold {
	sl := &w.sleep
	sl.dormant = slices.DeleteFunc(sl.dormant, func(m Manifold) bool {
		if w.awake(int(m.Pair.A)) && (m.Pair.B < 0 || w.awake(int(m.Pair.B))) {
			dst = append(dst, m)
			return true
		}
		return false
	})
	return dst
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
				if k = w.sleep.Next(k); k == j {
					break
				}
			}
			w.wake(int(j))
		}
	}
	if !w.sleep.TakeWoken() {
		return
	}
	s.cur = w.releaseDormant(s.cur)
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
	for i := range sl.dormant { // measure counted this step's own
		w.Stats.Contacts += w.touchingPoints(&sl.dormant[i])
	}
	w.Stats.Manifolds += len(sl.dormant)
	rule := island.Rule{Dt: w.Dt, Linear: w.SleepLinearVelocity, Angular: w.SleepAngularVelocity, Time: w.TimeToSleep, Hulls: s.hulls}
	if w.EnableSleep && sl.Update(w.Bodies, s.cur, rule) {
		s.cur = w.setAside(s.cur)
	}
}
