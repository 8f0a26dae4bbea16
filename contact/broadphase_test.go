package contact

import "testing"

// The broad phase misses no contact: at every step of a pile of 150 cubes falling into a
// pen, no pair that sweep and prune leaves out gets a manifold from the narrow phase.
func TestBroadPhaseMissesNoContact(t *testing.T) {
	w := penPile(150)
	w.EnableSleep = false
	s := &w.contacts
	checked := 0
	for step := range 90 {
		mustStep(t, w)
		s.detector.detections++ // a new detection: the hulls are posed afresh where the bodies are now
		s.detector.broadPairs(s, w)
		found := map[[2]int32]bool{}
		for _, p := range s.detector.pairs {
			found[p] = true
		}
		for a := range w.Bodies {
			for b := a + 1; b < len(w.Bodies); b++ {
				if found[[2]int32{int32(a), int32(b)}] {
					continue
				}
				m := Manifold{Pair: Pair{A: int32(a), B: int32(b)}}
				if s.detector.collide(s, w, a, b, nil, &m) && m.N > 0 {
					t.Fatalf("step %d: bodies %d and %d touch (%d points) but are not a broad-phase pair", step, a, b, m.N)
				}
				checked++
			}
		}
	}
	t.Logf("%d left-out pairs checked", checked)
}

// BenchmarkBroadPairs times the whole broad phase (boxes, sweep, sorted pairs) on a pile of
// 1,000 cubes after it has fallen for a second, per step and per body.
func BenchmarkBroadPairs(b *testing.B) {
	w := penPile(1000)
	w.EnableSleep = false
	for range 60 {
		mustStep(b, w)
	}
	s := &w.contacts
	for b.Loop() {
		s.detector.broadPairs(s, w)
	}
	b.ReportMetric(float64(len(s.detector.pairs)), "pairs")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(w.Bodies)), "ns/body")
}
