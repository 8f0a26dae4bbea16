package viewer

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// tori50 steps in the window within 1.3 times its headless time per step: the window's World
// has the workers `tumble sim` gives it and does not share the cores with the drawing. The
// two headless runs right after take the same steps, and the window is compared with their
// mean: a ratio measured in one run, whatever the machine's speed.
func TestWindowStepsAsFastAsHeadless(t *testing.T) {
	bin, display := headless(t)
	headlessMS := func(steps int) float64 {
		out, err := exec.Command(bin, "sim", "tori50", "--json", "--steps", strconv.Itoa(steps)).Output()
		if err != nil {
			t.Fatalf("tumble sim tori50: %v", err)
		}
		var r struct{ Stats struct{ MsPerStep float64 } }
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatal(err)
		}
		return r.Stats.MsPerStep
	}
	log := runTumble(t, bin, display, "view", "tori50", "--seconds", "3", "--size", "320x180")
	var steps int
	var window float64
	for line := range strings.Lines(log) {
		if i := strings.Index(line, " steps, t "); strings.HasPrefix(line, "frames ") && i > 0 {
			f := strings.Fields(line[:i])
			steps, _ = strconv.Atoi(f[len(f)-1])
		}
		if i := strings.LastIndex(line, ", "); strings.Contains(line, "ms/step") && strings.HasPrefix(line, "frame time") && i > 0 {
			fmt.Sscanf(line[i+2:], "%g ms/step", &window)
		}
	}
	if steps < 30 || window == 0 {
		t.Fatalf("the window took %d steps at %g ms/step:\n%s", steps, window, log)
	}
	before, after := headlessMS(steps), headlessMS(steps)
	ratio := window / ((before + after) / 2)
	t.Logf("%d steps: %.2f ms/step in the window, %.2f and %.2f headless: %.2fx", steps, window, before, after, ratio)
	if ratio > 1.3 {
		t.Errorf("the window stepped at %.2f ms/step, %.2fx its headless %.2f ms/step, want at most 1.3x", window, ratio, (before+after)/2)
	}
}
