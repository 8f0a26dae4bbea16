package levels

import (
	"slices"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/collide"
)

// supportOrder is supportLevels' scratch.
type supportOrder struct {
	below []int32 // per body: its support contacts with reached bodies not yet visited; −1 once ordered
	order []int32 // the reached bodies in the order their levels were settled
}

// supportLevels sets the level of every body that the breadth-first search up the support
// contacts reached (g.queue) to the longest chain of support contacts beneath it: a body
// comes after every body it rests on, whatever else it touches. That is the order shock
// propagation needs (Guendelman, Bridson, Fedkiw 2003 sort their contact graph
// topologically): the shock sweep freezes the lower body of each contact, and a contact
// between two bodies of one level moves both. The search alone gives a body the shortest
// chain, so a body touching the floor is level 0 though it rests on another: cubes spawned
// at one point all touch the floor, the separating-axis test stacks them in one column, and
// the position pass's last sweep, with nothing frozen, pushed the bottom ones metres through
// the floor (TestCoincidentCubesStayAboveFloor in package contact). Bodies that rest on each
// other in a cycle (overlapping, or tilted against each other) are ordered from the one the
// search reached first.
func (g *Graph) supportLevels(bodies []*body.Body, ms []collide.Manifold) {
	so := &g.support
	reached := g.queue
	so.below = slices.Grow(so.below[:0], len(bodies))[:len(bodies)]
	for _, i := range reached {
		so.below[i] = 0
	}
	for _, i := range reached {
		for _, k := range g.adj[g.adjStart[i]:g.adjStart[i+1]] {
			if j := g.restingOn(bodies, ms, i, k); j >= 0 {
				so.below[j]++
			}
		}
	}
	so.order = so.order[:0]
	for _, i := range reached {
		g.Level[i] = 0
		if so.below[i] == 0 {
			so.ordered(i)
		}
	}
	for head, next := 0, 0; ; {
		for ; head < len(so.order); head++ {
			i := so.order[head]
			for _, k := range g.adj[g.adjStart[i]:g.adjStart[i+1]] {
				j := g.restingOn(bodies, ms, i, k)
				if j < 0 || so.below[j] < 0 { // not above i, or ordered already: a cycle broken there
					continue
				}
				g.Level[j] = max(g.Level[j], g.Level[i]+1)
				if so.below[j]--; so.below[j] == 0 {
					so.ordered(j)
				}
			}
		}
		for next < len(reached) && so.below[reached[next]] < 0 {
			next++
		}
		if next == len(reached) {
			return
		}
		so.ordered(reached[next]) // in a cycle: ordered from here
	}
}

// ordered appends body i to the order.
func (so *supportOrder) ordered(i int32) {
	so.below[i] = -1
	so.order = append(so.order, i)
}

// restingOn returns the other body of manifold k, one of body i's, if it rests on i (a
// support contact, support), is not fixed and was reached by the search up the support
// contacts; else −1.
func (g *Graph) restingOn(bodies []*body.Body, ms []collide.Manifold, i, k int32) int32 {
	m := &ms[k]
	j, above := m.Pair.B, int8(1)
	if j == i {
		j, above = m.Pair.A, -1
	}
	if g.sup[k] != above || bodies[j].Fixed || g.Level[j] == Unreached {
		return -1
	}
	return j
}
