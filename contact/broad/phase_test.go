package broad

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
)

// margin is the default speculative margin, m.
const margin = 0.01

// A body's fattened box holds it wherever its velocities carry it within the step: every
// corner of a box moving and spinning at random, at any time of the step, lies inside the
// box Add made for it, at least the margin inside.
func TestFattenedBoxHoldsTheStep(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	vec := func(s float64) mgl64.Vec3 {
		return mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(s)
	}
	const h = 1.0 / 60
	size := mgl64.Vec3{1, 2, 0.5}
	local := aabb.Box{Lo: size.Mul(-0.5), Hi: size.Mul(0.5)}
	var corners []mgl64.Vec3
	for _, x := range []float64{-0.5, 0.5} {
		for _, y := range []float64{-0.5, 0.5} {
			for _, z := range []float64{-0.5, 0.5} {
				corners = append(corners, mgl64.Vec3{x * size[0], y * size[1], z * size[2]})
			}
		}
	}
	radius := size.Len() / 2
	var p Phase
	for trial := range 500 {
		b := &body.Body{P: vec(3), R: body.Exp(vec(2)), V: vec(10), Omega: vec(20)}
		p.Reset()
		p.Add(b, local, radius, margin, h, true)
		box := p.Boxes[0]
		for k := range 11 {
			s := h * float64(k) / 10
			r := body.Exp(b.Omega.Mul(s)).Mul3(b.R)
			for _, c := range corners {
				x := r.Mul3x1(c).Add(b.P).Add(b.V.Mul(s))
				for a := range 3 {
					if x[a] < box.Lo[a]+margin-1e-12 || x[a] > box.Hi[a]-margin+1e-12 {
						t.Fatalf("trial %d: corner %v at time %g s lies at %v, outside %v less the margin", trial, c, s, x, box)
					}
				}
			}
		}
	}
}

// A pair of bodies that neither moves is not a pair, however their boxes overlap: fixed
// bodies and sleeping ones never touch each other.
func TestStillPairsAreLeftOut(t *testing.T) {
	local := aabb.Box{Lo: mgl64.Vec3{-0.5, -0.5, -0.5}, Hi: mgl64.Vec3{0.5, 0.5, 0.5}}
	for _, c := range []struct {
		moving [3]bool
		want   []Pair
	}{
		{[3]bool{true, true, true}, []Pair{{0, 1}, {0, 2}, {1, 2}}},
		{[3]bool{false, true, false}, []Pair{{0, 1}, {1, 2}}},
		{[3]bool{false, false, false}, nil},
	} {
		var p Phase
		p.Reset()
		for i := range 3 { // three cubes in a row, each overlapping the others
			b := &body.Body{P: mgl64.Vec3{0.4 * float64(i), 0, 0}, R: mgl64.Ident3()}
			p.Add(b, local, math.Sqrt(0.75), margin, 1.0/60, c.moving[i])
		}
		got := p.Pairs(math.MaxInt)
		if len(got) != len(c.want) {
			t.Fatalf("moving %v: pairs %v, want %v", c.moving, got, c.want)
		}
		for k := range got {
			if got[k] != c.want[k] {
				t.Errorf("moving %v: pairs %v, want %v", c.moving, got, c.want)
			}
		}
	}
}

// The pairs kept from step to step are the sweep's: over a wall of cubes creeping a
// millimetre a step, some fixed, some falling asleep and waking, one now and then jumping
// half a metre, every step's pairs are the all-pairs test's, in its order, and most steps
// take them from the kept pairs, without a sweep.
func TestKeptPairsAreTheSweeps(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	local := aabb.Box{Lo: mgl64.Vec3{-0.5, -0.5, -0.5}, Hi: mgl64.Vec3{0.5, 0.5, 0.5}}
	var bodies []*body.Body
	for row := range 20 {
		for k := range 20 - row {
			b := &body.Body{P: mgl64.Vec3{0.5*float64(row) + float64(k), 0.5 + float64(row), 0}, R: mgl64.Ident3()}
			b.Fixed = row == 0 && k%5 == 0
			bodies = append(bodies, b)
		}
	}
	moving := make([]bool, len(bodies))
	for i, b := range bodies {
		moving[i] = !b.Fixed
	}
	var p Phase
	kept := 0
	for step := range 300 {
		for i, b := range bodies {
			if b.Fixed {
				continue
			}
			b.P = b.P.Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(1e-3))
			if rng.IntN(2000) == 0 {
				b.P[0] += 0.5
			}
			if rng.IntN(100) == 0 {
				moving[i] = !moving[i]
			}
		}
		before := slices.Clone(p.near.enlarged)
		p.Reset()
		for i, b := range bodies {
			p.Add(b, local, math.Sqrt(0.75), margin, 1.0/60, moving[i])
		}
		got := p.Pairs(math.MaxInt)
		if want := bruteForce(p.Boxes, moving); !slices.Equal(got, want) {
			t.Fatalf("step %d: %d pairs, all-pairs %d", step, len(got), len(want))
		}
		if len(before) > 0 && slices.Equal(before, p.near.enlarged) {
			kept++
		}
	}
	t.Logf("the kept pairs served %d of 300 steps", kept)
	if kept < 150 {
		t.Errorf("the kept pairs served %d of 300 steps, want most", kept)
	}
}

// Beyond its limit the broad phase keeps the sweep's first pairs and counts the rest,
// whether or not it kept pairs from the step before.
func TestKeptPairsKeepTheLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	boxes, moving := randomBoxes(rng, 300, mgl64.Vec3{6, 6, 6})
	local := aabb.Box{Lo: mgl64.Vec3{-0.5, -0.5, -0.5}, Hi: mgl64.Vec3{0.5, 0.5, 0.5}}
	var p Phase
	add := func() {
		p.Reset()
		for i, b := range boxes {
			c := b.Lo.Add(b.Hi).Mul(0.5)
			p.Add(&body.Body{P: c, R: mgl64.Ident3()}, local, math.Sqrt(0.75), margin, 1.0/60, moving[i])
		}
	}
	add()
	all := len(p.Pairs(math.MaxInt))
	for _, limit := range []int{all, all - 1, all / 2} {
		add()
		got := slices.Clone(p.Pairs(limit))
		var sp sweepPrune
		want := sp.find(p.Boxes, moving, limit)
		over, _ := p.Dropped()
		if !slices.Equal(got, want) || over != sp.over {
			t.Errorf("limit %d of %d: %d pairs and %d dropped, the sweep %d and %d", limit, all, len(got), over, len(want), sp.over)
		}
	}
}
