package viewer

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Without a display tumble view fails with a message that points to tumble sim, instead of
// GLFW's panic.
func TestNoDisplayPointsToSim(t *testing.T) {
	bin, _ := headless(t)
	cmd := exec.Command(bin, "view", "testdata/drag.xml")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
		t.Fatalf("exit %v, want status 1\n%s", err, out)
	}
	if !strings.Contains(string(out), "tumble sim") || strings.Contains(string(out), "panic") {
		t.Errorf("message %q should point to tumble sim without panicking", out)
	}
}
