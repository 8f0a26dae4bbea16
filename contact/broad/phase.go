// Package broad is the broad phase of contact detection: it finds the pairs of bodies whose
// world boxes, fattened by how far each body can travel in the step plus the speculative
// margin, overlap, so that every pair the narrow phase could make a speculative contact of
// is found. It takes each body's pose, velocities and hull bounds as arguments.
package broad

import (
	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
)

// Pair is two bodies, by index, A < B.
type Pair struct {
	A, B int32
}

// Phase is the broad phase's state: this step's boxes, and the sweep's order, kept from
// step to step (sweep.go). Each step starts with Reset, adds every body in order with Add,
// then asks for the pairs.
type Phase struct {
	// Boxes holds per body, in the order added, its fattened world box of this step.
	Boxes  []aabb.Box
	moving []bool    // per body: neither fixed nor asleep
	free   []bool    // per body: not fixed
	radius []float64 // per body: how far its hull reaches from its centre of mass
	sweep  sweepPrune
	near   near
}

// Reset forgets the last step's boxes.
func (p *Phase) Reset() {
	p.Boxes, p.moving, p.free, p.radius = p.Boxes[:0], p.moving[:0], p.free[:0], p.radius[:0]
}

// Add adds the next body: b where it stands, whose hull has the body-frame box local and
// reaches radius (m) from its centre of mass. Its box is fattened by margin (m) plus the
// farthest a corner can travel in a step of h seconds, h(|v| + |ω| radius). moving says the
// body is neither fixed nor asleep: pairs of two bodies that do not move are left out.
func (p *Phase) Add(b *body.Body, local aabb.Box, radius, margin, h float64, moving bool) {
	fat := margin + float64(h*(rounded.Len(b.V)+float64(rounded.Len(b.Omega)*radius)))
	p.Boxes = append(p.Boxes, aabb.Posed(b, local, fat))
	p.moving = append(p.moving, moving)
	p.free = append(p.free, !b.Fixed)
	p.radius = append(p.radius, radius)
}

// Pairs returns the pairs of bodies (A < B, ascending by A then B) whose boxes overlap and
// of which at least one moves: the first limit the sweep meets; those it meets after them
// are only counted (Dropped). The pairs kept from earlier steps give them while no body
// has left its enlarged box (near.go); otherwise the sweep finds them. The result is valid
// until the next call.
func (p *Phase) Pairs(limit int) []Pair {
	if pairs, ok := p.near.pairs(p.sweep.pairs[:0], p.Boxes, p.radius, p.free, p.moving, limit); ok {
		p.sweep.pairs, p.sweep.over = pairs, 0 // the sweep's storage
		return pairs
	}
	return p.sweep.find(p.Boxes, p.moving, limit)
}

// Dropped returns how many overlapping pairs the last Pairs met beyond its limit, and the
// first of them.
func (p *Phase) Dropped() (n int, first Pair) {
	return p.sweep.over, p.sweep.first
}
