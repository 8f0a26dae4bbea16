// Package levels orders a step's contacts from the ground up: each body's level in the
// contact graph (0 on the ground, one more than the highest body it rests on) and the order
// in which the solver visits the manifolds, ground contacts first and walls last
// (docs/contact.md, "Levels and order"). It takes the bodies, the manifolds, the planes'
// unit normals and gravity as arguments.
package levels

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/collide"
)

// Unreached is the level of a body that no chain of contacts joins to the ground.
const Unreached = math.MaxInt32

// Graph is a step's contact graph, levelled: Build fills it, and its storage serves the
// next step's Build.
type Graph struct {
	// Level holds per body its level: 0 for a body resting on a ground plane or on a fixed
	// body and on no other body, else one more than the highest body it rests on; bodies
	// that only walls and side contacts reach get theirs from those (0 against a wall);
	// Unreached for a body no chain of contacts joins to the ground; −1 for a fixed body.
	Level []int
	// Order holds the manifolds' indices sorted by the lower level of their two bodies,
	// ground contacts first and walls last, ties in the manifolds' order or its reverse.
	Order []int32
	// Ground holds per plane whether it holds bodies up (grounds).
	Ground []bool

	walled            []int32 // bodies against a wall or a fixed body's side
	adj               []int32 // per body (adjStart), the manifolds it takes part in
	adjStart, adjFill []int32
	queue             []int32 // the breadth-first search's
	sup               []int8  // per manifold between two bodies: support, found once per Build
	orderKey          []int32 // per manifold: its bucket in the counting sort of Order
	orderStart        []int32 // per bucket: where its manifolds go next in Order
	support           supportOrder
}

// Build levels the contact graph of the manifolds ms between bodies, against the planes of
// unit normals planes under gravity, and sorts the manifolds bottom-up (Graph), ties in
// their order, or in reverse when flip. Gauss–Seidel favours what it visits last: a box on
// two others is stopped against the left one, then the right one, and always in that order
// the bias adds up step after step (pyramid20's top boxes crept 12 cm sideways in 10 s);
// flipped every other step, it cancels (9 mm). Solving from the ground up lets each sweep
// carry support upward through a stack, and the solver's shock-propagation sweep freezes
// the lower body of each contact.
func (g *Graph) Build(bodies []*body.Body, ms []collide.Manifold, planes []mgl64.Vec3, gravity mgl64.Vec3, flip bool) {
	n := len(bodies)
	g.Level = slices.Grow(g.Level[:0], n)[:n]
	g.adjStart = slices.Grow(g.adjStart[:0], n+1)[:n+1]
	clear(g.adjStart)
	g.queue, g.walled = g.queue[:0], g.walled[:0]
	up, pulled := upOf(gravity)
	g.Ground = grounds(g.Ground[:0], planes, up, pulled)
	for i, b := range bodies {
		g.Level[i] = Unreached
		if b.Fixed {
			g.Level[i] = -1
		}
	}
	ground := func(i int) {
		if g.Level[i] > 0 {
			g.Level[i] = 0
			g.queue = append(g.queue, int32(i))
		}
	}
	// Adjacency in compressed rows (per body, its manifolds): count, prefix sums, fill.
	for i := range ms {
		p := ms[i].Pair
		if p.B < 0 {
			if g.Ground[p.Plane()] {
				ground(int(p.A))
			} else {
				g.walled = append(g.walled, p.A)
			}
			continue
		}
		g.adjStart[p.A+1]++
		g.adjStart[p.B+1]++
	}
	for i := range n {
		g.adjStart[i+1] += g.adjStart[i]
	}
	g.adj = slices.Grow(g.adj[:0], int(g.adjStart[n]))[:g.adjStart[n]]
	g.sup = slices.Grow(g.sup[:0], len(ms))[:len(ms)]
	g.adjFill = append(g.adjFill[:0], g.adjStart[:n]...)
	for i := range ms {
		m := &ms[i]
		p := m.Pair
		if p.B < 0 {
			continue
		}
		g.adj[g.adjFill[p.A]], g.adjFill[p.A] = int32(i), g.adjFill[p.A]+1
		g.adj[g.adjFill[p.B]], g.adjFill[p.B] = int32(i), g.adjFill[p.B]+1
		sup := support(m, up, pulled)
		g.sup[i] = int8(sup)
		switch {
		case bodies[p.A].Fixed && sup > 0:
			ground(int(p.B))
		case bodies[p.B].Fixed && sup < 0:
			ground(int(p.A))
		case bodies[p.A].Fixed:
			g.walled = append(g.walled, p.B)
		case bodies[p.B].Fixed:
			g.walled = append(g.walled, p.A)
		}
	}
	// Up the support contacts first, breadth first, then each body above all it rests on;
	// then bodies that only side contacts (or walls) reach get their level from those.
	g.spread(ms, true)
	g.supportLevels(bodies, ms)
	for _, i := range g.walled {
		if g.Level[i] == Unreached {
			g.Level[i] = 0
			g.queue = append(g.queue, i)
		}
	}
	g.spread(ms, false)
	g.sortOrder(ms, flip)
}

// sortOrder sets g.Order to the manifolds sorted by pairLevel, ties in their order, or in
// reverse when flip: a counting sort, since the keys are −1, the levels below the number of
// bodies n, and Unreached (bucket n+1).
func (g *Graph) sortOrder(ms []collide.Manifold, flip bool) {
	n, m := len(g.Level), len(ms)
	g.orderKey = slices.Grow(g.orderKey[:0], m)[:m]
	g.orderStart = slices.Grow(g.orderStart[:0], n+3)[:n+3]
	clear(g.orderStart)
	for i := range ms {
		k := int32(n + 1)
		if l := g.pairLevel(ms[i].Pair); l != Unreached {
			k = int32(l + 1)
		}
		g.orderKey[i] = k
		g.orderStart[k+1]++
	}
	for k := range n + 2 {
		g.orderStart[k+1] += g.orderStart[k]
	}
	g.Order = slices.Grow(g.Order[:0], m)[:m]
	place := func(i int) {
		k := g.orderKey[i]
		g.Order[g.orderStart[k]], g.orderStart[k] = int32(i), g.orderStart[k]+1
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

// spread runs the breadth-first search over g.queue from its start: with supportOnly, a
// body's level passes only to the bodies resting on it (support); otherwise to every
// neighbour not yet reached.
func (g *Graph) spread(ms []collide.Manifold, supportOnly bool) {
	for q := 0; q < len(g.queue); q++ {
		i := g.queue[q]
		for _, k := range g.adj[g.adjStart[i]:g.adjStart[i+1]] {
			m := &ms[k]
			j, above := m.Pair.B, int8(1)
			if j == i {
				j, above = m.Pair.A, -1
			}
			if g.Level[j] != Unreached || supportOnly && g.sup[k] != above {
				continue
			}
			g.Level[j] = g.Level[i] + 1
			g.queue = append(g.queue, j)
		}
	}
}

// pairLevel is the order key of a manifold: the lower level of its bodies, −1 against a
// ground plane, wallLevel against any other plane.
func (g *Graph) pairLevel(p collide.Pair) int {
	if p.B < 0 {
		if g.Ground[p.Plane()] {
			return -1
		}
		return wallLevel
	}
	return min(g.Level[p.A], g.Level[p.B])
}
