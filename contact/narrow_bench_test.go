package contact_test

import (
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// BenchmarkNarrowPhase times the body–body detection of pile1000 in mid-fall (steps 200
// and 201: the lower layers have landed and lie on each other, the upper ones still fall
// through the pen), without the solve: the broad phase, then the separating-axis tests and
// clipping of every pair it finds, shared among the goroutines as a step does. The two
// states alternate, so that what the narrow phase remembers from one detection to the
// next is a step old, as in a run. Besides the wall time per detection it reports the CPU
// time per detection of every goroutine (docs/benchmarks.md, "Narrow phase").
func BenchmarkNarrowPhase(b *testing.B) {
	_, w := loadWorld(b, "pile1000")
	for range 200 {
		mustStep(b, w)
	}
	type state struct {
		p, v, omega mgl64.Vec3
		r           mgl64.Mat3
	}
	var states [2][]state
	for k := range states {
		for _, bd := range w.Bodies {
			states[k] = append(states[k], state{bd.P, bd.V, bd.Omega, bd.R})
		}
		mustStep(b, w)
	}
	touching, k := 0, 0
	cpu0 := cpuTime(b)
	for b.Loop() {
		for i, bd := range w.Bodies {
			st := &states[k%2][i]
			bd.P, bd.V, bd.Omega, bd.R = st.p, st.v, st.omega, st.r
		}
		touching += w.DetectPairs()
		k++
	}
	b.ReportMetric(float64(touching)/float64(k), "pairs")
	b.ReportMetric(float64(cpuTime(b)-cpu0)/float64(k), "cpu-ns/op")
}

// cpuTime returns the CPU time the process has used, user and system, every goroutine's:
// on a machine shared with other work it says what a benchmark costs better than the
// wall clock, which counts the time the process waited for a core.
func cpuTime(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// BenchmarkConvexPairs times the convex–convex narrow phase of pile1000 in mid-fall (step
// 200) on one goroutine: the separating-axis test of every pair the broad phase finds
// (sat), and that with the clipping of the pairs that touch (clip). The pairs and poses
// are those of the step's detection.
func BenchmarkConvexPairs(b *testing.B) {
	_, w := loadWorld(b, "pile1000")
	for range 200 {
		mustStep(b, w)
	}
	for _, clip := range []bool{false, true} {
		name := map[bool]string{false: "sat", true: "clip"}[clip]
		b.Run(name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				n = w.ConvexPairs(clip)
			}
			b.ReportMetric(float64(n), "pairs")
		})
	}
}
