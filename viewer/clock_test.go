package viewer

import (
	"testing"
	"time"
)

func TestClock(t *testing.T) {
	tests := []struct {
		name   string
		frame  float64 // wall seconds per frame
		frames int
		steps  int
	}{
		{"144 Hz display, 60 Hz steps", 1.0 / 144, 144, 60},
		{"30 Hz display", 1.0 / 30, 30, 60},
		{"stalled frames capped at MaxLag", 1, 3, 3 * 6},
	}
	for _, tc := range tests {
		c := Clock{Dt: 1.0 / 60, MaxLag: 0.1}
		n := 0
		for range tc.frames {
			n += c.Steps(tc.frame)
		}
		if d := n - tc.steps; d < -1 || d > 0 { // the last step may still be owed by rounding
			t.Errorf("%s: %d steps, want %d", tc.name, n, tc.steps)
		}
	}
	c := Clock{Dt: 0.01, MaxLag: 1}
	c.Steps(0.055)
	c.Forgive()
	if n := c.Steps(0.009); n != 0 {
		t.Errorf("after Forgive, 9 ms owe %d steps of 10 ms", n)
	}
}

// A slow simulation gets the frame budget and no more: the rest of the steps due are dropped.
func TestWithinBudget(t *testing.T) {
	c := Clock{Dt: 0.01, MaxLag: 1}
	due := c.Steps(0.105)
	calls := 0
	taken := c.Within(due, 25*time.Millisecond, func() { calls++; time.Sleep(10 * time.Millisecond) })
	if due != 10 || taken != calls || taken < 3 || taken > 5 {
		t.Errorf("%d steps due, %d taken in a 25 ms budget at 10 ms a step (want 3, a little more under load)", due, taken)
	}
	if n := c.Steps(0.005); n != 0 {
		t.Errorf("the dropped steps came back: %d due", n)
	}
	if taken := c.Within(4, time.Hour, func() {}); taken != 4 {
		t.Errorf("fast steps: %d of 4 taken", taken)
	}
}
