package viewer

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Without a display tumble view fails with a message that points to tumble sim, instead of
// GLFW's panic.
func TestNoDisplayPointsToSim(t *testing.T) {
	bin, _ := headless(t)
	out := withoutDisplay(t, bin, "view", "testdata/drag.xml")
	if !strings.Contains(string(out), "tumble sim") || strings.Contains(string(out), "panic") {
		t.Errorf("message %q should point to tumble sim without panicking", out)
	}
}

// withoutDisplay runs tumble with args and no display, and returns its output, failing the
// test unless it exits with status 1.
func withoutDisplay(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(bin, args...)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit %v, want status 1\n%s", err, out)
	}
	return out
}

// With DISPLAY naming a display no server answers (a stale DISPLAY, a dead Xvfb), tumble view
// exits with status 1 and one line saying so, instead of GLFW's panic.
func TestUnusedDisplayOneLine(t *testing.T) {
	bin, _ := headless(t)
	n := 150
	for ; n < 400; n++ { // a display number with no server's socket
		if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); os.IsNotExist(err) {
			break
		}
	}
	cmd := exec.Command(bin, "view")
	cmd.Env = append(os.Environ(), fmt.Sprintf("DISPLAY=:%d", n))
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit %v, want status 1\n%s%s", err, stdout.String(), stderr.String())
	}
	msg := stderr.String()
	if strings.Count(msg, "\n") != 1 || !strings.HasSuffix(msg, "\n") || strings.Contains(msg, "panic") ||
		!strings.Contains(msg, fmt.Sprintf(":%d", n)) || !strings.Contains(msg, "tumble sim") || stdout.Len() != 0 {
		t.Errorf("stderr %q, stdout %q: want one line naming the display and pointing to tumble sim", msg, stdout.String())
	}
}
