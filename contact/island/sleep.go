// Package island keeps which bodies sleep: each body's time at rest, the islands of bodies
// joined by contacts, and a ring through each sleeping island so that waking one body wakes
// all of it (docs/contact.md, "Islands and sleeping"). It takes the bodies and the step's
// manifolds as arguments; the manifolds of sleeping islands are the caller's to keep.
package island

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/collide"
	"github.com/tumble-physics/tumble/contact/internal/unionfind"
)

// Rule says when a body is at rest and when its island falls asleep.
type Rule struct {
	Dt float64 // the step, s
	// A body counts as at rest when its points move slower than Linear (m/s), |v| + ρ|ω|
	// with ρ its radius, and it turns slower than Angular (rad/s).
	Linear, Angular float64
	// Hulls holds each body's hull, whose Radius is ρ.
	Hulls []*collide.Shape
	// Time is how long every body of an island must have been at rest for it to sleep, s.
	Time float64
}

// Sleep is which bodies sleep, and the state that decides when the others do. Its zero
// value knows no body; Size grows it.
type Sleep struct {
	asleep []bool    // per body
	timer  []float64 // per body: seconds at rest (awake bodies)
	// ring links each sleeping island's bodies in a cycle; ring[i] = i for an awake body.
	ring  []int32
	woken bool // a body has woken since TakeWoken last said so
	isl   unionfind.Sets
	least []float64 // per island root: the smallest timer of its bodies
	last  []int32   // per island root: the last body linked into its ring
}

// Size makes room for n bodies: those added since the last call are awake.
func (s *Sleep) Size(n int) {
	for j := len(s.asleep); j < n; j++ {
		s.asleep = append(s.asleep, false)
		s.timer = append(s.timer, 0)
		s.ring = append(s.ring, int32(j))
	}
}

// Awake reports whether body i is awake (a body Size has not seen is).
func (s *Sleep) Awake(i int) bool { return i >= len(s.asleep) || !s.asleep[i] }

// Asleep returns the number of bodies asleep.
func (s *Sleep) Asleep() int {
	n := 0
	for _, a := range s.asleep {
		if a {
			n++
		}
	}
	return n
}

// Next returns the body after i in its sleeping island's ring (i itself when awake).
func (s *Sleep) Next(i int32) int32 { return s.ring[i] }

// Wake wakes body i and every body of its island, and restarts its timer.
func (s *Sleep) Wake(i int) {
	if s.Awake(i) {
		if i < len(s.timer) {
			s.timer[i] = 0
		}
		return
	}
	for j := int32(i); ; {
		next := s.ring[j]
		s.asleep[j], s.timer[j], s.ring[j] = false, 0, j
		if j = next; j == int32(i) {
			break
		}
	}
	s.woken = true
}

// TakeWoken reports whether a body has woken since the last call: then the manifolds the
// caller set aside for sleeping islands may have woken bodies to hand back.
func (s *Sleep) TakeWoken() bool {
	w := s.woken
	s.woken = false
	return w
}

// Update advances the timers of the awake bodies by the step and puts to sleep every island
// whose bodies have all been at rest for the rule's time: an island is the bodies that the
// manifolds ms join, fixed bodies and planes joining none. Its bodies' velocities are set to
// zero. It reports whether any island fell asleep.
func (s *Sleep) Update(bodies []*body.Body, ms []collide.Manifold, r Rule) bool {
	for i, b := range bodies {
		if b.Fixed || !s.Awake(i) {
			continue
		}
		if w := rounded.Len(b.Omega); rounded.Len(b.V)+r.Hulls[i].Radius*w < r.Linear && w < r.Angular {
			s.timer[i] += r.Dt
		} else {
			s.timer[i] = 0
		}
	}
	s.join(bodies, ms)
	n := len(bodies)
	s.least = s.least[:0]
	s.last = s.last[:0]
	for range n {
		s.least = append(s.least, math.Inf(1))
		s.last = append(s.last, -1)
	}
	for i, b := range bodies {
		if !b.Fixed && s.Awake(i) {
			root := s.isl.Root(int32(i))
			s.least[root] = min(s.least[root], s.timer[i])
		}
	}
	fell := false
	for i, b := range bodies {
		root := s.isl.Root(int32(i))
		// The timers sum Dt: allow for the rounding of 30 × (1/60).
		if b.Fixed || !s.Awake(i) || s.least[root] < r.Time-1e-9 {
			continue
		}
		// Link i into its island's ring: after the last body linked, before the root.
		if l := s.last[root]; l >= 0 {
			s.ring[l] = int32(i)
		}
		s.last[root], s.ring[i] = int32(i), root
		s.asleep[i] = true
		b.V, b.Omega = mgl64.Vec3{}, mgl64.Vec3{}
		fell = true
	}
	return fell
}

// Put puts body i to sleep now, with its island (the moving bodies that the manifolds ms
// join to it), whatever their speeds: their velocities are set to zero. A fixed body, or
// one asleep already, is left alone.
func (s *Sleep) Put(bodies []*body.Body, ms []collide.Manifold, i int) {
	if bodies[i].Fixed || !s.Awake(i) {
		return
	}
	s.join(bodies, ms)
	root, last, first := s.isl.Root(int32(i)), int32(-1), int32(-1)
	for j, b := range bodies {
		if b.Fixed || s.isl.Root(int32(j)) != root {
			continue
		}
		if last >= 0 {
			s.ring[last] = int32(j)
		} else {
			first = int32(j)
		}
		last = int32(j)
		s.asleep[j] = true
		b.V, b.Omega = mgl64.Vec3{}, mgl64.Vec3{}
	}
	s.ring[last] = first
}

// join finds the islands: the sets of moving bodies that the manifolds ms join.
func (s *Sleep) join(bodies []*body.Body, ms []collide.Manifold) {
	s.isl.Reset(len(bodies))
	for i := range ms {
		if p := ms[i].Pair; p.B >= 0 && !bodies[p.A].Fixed && !bodies[p.B].Fixed {
			s.isl.Join(p.A, p.B)
		}
	}
}

// Remove forgets body i, which must be awake; the bodies after it move down one index.
func (s *Sleep) Remove(i int) {
	if i >= len(s.asleep) {
		return
	}
	s.asleep = slices.Delete(s.asleep, i, i+1)
	s.timer = slices.Delete(s.timer, i, i+1)
	s.ring = slices.Delete(s.ring, i, i+1)
	for k, j := range s.ring {
		if int(j) > i {
			s.ring[k] = j - 1
		}
	}
}
