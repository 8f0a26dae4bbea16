package viewer

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

// These helpers run the real tumble binary in a real window on a virtual X server (Xvfb with
// Mesa's llvmpipe): one server and one build shared by the package's tests.

var (
	shared struct {
		once              sync.Once
		dir, bin, display string
		xvfb              *exec.Cmd
		err               error
	}
)

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.xvfb != nil {
		shared.xvfb.Process.Kill()
		shared.xvfb.Wait()
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	os.Exit(code)
}

// headless returns the built tumble binary and an X display to run it on, skipping the test
// when Xvfb is not installed (`make deps` installs it).
func headless(t *testing.T) (bin, display string) {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		t.Skip("Xvfb is not installed (apt-get install xvfb, or `make deps`): skipping the window tests")
	}
	shared.once.Do(func() {
		if shared.dir, shared.err = os.MkdirTemp("", "tumble-view-test"); shared.err != nil {
			return
		}
		if shared.bin, shared.err = buildTumble(shared.dir); shared.err != nil {
			return
		}
		shared.display, shared.xvfb, shared.err = startXvfb()
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.bin, shared.display
}

func buildTumble(dir string) (string, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(dir, "tumble")
	out, err := exec.Command(goTool, "build", "-o", bin, "tumble/cmd/tumble").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("building tumble: %v\n%s", err, out)
	}
	return bin, nil
}

// startXvfb starts a 1280×720×24 server with GLX on the first free display from :99.
func startXvfb() (string, *exec.Cmd, error) {
	for n := 99; n < 160; n++ {
		socket := fmt.Sprintf("/tmp/.X11-unix/X%d", n)
		if exists(fmt.Sprintf("/tmp/.X%d-lock", n)) || exists(socket) {
			continue
		}
		display := fmt.Sprintf(":%d", n)
		cmd := exec.Command("Xvfb", display, "-screen", "0", "1280x720x24", "+extension", "GLX", "-nolisten", "tcp")
		if err := cmd.Start(); err != nil {
			return "", nil, fmt.Errorf("starting Xvfb: %w", err)
		}
		exited := make(chan struct{})
		go func() { cmd.Wait(); close(exited) }()
		if waitFor(socket, exited, 10*time.Second) {
			return display, cmd, nil
		}
		cmd.Process.Kill() // lost a race for this display, or too slow: try the next one
	}
	return "", nil, fmt.Errorf("no free X display between :99 and :159 for Xvfb")
}

// waitFor reports whether path appears within timeout, giving up early when exited closes.
func waitFor(path string, exited <-chan struct{}, timeout time.Duration) bool {
	deadline := time.After(timeout)
	for !exists(path) {
		select {
		case <-exited:
			return false
		case <-deadline:
			return false
		case <-time.After(20 * time.Millisecond):
		}
	}
	return true
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// runTumble runs the binary on display with args and returns its standard output.
func runTumble(t *testing.T, bin, display string, args ...string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	var stderr []byte
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok {
		stderr = ee.Stderr
	}
	if err != nil {
		t.Fatalf("tumble %v: %v\n%s%s", args, err, out, stderr)
	}
	return string(out)
}

func xdotool(t *testing.T, display string, args ...string) string {
	t.Helper()
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("xdotool %v: %v\n%s", args, err, out)
	}
	return string(out)
}
