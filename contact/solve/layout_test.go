package solve

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Sort splits a sweep order into parts of about equal size by coordinate, each part in
// sweep order, and remembers where each manifold of the sweep order went; coordinates all
// alike make one part, and a NaN coordinate goes to the first.
func TestLayoutSplitsBySide(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const m = 5000
	at := make([]float64, m)
	for k := range at {
		at[k] = rng.NormFloat64()
	}
	at[17] = math.NaN()
	for _, parts := range []int{1, 2, 3, 8} {
		order := make([]int32, m)
		for q := range order {
			order[q] = int32(m - 1 - q) // a sweep order that is not the identity
		}
		sweep := append([]int32(nil), order...)
		var l Layout
		l.Sort(order, parts, func(k int32) float64 { return at[k] })
		if l.parts() != parts {
			t.Fatalf("%d parts asked, %d made", parts, l.parts())
		}
		for q, k := range sweep {
			if order[l.serial[q]] != k {
				t.Fatalf("%d parts: the sweep order's %d-th manifold %d lies at %d, which holds %d", parts, q, k, l.serial[q], order[l.serial[q]])
			}
		}
		for p := range parts {
			lo, hi := l.start[p], l.start[p+1]
			if size := int(hi - lo); math.Abs(float64(size-m/parts)) > m/100 {
				t.Errorf("%d parts: part %d holds %d manifolds, a share is %d", parts, p, size, m/parts)
			}
			for i := lo; i < hi; i++ {
				if l.part[i] != int32(p) {
					t.Fatalf("manifold at %d in part %d says %d", i, p, l.part[i])
				}
				if i > lo && l.serial[m-1-order[i]] < l.serial[m-1-order[i-1]] {
					t.Fatalf("%d parts: part %d is not in sweep order", parts, p)
				}
				if p+1 < parts && at[order[i]] > at[order[hi]] {
					t.Fatalf("%d parts: part %d reaches past part %d", parts, p, p+1)
				}
			}
		}
		if parts > 1 && l.part[l.serial[m-1-17]] != 0 {
			t.Errorf("the NaN coordinate went to part %d", l.part[l.serial[m-1-17]])
		}
	}
	order := []int32{0, 1, 2, 3}
	var l Layout
	l.Sort(order, 2, func(int32) float64 { return 1 })
	if l.parts() != 1 || l.start[1] != 4 {
		t.Errorf("manifolds at one coordinate: parts %v", l.start)
	}
}
