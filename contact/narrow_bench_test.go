package contact_test

import "testing"

// BenchmarkNarrowPhase times the body–body detection of pile1000 in mid-fall (after 200
// steps: the lower layers have landed and lie on each other, the upper ones still fall
// through the pen), without the solve: the broad phase, then the separating-axis tests and
// clipping of every pair it finds, shared among the goroutines as a step does
// (docs/benchmarks.md, "Narrow phase").
func BenchmarkNarrowPhase(b *testing.B) {
	_, w := loadWorld(b, "pile1000")
	for range 200 {
		w.Step()
	}
	touching := 0
	for b.Loop() {
		touching = w.DetectPairs()
	}
	b.ReportMetric(float64(touching), "pairs")
}
