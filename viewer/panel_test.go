package viewer

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"
	"time"
)

// panelClick returns the window pixel that sets the panel's slider in row to fraction f, in
// a shotW×shotH window.
func panelClick(row int, f float64) (x, y float64) {
	u := ui{scale: 1}
	px, _ := u.panelOrigin(shotW)
	return float64(u.sliderX(px, f)) + 0.5, float64(u.rowY(row) + u.row()/2)
}

// stamp reads the wall and simulated times of a line the simulation logged.
func stamp(t *testing.T, line string) (wall, sim float64) {
	t.Helper()
	if _, err := fmt.Sscanf(line, "[wall %g s, t %g s]", &wall, &sim); err != nil {
		t.Fatalf("log line %q: %v", line, err)
	}
	return wall, sim
}

// In the settings panel, gravity set to zero makes a falling box float: from the step after
// the change on, its velocity stays what it was, bit for bit (no force acts). The time scale
// set to ½ then halves the simulated time per wall second, within 10%.
func TestPanelGravityAndTimeScale(t *testing.T) {
	bin, display := headlessInput(t)
	trace := filepath.Join(t.TempDir(), "trace.csv")
	l := startLive(t, bin, display, "", "view", mustAbs(t, "testdata/fall.xml"), "--trace", trace, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	l.key("s")
	l.click(panelClick(rowGravity, 0))
	_, tZero := stamp(t, l.waitFor("set gravity 0x", 10*time.Second))
	half := float64(nearest(timeScales, 0.5)) / float64(len(timeScales)-1)
	l.click(panelClick(rowTimeScale, half))
	w0, t0 := stamp(t, l.waitFor("set time scale 0.5x", 10*time.Second))
	time.Sleep(2500 * time.Millisecond)
	l.click(panelClick(rowTimeScale, 1))
	w1, t1 := stamp(t, l.waitFor("set time scale 4x", 10*time.Second))
	l.quit()

	if rate := (t1 - t0) / (w1 - w0); math.Abs(rate-0.5) > 0.05 {
		t.Errorf("at time scale ½: %.3f s simulated in %.3f s of wall time, a rate of %.3f, want 0.5 ± 10%%", t1-t0, w1-w0, rate)
	} else {
		t.Logf("at time scale ½: %.3f s simulated in %.3f s of wall time (%.3f)", t1-t0, w1-w0, rate)
	}
	states := readTrace(t, trace, 0)
	dt := 1.0 / 60
	first := int(math.Floor(tZero/dt+0.5)) + 1 // the first step taken without gravity
	v, ok := states[first]
	if !ok || v.v[1] >= 0 {
		t.Fatalf("trace has no falling state at step %d (gravity off at t %.4f s)", first, tZero)
	}
	floated := 0
	for step, s := range states {
		if step < first {
			continue
		}
		floated++
		if s.v != v.v {
			t.Fatalf("step %d: velocity %v, want %v as at step %d, when gravity was set to 0", step, s.v, v.v, first)
		}
	}
	if floated < 60 || states[first+59].p[1] <= 0.5 {
		t.Errorf("%d steps traced after gravity went off; want the box floating above the floor for 60", floated)
	}
	t.Logf("gravity off at t %.3f s: the box moved on at %.3f m/s for %d steps", tZero, v.v.Len(), floated)
}

func mustAbs(t *testing.T, path string) string {
	t.Helper()
	p, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
