package viewer

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tumble-physics/tumble/data"
)

// Space pauses (the trace's step stops advancing while frames go on), n takes exactly one
// step while paused, and r resets the scene to step 0 (still paused).
func TestPauseAndSingleStep(t *testing.T) {
	bin, display := headlessInput(t)
	checkPauseStepReset(t, pauseStepResetTrace(t, bin, display, "testdata/drag.xml"), 1)
}

// pauseStepResetTrace runs the viewer on scene for 150 frames, one step each, and returns its
// --trace: once the title shows a few steps taken (on a loaded machine the first frames,
// which compile the shaders, may take longer than any fixed wait) it presses
// pressPauseStepReset's keys.
func pauseStepResetTrace(t *testing.T, bin, display, scene string) [][]string {
	t.Helper()
	trace := filepath.Join(t.TempDir(), "trace.csv")
	cmd := exec.Command(bin, "view", scene, "--frames", "150", "--trace", trace, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble"))[0]
	waitSimTime(t, display, wid, 0.05)
	pressPauseStepReset(t, display, wid)
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	return readCSV(t, trace)
}

// waitSimTime waits, up to 20 s, until the window's title shows a simulated time of at least
// secs ("| t 1.25 s").
func waitSimTime(t *testing.T, display, wid string, secs float64) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(25 * time.Millisecond) {
		var shown float64
		title := xdotool(t, display, "getwindowname", wid)
		if i := strings.Index(title, "| t "); i >= 0 {
			fmt.Sscanf(title[i:], "| t %g s", &shown)
		}
		if shown >= secs {
			return
		}
	}
	t.Fatalf("the title never showed t ≥ %g s", secs)
}

// pressPauseStepReset presses space, n and r, 0.4 s apart.
func pressPauseStepReset(t *testing.T, display, wid string) {
	t.Helper()
	xdotool(t, display, "key", "--window", wid, "space")
	time.Sleep(400 * time.Millisecond)
	xdotool(t, display, "key", "--window", wid, "n")
	time.Sleep(400 * time.Millisecond)
	xdotool(t, display, "key", "--window", wid, "r")
}

// checkPauseStepReset checks the step of body 0 in a --trace written one row per body per
// frame while pressPauseStepReset ran: first, first+1, …, p one frame each (running), p
// repeated (paused), p+1 repeated (after n), then 0 repeated (after r).
func checkPauseStepReset(t *testing.T, rows [][]string, first int) {
	t.Helper()
	type run struct{ step, frames int }
	var runs []run
	for _, r := range rows[1:] {
		if r[2] != "0" {
			continue
		}
		s, _ := strconv.Atoi(r[0])
		if n := len(runs); n > 0 && runs[n-1].step == s {
			runs[n-1].frames++
		} else {
			runs = append(runs, run{s, 1})
		}
	}
	n := len(runs)
	if n < 4 {
		t.Fatalf("runs of frames per step %v: want running, paused, one step, reset", runs)
	}
	paused, stepped, reset := runs[n-3], runs[n-2], runs[n-1]
	if paused.frames < 5 || stepped.step != paused.step+1 || stepped.frames < 5 || reset.step != 0 || reset.frames < 5 {
		t.Fatalf("last runs (step, frames) %v: want ≥ 5 frames paused at p, then at p+1, then at 0", runs[n-3:])
	}
	for i, r := range runs[:n-3] {
		if r.step != first+i || r.frames != 1 {
			t.Errorf("before the pause, run %d is %v: want step %d in 1 frame", i, r, first+i)
		}
	}
}

// + and − change the solver iterations, p saves a screenshot, and the number keys open the
// built-in scenes; the title shows the scene and the statistics.
func TestKeysIterationsScenesTitle(t *testing.T) {
	bin, display := headlessInput(t)
	scene, err := filepath.Abs("testdata/drag.xml")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "view", scene, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	cmd.Dir = t.TempDir() // where p saves its screenshot
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	quit := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	defer quit.Stop()
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble"))[0]
	// title waits for the statistics, refreshed twice a second, to contain want.
	title := func(want string) string {
		var got string
		for range 20 {
			time.Sleep(150 * time.Millisecond)
			if got = strings.TrimSpace(xdotool(t, display, "getwindowname", wid)); strings.Contains(got, want) {
				break
			}
		}
		return got
	}
	xdotool(t, display, "key", "--window", wid, "plus", "plus", "plus", "minus")
	if got := title("| 12 iterations |"); !strings.Contains(got, "| 12 iterations |") || !strings.Contains(got, "drag.xml") {
		t.Errorf("after + + + − the title is %q, want drag.xml with 12 iterations", got)
	}
	for _, part := range []string{"fps", "ms/step", "| 1 body |", "contacts", "energy"} {
		if got := title(part); !strings.Contains(got, part) {
			t.Errorf("title %q lacks %q", got, part)
		}
	}
	xdotool(t, display, "key", "--window", wid, "p")
	time.Sleep(300 * time.Millisecond)
	if shots, _ := filepath.Glob(filepath.Join(cmd.Dir, "tumble-*.png")); len(shots) != 1 {
		t.Errorf("p saved %v, want one tumble-*.png in the working directory", shots)
	}
	second := "Tumble: " + data.SceneNames()[1]
	xdotool(t, display, "key", "--window", wid, "2")
	if got := title(second); !strings.HasPrefix(got, second) {
		t.Errorf("after 2 the title is %q, want it to start with %q", got, second)
	}
	xdotool(t, display, "key", "--window", wid, "Escape")
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}
