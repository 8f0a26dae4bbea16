package broad

import (
	"math"

	"github.com/tumble-physics/tumble/contact/internal/aabb"
)

// Tunables of the kept pairs.
const (
	// enlargement is how far, as a fraction of its hull's radius, a body's enlarged box
	// reaches beyond its box when the pairs are found: a unit cube may creep 8.7 cm before
	// they are found again.
	enlargement = 0.1
	// retryAfter is the most steps the kept pairs wait before they are tried again: after
	// the enlarged boxes overlapped in more pairs than twice the limit, or after pairs kept
	// for fewer than two steps (bodies moving too fast for them; the wait doubles each time).
	retryAfter = 64
)

// near keeps the pairs of bodies whose enlarged boxes overlap (each body's box grown by
// enlargement times its hull's radius), of which at least one is free (not fixed), from step
// to step. While every body's box stays inside its enlarged box, every pair whose boxes
// overlap is among them, and a step's pairs are those of them whose boxes overlap: a
// settled stack's broad phase is a pass over its pairs rather than a sweep, as the fat
// boxes of Box2D's and Box3D's trees spare their queries. The pairs come out as the sweep
// gives them, in (A, B) order.
type near struct {
	enlarged []aabb.Box
	kept     []Pair // sorted by A then B (the sweep's, valid until it runs again)
	sweep    sweepPrune
	served   int // steps the kept pairs have served; 0 when there are none
	wait     int // steps until pairs are tried again
	idle     int // the last wait after pairs that served one step
}

// pairs appends to out the pairs (A < B) of bodies whose boxes overlap and of which at
// least one moves, as sweepPrune.find would find them, and returns them and true; or false
// when they are more than limit, or the enlarged boxes overlap in more than twice as many.
// boxes, radius, free and moving are per body.
func (nr *near) pairs(out []Pair, boxes []aabb.Box, radius []float64, free, moving []bool, limit int) ([]Pair, bool) {
	if nr.wait > 0 {
		nr.wait--
		return nil, false
	}
	if len(nr.enlarged) != len(boxes) || !nr.inside(boxes) {
		switch {
		case nr.served == 1: // the bodies move too fast for kept pairs
			nr.idle = min(2*nr.idle+1, retryAfter)
			nr.served, nr.wait = 0, nr.idle
			return nil, false
		case nr.served > 1:
			nr.idle = 0
		}
		nr.served = 0
		nr.enlarge(boxes, radius)
		nr.kept = nr.sweep.find(nr.enlarged, free, 2*min(limit, math.MaxInt/2))
		if nr.sweep.over > 0 {
			nr.enlarged, nr.wait = nr.enlarged[:0], retryAfter
			return nil, false
		}
	}
	nr.served++
	for _, p := range nr.kept {
		if !(moving[p.A] || moving[p.B]) || !aabb.Overlap(&boxes[p.A], &boxes[p.B]) {
			continue
		}
		if len(out) == limit {
			return nil, false
		}
		out = append(out, p)
	}
	return out, true
}

// inside reports whether every box lies inside its body's enlarged box (an empty box
// lies inside any; a box with a NaN inside none).
func (nr *near) inside(boxes []aabb.Box) bool {
	for i := range boxes {
		b, e := &boxes[i], &nr.enlarged[i]
		if b.Lo[0] > b.Hi[0] {
			continue
		}
		for k := range 3 {
			if !(b.Lo[k] >= e.Lo[k] && b.Hi[k] <= e.Hi[k]) {
				return false
			}
		}
	}
	return true
}

// enlarge sets each body's enlarged box: its box grown by enlargement times its hull's
// radius (an empty box stays empty).
func (nr *near) enlarge(boxes []aabb.Box, radius []float64) {
	nr.enlarged = append(nr.enlarged[:0], boxes...)
	for i := range nr.enlarged {
		e := &nr.enlarged[i]
		if e.Lo[0] > e.Hi[0] {
			continue
		}
		d := float64(enlargement * radius[i])
		for k := range 3 {
			e.Lo[k] -= d
			e.Hi[k] += d
		}
	}
}
