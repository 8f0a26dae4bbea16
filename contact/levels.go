package contact

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// levels sets s.level, each body's level in the contact graph of this step's manifolds:
// 0 for a body resting on a ground plane or on a fixed body and on no other body, else one
// more than the highest body it rests on (the bodies a breadth-first search up the support
// contacts reaches, shocklevels.go, in topological order: supportLevels); then bodies that
// only walls and side contacts reach get theirs from those (0 against a wall);
// math.MaxInt32 for bodies no chain of contacts joins to the ground; fixed bodies have −1.
// It then sets s.order, the manifolds sorted bottom-up by the lower level of their two
// bodies, walls last (pairLevel), ties in detection order on even steps and in reverse on
// odd ones. Gauss–Seidel favours what it visits last: a box on two others is stopped against
// the left one, then the right one, and always in that order the bias adds up step after
// step (pyramid20's top boxes crept 12 cm sideways in 10 s); alternating, it cancels (9 mm).
// Solving from the ground up lets each sweep carry support upward through a stack, and
// the solver's shock-propagation sweep (pgs.GaussSeidel.Shock) freezes the lower body of
// each contact.
func (s *contactState) levels(w *World) {
	n := len(w.Bodies)
	s.level = slices.Grow(s.level[:0], n)[:n]
	s.adjStart = slices.Grow(s.adjStart[:0], n+1)[:n+1]
	clear(s.adjStart)
	s.queue, s.walled = s.queue[:0], s.walled[:0]
	s.supportPlanes(w)
	up, gravity := w.up()
	for i, b := range w.Bodies {
		s.level[i] = math.MaxInt32
		if b.Fixed {
			s.level[i] = -1
		}
	}
	ground := func(i int) {
		if s.level[i] > 0 {
			s.level[i] = 0
			s.queue = append(s.queue, int32(i))
		}
	}
	// Adjacency in compressed rows (per body, its manifolds): count, prefix sums, fill.
	for i := range s.cur {
		p := s.cur[i].Pair
		if p.B < 0 {
			if s.groundPlane[p.Plane()] {
				ground(int(p.A))
			} else {
				s.walled = append(s.walled, p.A)
			}
			continue
		}
		s.adjStart[p.A+1]++
		s.adjStart[p.B+1]++
	}
	for i := range n {
		s.adjStart[i+1] += s.adjStart[i]
	}
	s.adj = slices.Grow(s.adj[:0], int(s.adjStart[n]))[:s.adjStart[n]]
	s.adjFill = append(s.adjFill[:0], s.adjStart[:n]...)
	for i := range s.cur {
		m := &s.cur[i]
		p := m.Pair
		if p.B < 0 {
			continue
		}
		s.adj[s.adjFill[p.A]], s.adjFill[p.A] = int32(i), s.adjFill[p.A]+1
		s.adj[s.adjFill[p.B]], s.adjFill[p.B] = int32(i), s.adjFill[p.B]+1
		sup := supportOf(m, up, gravity)
		switch {
		case w.Bodies[p.A].Fixed && sup > 0:
			ground(int(p.B))
		case w.Bodies[p.B].Fixed && sup < 0:
			ground(int(p.A))
		case w.Bodies[p.A].Fixed:
			s.walled = append(s.walled, p.B)
		case w.Bodies[p.B].Fixed:
			s.walled = append(s.walled, p.A)
		}
	}
	// Up the support contacts first, breadth first, then each body above all it rests on;
	// then bodies that only side contacts (or walls) reach get their level from those.
	s.spread(w, up, gravity, true)
	s.supportLevels(w, up, gravity)
	for _, i := range s.walled {
		if s.level[i] == math.MaxInt32 {
			s.level[i] = 0
			s.queue = append(s.queue, i)
		}
	}
	s.spread(w, up, gravity, false)
	s.sortOrder(w.Steps%2 == 1)
}

// sortOrder sets s.order to the manifolds sorted by pairLevel, ties in detection order, or
// in reverse when flip: a counting sort, since the keys are −1, the levels below the number
// of bodies n, and math.MaxInt32 (bucket n+1).
func (s *contactState) sortOrder(flip bool) {
	n, m := len(s.level), len(s.cur)
	s.orderKey = slices.Grow(s.orderKey[:0], m)[:m]
	s.orderStart = slices.Grow(s.orderStart[:0], n+3)[:n+3]
	clear(s.orderStart)
	for i := range s.cur {
		k := int32(n + 1)
		if l := s.pairLevel(s.cur[i].Pair); l != math.MaxInt32 {
			k = int32(l + 1)
		}
		s.orderKey[i] = k
		s.orderStart[k+1]++
	}
	for k := range n + 2 {
		s.orderStart[k+1] += s.orderStart[k]
	}
	s.order = slices.Grow(s.order[:0], m)[:m]
	place := func(i int) {
		k := s.orderKey[i]
		s.order[s.orderStart[k]], s.orderStart[k] = int32(i), s.orderStart[k]+1
	}
	if flip {
		for i := m - 1; i >= 0; i-- {
			place(i)
		}
		return
	}
	for i := range m {
		place(i)
	}
}

// spread runs the breadth-first search over s.queue from its start: with supportOnly, a
// body's level passes only to the bodies resting on it (supportOf); otherwise to every
// neighbour not yet reached.
func (s *contactState) spread(w *World, up mgl64.Vec3, gravity, supportOnly bool) {
	for q := 0; q < len(s.queue); q++ {
		i := s.queue[q]
		for _, k := range s.adj[s.adjStart[i]:s.adjStart[i+1]] {
			m := &s.cur[k]
			j, above := m.Pair.B, 1
			if j == i {
				j, above = m.Pair.A, -1
			}
			if s.level[j] != math.MaxInt32 || supportOnly && supportOf(m, up, gravity) != above {
				continue
			}
			s.level[j] = s.level[i] + 1
			s.queue = append(s.queue, j)
		}
	}
}

// pairLevel is the order key of a manifold: the lower level of its bodies, −1 against a
// ground plane, wallLevel against any other plane.
func (s *contactState) pairLevel(p Pair) int {
	if p.B < 0 {
		if s.groundPlane[p.Plane()] {
			return -1
		}
		return wallLevel
	}
	return min(s.level[p.A], s.level[p.B])
}
