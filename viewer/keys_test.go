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

	"tumble/data"
)

// Space pauses (the trace's step stops advancing while frames go on), n takes exactly one
// step while paused, and r resets the scene to step 0 (still paused).
func TestPauseAndSingleStep(t *testing.T) {
	bin, display := headlessInput(t)
	trace := filepath.Join(t.TempDir(), "trace.csv")
	cmd := exec.Command(bin, "view", "testdata/drag.xml", "--frames", "150", "--trace", trace, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble"))[0]
	// Pause once the title shows a few steps taken (on a loaded machine the first frames,
	// which compile the shaders, may take longer than any fixed wait).
	for range 200 {
		var secs float64
		title := xdotool(t, display, "getwindowname", wid)
		if i := strings.Index(title, "| t "); i >= 0 {
			fmt.Sscanf(title[i:], "| t %g s", &secs)
		}
		if secs >= 0.05 {
			break
		}
		time.Sleep(25 * time.Millisecond)
	}
	xdotool(t, display, "key", "--window", wid, "space")
	time.Sleep(400 * time.Millisecond)
	xdotool(t, display, "key", "--window", wid, "n")
	time.Sleep(400 * time.Millisecond)
	xdotool(t, display, "key", "--window", wid, "r")
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, trace)
	// One row per frame for body 0: the step it shows.
	var steps []int
	for _, r := range rows[1:] {
		if r[2] == "0" {
			n, _ := strconv.Atoi(r[0])
			steps = append(steps, n)
		}
	}
	// Expect 1, 2, …, p (running), p repeated (paused), p+1 repeated (after n), then 0
	// repeated (after r).
	type run struct{ step, frames int }
	var runs []run
	for _, s := range steps {
		if len(runs) > 0 && runs[len(runs)-1].step == s {
			runs[len(runs)-1].frames++
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
		if r.step != i+1 || r.frames != 1 {
			t.Errorf("before the pause, run %d is %v: want step %d in 1 frame", i, r, i+1)
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
	for _, part := range []string{"fps", "ms/step", "1 bodies", "contacts", "energy"} {
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
