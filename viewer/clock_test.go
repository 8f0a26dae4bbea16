package viewer

import (
	"testing"
	"time"
)

func TestClock(t *testing.T) {
	tests := []struct {
		name   string
		frame  float64 // wall seconds between ticks
		frames int
		steps  int
	}{
		{"144 Hz display, 60 Hz steps", 1.0 / 144, 144, 60},
		{"30 Hz display", 1.0 / 30, 30, 60},
		{"stalled ticks: at most MaxLag owed each", 1, 3, 3 * 6},
	}
	for _, tc := range tests {
		c := Clock{Dt: 1.0 / 60, MaxLag: 0.1}
		n := 0
		for range tc.frames {
			c.Tick(tc.frame)
			for c.Due() {
				n++
			}
		}
		if d := n - tc.steps; d < -1 || d > 0 { // the last step may still be owed by rounding
			t.Errorf("%s: %d steps, want %d", tc.name, n, tc.steps)
		}
	}
}

// A simulation slower than real time owes at most MaxLag: after a 50 ms step it owes 50 ms
// more, and in 1 s of wall time it takes 20 steps, not 60.
func TestClockSlowSimulation(t *testing.T) {
	c := Clock{Dt: 1.0 / 60, MaxLag: 0.1}
	steps := 0
	for wall := 0.0; wall < 1; {
		c.Tick(0.05)
		wall += 0.05
		if c.Due() {
			steps++ // the step itself takes the next 50 ms
		}
	}
	if steps != 20 || c.owed > c.MaxLag {
		t.Errorf("%d steps of 50 ms in 1 s, owing %.3f s: want 20, owing ≤ %.1f s", steps, c.owed, c.MaxLag)
	}
	c = Clock{Dt: 0.01, MaxLag: 1}
	c.Tick(0.004)
	if w := c.Wait(); (w - 6*time.Millisecond).Abs() > time.Microsecond {
		t.Errorf("owing 4 ms of a 10 ms step, the next is due in %v, want 6ms", w)
	}
}
