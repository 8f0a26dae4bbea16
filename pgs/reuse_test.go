package pgs

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestGaussSeidelSameKeepsBits solves a problem, then problems made from it the way a
// contact step's guard rounds and position pass make them (manifolds dropped, rebuilt,
// moved by rows inserted before them, swapped, new biases; the normal rows alone), once
// with Problem.Same and once by a solver that has seen nothing: the impulses and velocities
// must be the same to the bit.
func TestGaussSeidelSameKeepsBits(t *testing.T) {
	const high = 4
	base := towers(6, 3, high, grouped) // 12 rows per box: 4 normal, then 8 friction
	base.Level = make([]int, base.Bodies())
	for b := range base.Level {
		base.Level[b] = (b - 1) % high // the floor (body 0) gets −1
	}
	for b := range base.Bodies() { // start from varied velocities, so impulses differ
		for i := range 6 {
			base.V[b*6+i] += 0.01 * math.Sin(float64(7*b+i))
		}
	}
	manifolds := len(base.Rows) / 12
	type edit struct {
		name string
		// part returns manifold m's rows in the new problem: from the base (kept), from the
		// base but presented as new (rebuilt), or left out.
		part   func(m int) (keep, rebuilt bool)
		insert bool // a new manifold first, which moves the others back
		swap   bool // exchange the second and third manifolds kept
		bias   bool // new biases for the kept normal rows
		normal bool // the normal rows only, without friction (the position pass)
	}
	edits := []edit{
		{name: "same rows", part: func(int) (bool, bool) { return true, false }},
		{name: "new biases", part: func(int) (bool, bool) { return true, false }, bias: true},
		{name: "dropped and rebuilt", part: func(m int) (bool, bool) { return m%5 != 1, m%3 == 2 }, bias: true},
		{name: "moved forward", part: func(m int) (bool, bool) { return m != 0, m == 4 }},
		{name: "moved back", part: func(m int) (bool, bool) { return m != 3, m == 6 }, insert: true},
		{name: "swapped", part: func(int) (bool, bool) { return true, false }, swap: true},
		{name: "normal rows", part: func(m int) (bool, bool) { return m != 2, false }, normal: true, bias: true},
	}
	for _, blocks := range []bool{false, true} {
		for _, e := range edits {
			p, same := &Problem{}, []int(nil)
			p.Reset(6)
			p.InvMass, p.V, p.Level = base.InvMass, base.V, base.Level
			rng := rand.New(rand.NewPCG(3, 4))
			order := make([]int, manifolds)
			for m := range order {
				order[m] = m
			}
			if e.swap {
				order[1], order[2] = order[2], order[1]
			}
			if e.insert { // −1: manifold 5's rows once more, as new ones
				order = append([]int{-1}, order...)
			}
			for _, m := range order {
				keep, rebuilt := true, true
				if m < 0 {
					m = 5
				} else {
					keep, rebuilt = e.part(m)
				}
				if !keep {
					continue
				}
				first := len(p.Rows)
				for k := 12 * m; k < 12*m+12; k++ {
					r := base.Rows[k]
					if r.Normal >= 0 {
						if e.normal {
							continue
						}
						r.Normal += first - 12*m
					} else if e.bias {
						r.Bias += 0.01 * rng.NormFloat64()
					}
					src := k
					if rebuilt {
						src = -1
					}
					p.AddRow(r, base.J[12*k:12*k+6], base.J[12*k+6:12*k+12], 0.1*rng.Float64())
					same = append(same, src)
				}
			}
			p.Same = same

			seen := GaussSeidel{BlockNormals: blocks, Shock: true, Iterations: 3}
			first := clone(base)
			first.Level = base.Level
			if _, err := seen.Solve(first); err != nil {
				t.Fatal(err)
			}
			got, want := clone(p), clone(p)
			got.Level, got.Same, want.Level = base.Level, p.Same, base.Level
			if _, err := seen.Solve(got); err != nil {
				t.Fatal(err)
			}
			new := GaussSeidel{BlockNormals: blocks, Shock: true, Iterations: 3}
			if _, err := new.Solve(want); err != nil {
				t.Fatal(err)
			}
			if !sameSlices(got.Lambda, want.Lambda) || !sameSlices(got.V, want.V) {
				t.Errorf("BlockNormals %v, %s: the solve that kept the last one's work differs (λ by %g, v by %g)",
					blocks, e.name, maxDiff(got.Lambda, want.Lambda), maxDiff(got.V, want.V))
			}
		}
	}
}

// sameSlices reports whether a and b hold the same numbers, bit for bit.
func sameSlices(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameBits(a[i], b[i]) {
			return false
		}
	}
	return true
}
