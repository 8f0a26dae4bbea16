package aabb

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// unit is the box of a unit cube centred on its frame's origin.
var unit = Box{Lo: mgl64.Vec3{-0.5, -0.5, -0.5}, Hi: mgl64.Vec3{0.5, 0.5, 0.5}}

// TestPosedBoundsRotatedCube checks the |R| rule: a unit cube turned 45° about y spans √2 in
// x and z and 1 in y, and a corner is inside its box.
func TestPosedBoundsRotatedCube(t *testing.T) {
	b := &body.Body{R: body.Exp(mgl64.Vec3{0, math.Pi / 4, 0}), P: mgl64.Vec3{1, 2, 3}}
	box := Posed(b, unit, 0)
	want := mgl64.Vec3{math.Sqrt2, 1, math.Sqrt2}
	if got := box.Hi.Sub(box.Lo); !got.ApproxEqualThreshold(want, 1e-12) {
		t.Errorf("extent %v, want %v", got, want)
	}
	if c := box.Lo.Add(box.Hi).Mul(0.5); !c.ApproxEqualThreshold(b.P, 1e-12) {
		t.Errorf("centre %v, want %v", c, b.P)
	}
	if e := Posed(b, Empty, 1); e != Empty {
		t.Errorf("an empty local box posed gives %v, want Empty", e)
	}
}

// Overlap counts touching boxes, and an empty box overlaps nothing, itself included.
func TestOverlap(t *testing.T) {
	shifted := func(x float64) Box {
		d := mgl64.Vec3{x, 0, 0}
		return Box{unit.Lo.Add(d), unit.Hi.Add(d)}
	}
	for _, c := range []struct {
		a, b Box
		want bool
	}{
		{unit, unit, true}, {unit, shifted(0.5), true}, {unit, shifted(1), true},
		{unit, shifted(1 + 1e-12), false}, {unit, Empty, false}, {Empty, Empty, false},
		{Of(nil), unit, false},
	} {
		if got := c.a.Overlaps(c.b); got != c.want || Overlap(&c.b, &c.a) != c.want {
			t.Errorf("%v and %v: overlap %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

// Slab gives the entry and exit distances of rays through the unit cube, and an empty
// interval for rays that miss it, parallel to a face or not.
func TestSlab(t *testing.T) {
	for _, c := range []struct {
		o, d   mgl64.Vec3
		lo, hi float64
		miss   bool
	}{
		{o: mgl64.Vec3{-2, 0, 0}, d: mgl64.Vec3{1, 0, 0}, lo: 1.5, hi: 2.5},
		{o: mgl64.Vec3{0, 3, 0}, d: mgl64.Vec3{0, -2, 0}, lo: 1.25, hi: 1.75},
		{o: mgl64.Vec3{0, 0, 0}, d: mgl64.Vec3{0, 0, 1}, lo: -0.5, hi: 0.5},
		{o: mgl64.Vec3{-1, -1, -1}, d: mgl64.Vec3{1, 1, 1}, lo: 0.5, hi: 1.5},
		{o: mgl64.Vec3{-2, 0.6, 0}, d: mgl64.Vec3{1, 0, 0}, miss: true}, // parallel, beside it
		{o: mgl64.Vec3{-2, 0, 0}, d: mgl64.Vec3{1, 2, 0}, miss: true},   // passes above it
	} {
		lo, hi := Slab(unit, c.o, c.d)
		if c.miss {
			if lo <= hi {
				t.Errorf("ray %v + s %v: [%g, %g], want a miss", c.o, c.d, lo, hi)
			}
			continue
		}
		if math.Abs(lo-c.lo) > 1e-15 || math.Abs(hi-c.hi) > 1e-15 {
			t.Errorf("ray %v + s %v: [%g, %g], want [%g, %g]", c.o, c.d, lo, hi, c.lo, c.hi)
		}
	}
}

// Of bounds its points tightly, and LongestAxis picks the box's longest side.
func TestOfAndLongestAxis(t *testing.T) {
	box := Of([]mgl64.Vec3{{1, -2, 0.5}, {-1, 3, 0}, {0, 0, -0.25}})
	if want := (Box{mgl64.Vec3{-1, -2, -0.25}, mgl64.Vec3{1, 3, 0.5}}); box != want {
		t.Errorf("bounds %v, want %v", box, want)
	}
	if a := box.LongestAxis(); a != 1 {
		t.Errorf("longest axis %d, want 1", a)
	}
	if a := unit.LongestAxis(); a != 0 {
		t.Errorf("a cube's longest axis %d, want the first, 0", a)
	}
}
