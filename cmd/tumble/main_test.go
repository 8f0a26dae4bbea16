package main

import (
	"fmt"
	"os"
	"os/exec"
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
