package viewer

import (
	"fmt"
	"io"
	"slices"
	"time"
)

// frameStats collects the wall time of each frame after the first: events, rendering and the
// buffer swap (llvmpipe renders there), and with Options.Frames the frame's step, but not the
// wait for the frame-rate cap.
type frameStats struct {
	ms  []float64
	cpu time.Duration // the process's CPU time when the first frame was shown
}

func (f *frameStats) add(d time.Duration) { f.ms = append(f.ms, d.Seconds()*1000) }

// report writes the frame times' median and 95th percentile, the process's CPU time per
// frame (all threads: a measure that other jobs on the machine disturb less), and the
// simulation's rate, steps taken in stepTime over the run's secs seconds of wall time.
func (f *frameStats) report(w io.Writer, steps int, stepTime time.Duration, secs float64) {
	if len(f.ms) == 0 {
		return
	}
	sorted := slices.Sorted(slices.Values(f.ms))
	msPerStep := 0.0
	if steps > 0 {
		msPerStep = stepTime.Seconds() * 1000 / float64(steps)
	}
	cpu := (processCPU() - f.cpu).Seconds() * 1000 / float64(len(f.ms))
	fmt.Fprintf(w, "frame time %.1f ms median, %.1f ms 95th percentile; CPU %.1f ms/frame; simulation %.1f steps/s, %.2f ms/step\n",
		sorted[len(sorted)/2], sorted[len(sorted)*95/100], cpu, float64(steps)/secs, msPerStep)
}
