// Package xvfbtest gives tests what running the real tumble binary takes: the binary, built
// once, and a virtual X display (Xvfb with Mesa's llvmpipe) for the commands that open a
// window.
package xvfbtest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// Build builds the command into dir and returns the binary's path. The revision is
// stamped when git can tell it, as make build does.
func Build(dir string) (string, error) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(dir, "tumble")
	out, err := exec.Command(goTool, "build", "-buildvcs=auto", "-o", bin, "github.com/tumble-physics/tumble/cmd/tumble").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("building tumble: %v\n%s", err, out)
	}
	return bin, nil
}

// StartXvfb starts a 1280×720×24 server with GLX and lets it pick a free display itself
// (-displayfd): a display whose lock file is free can still be taken by a server in another
// mount namespace that shares the abstract socket, as on a shared CI host. -noreset keeps the
// server up between clients: by default it resets when the last one leaves, and a window
// opened during the reset finds no display. It returns the display (":N") and the server,
// for the caller to kill.
func StartXvfb() (string, *exec.Cmd, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", nil, err
	}
	defer r.Close()
	var stderr bytes.Buffer
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-screen", "0", "1280x720x24", "+extension", "GLX", "-nolisten", "tcp", "-noreset")
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
