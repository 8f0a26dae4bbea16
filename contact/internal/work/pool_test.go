package work

import (
	"math"
	"sync/atomic"
	"testing"
)

// visits is a stage that counts the visits of each item and, per goroutine, the items it
// ran (Count), the largest item value (Most) and whether it met a marked item (Any).
type visits struct {
	pool   *Pool
	seen   []atomic.Int32
	values []float64
	marked int
	maxG   atomic.Int32
}

func (v *visits) Run(g, lo, hi int) {
	if int32(g) > v.maxG.Load() {
		v.maxG.Store(int32(g))
	}
	part := &v.pool.Parts[g]
	for i := lo; i < hi; i++ {
		v.seen[i].Add(1)
		part.Count++
		part.Most = max(part.Most, v.values[i])
		part.Any = part.Any || i == v.marked
	}
}

// Every item of a stage is run exactly once, by no more goroutines than asked for nor than
// minItems allows, and the parts combine to the serial result, whatever the number of
// workers and the batch; a stage's parts start from zero whatever the last stage left.
func TestShareRunsEveryItemOnce(t *testing.T) {
	var p Pool
	for _, c := range []struct{ workers, n, batch, minItems int }{
		{1, 0, 8, 1}, {1, 1000, 8, 1}, {2, 1, 8, 1}, {2, 1000, 1, 1}, {2, 1000, 32, 64},
		{4, 1000, 7, 1}, {8, 100, 3, 50}, {8, 5000, 256, 512}, {3, 10, 100, 1},
	} {
		v := &visits{pool: &p, seen: make([]atomic.Int32, c.n), values: make([]float64, c.n), marked: c.n / 2}
		for i := range v.values {
			v.values[i] = math.Sin(float64(i))
		}
		wantMost, wantAny := 0.0, c.n > 0
		for _, x := range v.values {
			wantMost = max(wantMost, x)
		}
		for round := range 3 { // the same pool, stage after stage
			for i := range v.seen {
				v.seen[i].Store(0)
			}
			p.Share(c.workers, c.n, c.batch, c.minItems, v)
			for i := range v.seen {
				if k := v.seen[i].Load(); k != 1 {
					t.Fatalf("%+v round %d: item %d run %d times", c, round, i, k)
				}
			}
			limit := max(1, min(c.workers, c.n/c.minItems))
			if len(p.Parts) != limit || int(v.maxG.Load()) >= limit {
				t.Fatalf("%+v: %d parts, goroutine %d ran; want at most %d goroutines", c, len(p.Parts), v.maxG.Load(), limit)
			}
			if p.Count() != c.n || p.Most() != wantMost || p.Any() != wantAny {
				t.Fatalf("%+v round %d: count %d, most %g, any %v; want %d, %g, %v",
					c, round, p.Count(), p.Most(), p.Any(), c.n, wantMost, wantAny)
			}
		}
	}
}

// Resize keeps the storage when it is large enough and grows it by half again when not.
func TestResize(t *testing.T) {
	s := Resize([]int(nil), 10)
	if len(s) != 10 || cap(s) != 15 {
		t.Fatalf("len %d cap %d, want 10 and 15", len(s), cap(s))
	}
	s[0] = 7
	if r := Resize(s, 12); &r[0] != &s[0] || len(r) != 12 {
		t.Errorf("a resize within the capacity moved the storage or has length %d", len(r))
	}
	if r := Resize(s, 3); &r[0] != &s[0] || len(r) != 3 {
		t.Errorf("a shrink moved the storage or has length %d", len(r))
	}
}

// BenchmarkShare times a stage of tiny items on two goroutines: the pool's own cost.
func BenchmarkShare(b *testing.B) {
	var p Pool
	v := &visits{pool: &p, seen: make([]atomic.Int32, 4096), values: make([]float64, 4096)}
	for b.Loop() {
		p.Share(2, len(v.seen), 256, 512, v)
	}
}
