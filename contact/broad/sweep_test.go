package broad

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
)

// randomBoxes returns n world boxes of unit cubes with random orientations, spread
// uniformly over a region of the given size (m), fattened by the speculative margin, and
// marks about a fifth of them as not moving (fixed or asleep).
func randomBoxes(rng *rand.Rand, n int, size mgl64.Vec3) ([]aabb.Box, []bool) {
	local := aabb.Box{Lo: mgl64.Vec3{-0.5, -0.5, -0.5}, Hi: mgl64.Vec3{0.5, 0.5, 0.5}}
	boxes := make([]aabb.Box, n)
	moving := make([]bool, n)
	for i := range n {
		b := &body.Body{R: body.Exp(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})}
		for k := range 3 {
			b.P[k] = size[k] * rng.Float64()
		}
		boxes[i] = aabb.Posed(b, local, margin)
		moving[i] = rng.IntN(5) > 0
	}
	return boxes, moving
}

// bruteForce is the reference broad phase: every pair, in (A, B) order.
func bruteForce(boxes []aabb.Box, moving []bool) []Pair {
	var out []Pair
	for a := range boxes {
		for b := a + 1; b < len(boxes); b++ {
			if (moving[a] || moving[b]) && boxes[a].Overlaps(boxes[b]) {
				out = append(out, Pair{int32(a), int32(b)})
			}
		}
	}
	return out
}

// TestSweepMatchesAllPairs checks that sweep and prune finds exactly the pairs, in exactly
// the order, of the all-pairs test, on random scenes from sparse to dense and from flat to
// tall, and keeps doing so as the bodies move (the insertion sort's temporal coherence) and
// when the sweep axis changes.
func TestSweepMatchesAllPairs(t *testing.T) {
	for _, c := range []struct {
		n    int
		size mgl64.Vec3
	}{
		{0, mgl64.Vec3{1, 1, 1}},
		{1, mgl64.Vec3{1, 1, 1}},
		{50, mgl64.Vec3{2, 2, 2}},        // everything overlaps everything
		{300, mgl64.Vec3{10, 10, 10}},    // a pile
		{300, mgl64.Vec3{40, 1, 40}},     // a floor covered with boxes
		{500, mgl64.Vec3{1, 100, 1}},     // a tower: sweeps along y
		{1000, mgl64.Vec3{60, 60, 60}},   // sparse
		{1000, mgl64.Vec3{100, 50, 0.5}}, // a wall of boxes, like large_pyramid
	} {
		t.Run(fmt.Sprintf("%d_%gx%gx%g", c.n, c.size[0], c.size[1], c.size[2]), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(c.n), 7))
			boxes, moving := randomBoxes(rng, c.n, c.size)
			var sp sweepPrune
			for step := range 20 {
				got := sp.find(boxes, moving, math.MaxInt)
				want := bruteForce(boxes, moving)
				if !slices.Equal(got, want) {
					t.Fatalf("step %d (axis %d): sweep found %d pairs, all-pairs %d; first sweep %v, first all-pairs %v",
						step, sp.axis, len(got), len(want), head(got), head(want))
				}
				// Move every box a little; at step 10 squash the scene along its longest
				// axis so that the sweep axis changes.
				for i := range boxes {
					d := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.05)
					if step == 10 {
						d[sp.axis] = -0.9 * 0.5 * (boxes[i].Lo[sp.axis] + boxes[i].Hi[sp.axis])
					}
					boxes[i].Lo, boxes[i].Hi = boxes[i].Lo.Add(d), boxes[i].Hi.Add(d)
				}
				if step%4 == 3 && len(moving) > 0 {
					moving[rng.IntN(len(moving))] = false
				}
			}
		})
	}
}

func head(p []Pair) []Pair { return p[:min(len(p), 5)] }

// Beyond its limit the sweep stores no pair: it keeps the first limit pairs it meets,
// sorted, and counts the rest, the first of which is named.
func TestSweepLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	boxes, moving := randomBoxes(rng, 300, mgl64.Vec3{4, 4, 4})
	var all, some sweepPrune
	every := slices.Clone(all.find(boxes, moving, math.MaxInt))
	for _, limit := range []int{0, 1, 100, len(every) - 1, len(every), len(every) + 1} {
		got := some.find(boxes, moving, limit)
		want := min(limit, len(every))
		if len(got) != want || some.over != len(every)-want || cap(got) > max(2*limit, 64) {
			t.Fatalf("limit %d: %d pairs kept (capacity %d), %d counted over; want %d and %d of the %d",
				limit, len(got), cap(got), some.over, want, len(every)-want, len(every))
		}
		if !slices.IsSortedFunc(got, func(p, q Pair) int { return cmpPair(p, q) }) {
			t.Fatalf("limit %d: pairs out of order", limit)
		}
		for _, p := range got {
			if _, ok := slices.BinarySearchFunc(every, p, cmpPair); !ok {
				t.Fatalf("limit %d: pair %v kept that does not overlap", limit, p)
			}
		}
		if some.over > 0 {
			_, kept := slices.BinarySearchFunc(got, some.first, cmpPair)
			_, real := slices.BinarySearchFunc(every, some.first, cmpPair)
			if kept || !real {
				t.Fatalf("limit %d: first pair dropped %v: kept %v, overlapping %v", limit, some.first, kept, real)
			}
		}
	}
}

func cmpPair(p, q Pair) int {
	if p.A != q.A {
		return int(p.A - q.A)
	}
	return int(p.B - q.B)
}

// BenchmarkSweep times the broad phase on piles of unit cubes at the density of a settled
// heap (one cube per 2 m³), the bodies moving a little between steps; it reports the pairs
// found and the time per body.
func BenchmarkSweep(b *testing.B) {
	for _, n := range []int{1000, 5000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			side := math.Cbrt(2 * float64(n))
			boxes, moving := randomBoxes(rng, n, mgl64.Vec3{side, side, side})
			var sp sweepPrune
			pairs := len(sp.find(boxes, moving, math.MaxInt))
			i := 0
			for b.Loop() {
				// Jiggle one box in 16 per step, deterministically, so the order needs repair.
				k := (i * 16) % n
				i++
				d := mgl64.Vec3{0.01, -0.01, 0.01}.Mul(float64(i%3 - 1))
				for j := k; j < min(n, k+n/16); j++ {
					boxes[j].Lo, boxes[j].Hi = boxes[j].Lo.Add(d), boxes[j].Hi.Add(d)
				}
				pairs = len(sp.find(boxes, moving, math.MaxInt))
			}
			b.ReportMetric(float64(pairs), "pairs")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/body")
		})
	}
}
