package viewer

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tumble/internal/testmesh"
)

// A million-triangle sphere in the window: --seconds 5 ends the run by itself, and Esc quits
// at once, whatever its first step (which builds its collision hull) is doing.
func TestViewHugeMesh(t *testing.T) {
	bin, display := headlessInput(t)
	path := filepath.Join(t.TempDir(), "sphere.obj")
	if err := testmesh.WriteOBJ(path, testmesh.Sphere(0.5, 1000, 501)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	out := runTumble(t, bin, display, "view", path, "--seconds", "5", "--size", "320x240")
	t.Logf("view --seconds 5: %v\n%s", time.Since(start).Round(time.Millisecond), out)
	if !strings.Contains(out, "frames ") || time.Since(start) > 60*time.Second {
		t.Errorf("view --seconds 5 ran %v and printed %q; want it to end by itself with its frame statistics", time.Since(start), out)
	}

	cmd := exec.Command(bin, "view", path, "--size", "320x240")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	kill := time.AfterFunc(60*time.Second, func() { cmd.Process.Kill() })
	defer kill.Stop()
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble"))[0]
	pressed := time.Now()
	xdotool(t, display, "key", "--window", wid, "Escape")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("after Esc: %v", err)
	}
	t.Logf("Esc to exit: %v", time.Since(pressed).Round(time.Millisecond))
	if d := time.Since(pressed); d > 5*time.Second {
		t.Errorf("Esc took %v to quit", d)
	}
}
