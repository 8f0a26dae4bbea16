package levels

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/collide"
)

// supportCos is the cosine of the largest angle between a contact normal and the upward
// direction (against gravity) at which the contact holds a body up: a plane or a body below
// within 60° of level supports what rests on it, a steeper one (a wall, a box's side) only
// pushes it sideways. The shock-propagation levels follow support contacts only.
const supportCos = 0.5

// wallLevel is the order key of a manifold against a plane that is not ground: after every
// body pair, so that walls have the last word in each sweep and no push from the heap
// leaves a body through one.
const wallLevel = math.MaxInt32

// upOf returns the unit upward direction, against gravity, and false in zero gravity (then
// every contact counts as support, as without supportCos).
func upOf(gravity mgl64.Vec3) (mgl64.Vec3, bool) {
	if l := rounded.Len(gravity); l > 0 {
		return gravity.Mul(-1 / l), true
	}
	return mgl64.Vec3{}, false
}

// grounds appends to dst, per plane of unit normal in planes, whether its normal lies
// within acos supportCos of up (any plane when not pulled), so that bodies touching it are
// the ground level of the contact graph. Walls are not: a box pressed against a wall halfway
// up a heap is held by the boxes below it, and were it level 0, the shock sweep would freeze
// it and push the boxes under it down (pile1000: 30 cm into the floor).
func grounds(dst []bool, planes []mgl64.Vec3, up mgl64.Vec3, pulled bool) []bool {
	for _, n := range planes {
		dst = append(dst, !pulled || rounded.Dot(n, up) >= supportCos)
	}
	return dst
}

// support returns, for a manifold between two bodies (or a body and a fixed body), which of
// its bodies rests on the other: +1 when B rests on A (the normal, from A to B, points up
// within acos supportCos), −1 when A rests on B, 0 for a side contact; +1 when not pulled
// (zero gravity).
func support(m *collide.Manifold, up mgl64.Vec3, pulled bool) int {
	if !pulled {
		return 1
	}
	switch c := rounded.Dot(m.Normal, up); {
	case c >= supportCos:
		return 1
	case c <= -supportCos:
		return -1
	}
	return 0
}
