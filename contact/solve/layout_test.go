package solve

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Sort splits a sweep order into parts of about equal size by coordinate, each part in an
// order in which any two of its manifolds that share a body keep their sweep order, and
// remembers where each manifold of the sweep order went; coordinates all alike make one
// part, and a NaN coordinate goes to the first.
func TestLayoutSplitsBySide(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const m, n = 5000, 800
	at := make([]float64, m)
	bodies := make([][2]int32, m)
	for k := range at {
		at[k] = rng.NormFloat64()
		bodies[k] = [2]int32{int32(rng.IntN(n)), -1}
		if k%5 != 0 { // a fifth against planes
			bodies[k][1] = int32(rng.IntN(n))
		}
	}
	at[17] = math.NaN()
	moved := func(k int32) (a, b int32) { return bodies[k][0], bodies[k][1] }
	for _, parts := range []int{1, 2, 3, 8} {
		order := make([]int32, m)
		for q := range order {
			order[q] = int32(m - 1 - q) // a sweep order that is not the identity
		}
		sweep := append([]int32(nil), order...)
		var l Layout
		l.Sort(order, n, parts, func(k int32) float64 { return at[k] }, moved)
		if l.parts() != parts {
			t.Fatalf("%d parts asked, %d made", parts, l.parts())
		}
		for q, k := range sweep {
			if order[l.serial[q]] != k {
				t.Fatalf("%d parts: the sweep order's %d-th manifold %d lies at %d, which holds %d", parts, q, k, l.serial[q], order[l.serial[q]])
			}
		}
		place := func(k int32) int32 { return l.serial[m-1-k] } // k's place in the sweep order is m−1−k
		for p := range parts {
			lo, hi := l.start[p], l.start[p+1]
			if size := int(hi - lo); math.Abs(float64(size-m/parts)) > m/100 {
				t.Errorf("%d parts: part %d holds %d manifolds, a share is %d", parts, p, size, m/parts)
			}
			latest := make([]int32, n) // per body: the sweep place of its latest manifold in the part, +1
			for i := lo; i < hi; i++ {
				k := order[i]
				if l.part[i] != int32(p) {
					t.Fatalf("manifold at %d in part %d says %d", i, p, l.part[i])
				}
				if p+1 < parts && at[k] > at[order[hi]] {
					t.Fatalf("%d parts: part %d reaches past part %d", parts, p, p+1)
				}
				q := int32(m-1) - k
				for _, b := range bodies[k] {
					if b < 0 {
						continue
					}
					if latest[b] > q+1 {
						t.Fatalf("%d parts: part %d visits body %d's manifold at sweep place %d after that at %d", parts, p, b, q, latest[b]-1)
					}
					latest[b] = q + 1
				}
			}
		}
		if parts > 1 && l.part[place(17)] != 0 {
			t.Errorf("the NaN coordinate went to part %d", l.part[place(17)])
		}
	}
	order := []int32{0, 1, 2, 3}
	var l Layout
	l.Sort(order, 1, 2, func(int32) float64 { return 1 }, func(int32) (a, b int32) { return 0, -1 })
	if l.parts() != 1 || l.start[1] != 4 {
		t.Errorf("manifolds at one coordinate: parts %v", l.start)
	}
}
