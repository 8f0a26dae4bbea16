package viewer

import (
	"encoding/csv"
	"os"
	"os/exec"
	"sync"
	"testing"

	"tumble/viewer/xvfbtest"
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
		if shared.bin, shared.err = xvfbtest.Build(shared.dir); shared.err != nil {
			return
		}
		shared.display, shared.xvfb, shared.err = xvfbtest.StartXvfb()
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.bin, shared.display
}

// headlessInput is headless for tests that drive the window with xdotool, skipping when it is
// not installed.
func headlessInput(t *testing.T) (bin, display string) {
	t.Helper()
	bin, display = headless(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (apt-get install xdotool, or `make deps`)")
	}
	return bin, display
}

// readCSV reads a whole --trace file.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
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
