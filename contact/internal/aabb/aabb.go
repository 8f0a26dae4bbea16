// Package aabb is the axis-aligned boxes of contact detection: the bounds of a point set,
// a body's world box from its body-frame box, overlap, and where a ray crosses a box. The
// broad phase sweeps such boxes, the distance fields and their sample and triangle trees
// are built of them, and the World's queries cull by them.
package aabb

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
)

// Box is an axis-aligned box, metres: Lo ≤ Hi on every axis, or empty (Lo = +Inf, Hi =
// −Inf) for a body with nothing to collide with.
type Box struct {
	Lo, Hi mgl64.Vec3
}

// Empty overlaps nothing and sorts after every box.
var Empty = Box{
	Lo: mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)},
	Hi: mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)},
}

// Overlaps reports whether a and b share a point (touching counts). The six comparisons
// are and-ed as bits rather than branched on one by one: the sweep asks it of many pairs
// that fail on one axis or another, in no order a branch predictor can follow
// (BenchmarkSweep/1000 0.86 → 0.69 ms).
func (a Box) Overlaps(b Box) bool { return Overlap(&a, &b) }

// Overlap is Overlaps on pointers: the sweep calls it for every candidate pair, and it is
// too large to be inlined, so its boxes are not copied for the call.
func Overlap(a, b *Box) bool {
	return b2i(a.Lo[0] <= b.Hi[0])&b2i(b.Lo[0] <= a.Hi[0])&
		b2i(a.Lo[1] <= b.Hi[1])&b2i(b.Lo[1] <= a.Hi[1])&
		b2i(a.Lo[2] <= b.Hi[2])&b2i(b.Lo[2] <= a.Hi[2]) != 0
}

// b2i returns 1 for true and 0 for false (the compiler sets it from the flags: no branch).
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Of returns the box around points in their own frame, or Empty for none.
func Of(points []mgl64.Vec3) Box {
	box := Empty
	for _, p := range points {
		for k := range 3 {
			box.Lo[k] = min(box.Lo[k], p[k])
			box.Hi[k] = max(box.Hi[k], p[k])
		}
	}
	return box
}

// LongestAxis returns the axis (0, 1 or 2) along which the box is longest, the first on a
// tie.
func (a Box) LongestAxis() int {
	ext := a.Hi.Sub(a.Lo)
	axis := 0
	if ext[1] > ext[axis] {
		axis = 1
	}
	if ext[2] > ext[axis] {
		axis = 2
	}
	return axis
}

// Posed returns the world box of body b whose hull has the body-frame box local, grown by
// fat (m) on every side. The rotated box's half-extents are |R| times the local ones: exact
// for the local box, and tighter than a bounding sphere for long or flat bodies.
func Posed(b *body.Body, local Box, fat float64) Box {
	if local.Lo[0] > local.Hi[0] {
		return Empty
	}
	c := local.Lo.Add(local.Hi).Mul(0.5)
	e := local.Hi.Sub(local.Lo).Mul(0.5)
	wc := rounded.MulVec(b.R, c).Add(b.P)
	var box Box
	for k := range 3 {
		half := fat
		for j := range 3 {
			half += float64(math.Abs(b.R.At(k, j)) * e[j])
		}
		box.Lo[k], box.Hi[k] = wc[k]-half, wc[k]+half
	}
	return box
}

// Slab returns the interval of distances along d from o within box (both in the box's
// frame), by the slabs of its three axes: empty (lo > hi) when the line misses it.
func Slab(box Box, o, d mgl64.Vec3) (lo, hi float64) {
	lo, hi = math.Inf(-1), math.Inf(1)
	for k := range 3 {
		if d[k] == 0 {
			if o[k] < box.Lo[k] || o[k] > box.Hi[k] {
				return 1, 0
			}
			continue
		}
		a, b := (box.Lo[k]-o[k])/d[k], (box.Hi[k]-o[k])/d[k]
		lo, hi = max(lo, min(a, b)), min(hi, max(a, b))
	}
	return lo, hi
}
