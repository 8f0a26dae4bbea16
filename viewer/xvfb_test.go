package viewer

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tumble-physics/tumble/viewer/xvfbtest"
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

// live is a viewer running interactively on the test's display, its log read line by line.
type live struct {
	t       *testing.T
	cmd     *exec.Cmd
	display string
	wid     string
	lines   chan string
	log     []string // every line read so far
	kill    *time.Timer
}

// startLive runs tumble with args in dir (the test's temporary directory when "") and waits
// for its window.
func startLive(t *testing.T, bin, display, dir string, args ...string) *live {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	cmd.Dir = dir
	if dir == "" {
		cmd.Dir = t.TempDir()
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	l := &live{t: t, cmd: cmd, display: display, lines: make(chan string, 1024)}
	l.kill = time.AfterFunc(90*time.Second, func() { cmd.Process.Kill() })
	// A test that fails midway leaves no window behind for the next to find.
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	})
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			l.lines <- sc.Text()
		}
		close(l.lines)
	}()
	l.wid = strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble"))[0]
	// Input sent before the first frame may be lost on a busy machine (the window exists
	// before it listens): wait for the title's statistics, set when the first frame is drawn.
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(xdotool(t, display, "getwindowname", l.wid), " | "); {
		if time.Now().After(deadline) {
			t.Fatal("the window drew no frame within 30 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	return l
}

// waitFor returns the first log line from now on that contains want, failing the test after
// timeout.
func (l *live) waitFor(want string, timeout time.Duration) string {
	l.t.Helper()
	deadline := time.After(timeout)
	for {
		select {
		case line, ok := <-l.lines:
			if !ok {
				l.t.Fatalf("the viewer ended before logging %q:\n%s", want, strings.Join(l.log, "\n"))
			}
			l.log = append(l.log, line)
			if strings.Contains(line, want) {
				return line
			}
		case <-deadline:
			l.t.Fatalf("no %q logged within %v:\n%s", want, timeout, strings.Join(l.log, "\n"))
		}
	}
}

// key sends keys to the window.
func (l *live) key(keys ...string) {
	l.t.Helper()
	xdotool(l.t, l.display, append([]string{"key", "--window", l.wid}, keys...)...)
}

// click clicks the left button at window pixel (x, y).
func (l *live) click(x, y float64) {
	l.t.Helper()
	xdotool(l.t, l.display, "mousemove", "--window", l.wid, fmt.Sprint(int(x)), fmt.Sprint(int(y)))
	xdotool(l.t, l.display, "click", "1")
}

// quit presses Esc (again after a while if the first only closed the scene browser) and
// waits for the viewer to exit, failing the test unless it exits with status 0, and returns
// the rest of its log.
func (l *live) quit() []string {
	l.t.Helper()
	log, err := l.quitStatus()
	if err != nil {
		l.t.Fatalf("tumble view: %v\n%s", err, strings.Join(log, "\n"))
	}
	return log
}

// quitStatus is quit returning how the viewer exited.
func (l *live) quitStatus() ([]string, error) {
	l.t.Helper()
	l.key("Escape")
	for {
		select {
		case line, ok := <-l.lines:
			if ok {
				l.log = append(l.log, line)
				continue
			}
			err := l.cmd.Wait()
			l.kill.Stop()
			return l.log, err
		case <-time.After(2 * time.Second):
			c := exec.Command("xdotool", "key", "--window", l.wid, "Escape")
			c.Env = append(os.Environ(), "DISPLAY="+l.display)
			c.Run() // the window may be gone
		}
	}
}
