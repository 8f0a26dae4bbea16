package viewer

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
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

// startXvfb starts a 1280×720×24 server with GLX and lets it pick a free display itself
// (-displayfd): a display whose lock file is free can still be taken by a server in another
// mount namespace that shares the abstract socket, as on a shared CI host.
func startXvfb() (string, *exec.Cmd, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", nil, err
	}
	defer r.Close()
	var stderr bytes.Buffer
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x720x24", "+extension", "GLX", "-nolisten", "tcp")
	cmd.ExtraFiles = []*os.File{w}
	cmd.Stderr = &stderr
	err = cmd.Start()
	w.Close()
	if err != nil {
		return "", nil, fmt.Errorf("starting Xvfb: %w", err)
	}
	number := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		number <- strings.TrimSpace(line)
	}()
	select {
	case n := <-number:
		if n != "" {
			return ":" + n, cmd, nil
		}
		cmd.Wait()
		return "", nil, fmt.Errorf("Xvfb exited without opening a display:\n%s", stderr.String())
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		return "", nil, fmt.Errorf("Xvfb opened no display within 30 s:\n%s", stderr.String())
	}
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
