package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/tumble-physics/tumble/viewer/xvfbtest"
)

// tumbleBin is the command built once by TestMain, for the tests that run command lines as a
// user types them.
var tumbleBin string

// display is the virtual X server of the commands that open a window, started by the first
// of them.
var display struct {
	once sync.Once
	name string // ":N"
	xvfb *exec.Cmd
	err  error
}

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "tumble-cmd-test")
	if err == nil {
		tumbleBin, err = xvfbtest.Build(dir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.RemoveAll(dir)
		os.Exit(1)
	}
	code := m.Run()
	if display.xvfb != nil {
		display.xvfb.Process.Kill()
		display.xvfb.Wait()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// xDisplay returns the X display to open windows on, skipping the test when Xvfb is not
// installed (make deps installs it).
func xDisplay(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		t.Skip("opens a window: Xvfb is not installed (apt-get install xvfb, or make deps)")
	}
	display.once.Do(func() { display.name, display.xvfb, display.err = xvfbtest.StartXvfb() })
	if display.err != nil {
		t.Fatal(display.err)
	}
	return display.name
}

// A count of one takes the singular: "1 step", "1 run", "1 body", as any other count the
// plural.
func TestCountsTakeTheirNumber(t *testing.T) {
	one := filepath.Join(t.TempDir(), "one.xml")
	scene := `<scene><simtype type="rigid-body"/><duration time="0.01"/>
<rigidbodyintegrator type="symplectic-euler" dt="0.01"/>
<rigidbodyvertex x="0" y="0" m="1"/><rigidbodyvertex x="1" y="0" m="1"/>
<rigidbody p="0" p="1" vx="0" vy="0" omega="0" r="0.1"/></scene>`
	if err := os.WriteFile(one, []byte(scene), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"sim", "--steps", "1", "--iterations", "1", "drop"}, []string{"\n1 step of ", ", 1 PGS sweep per solve", ", 0 contacts, "}},
		{[]string{"sim", "--steps", "2", "--iterations", "2", "drop"}, []string{"\n2 steps of ", ", 2 PGS sweeps per solve"}},
		{[]string{"bench", "--runs", "1", "--steps", "2", "drop"}, []string{"median of 1 run, "}},
		{[]string{"2d", "run", one}, []string{": 1 body, 1 step of 0.01 s"}},
	} {
		code, out, errOut := runTumble(c.args...)
		for _, w := range c.want {
			if code != 0 || !strings.Contains(out, w) {
				t.Errorf("tumble %q: exit %d, stderr %q, stdout without %q:\n%s", c.args, code, errOut, w, out)
			}
		}
	}
}
