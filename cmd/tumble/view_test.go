package main

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

func TestViewRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{{"--size", "big"}, {"--screenshot", "x.png"}, {"--size", "0x10"}, {"--size", "100000x100000"}, {"--seconds", "-1"}} {
		var stderr bytes.Buffer
		if code := runView(args, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "tumble view") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, stderr.String())
		}
	}
}

// A 2D scene is not recorded as a movie: the message points to tumble 2d render, before any
// window opens.
func TestView2DMovieRefused(t *testing.T) {
	scene := filepath.Join("..", "..", "data", "scenes2d", "contact_lcp.xml")
	var stderr bytes.Buffer
	if code := runView([]string{"--gif", "out.gif", scene}, io.Discard, &stderr); code != 1 ||
		!strings.Contains(stderr.String(), "tumble 2d render "+scene+" --out FILE.gif") {
		t.Errorf("exit %d, stderr %q: want 1 and a pointer to tumble 2d render", code, stderr.String())
	}
}

func TestViewHelp(t *testing.T) {
	var stdout bytes.Buffer
	if code := runView([]string{"--help"}, &stdout, io.Discard); code != 0 || !strings.Contains(stdout.String(), "default") ||
		!strings.Contains(stdout.String(), "-follow") {
		t.Errorf("tumble view --help: exit %d, want 0 and the usage with the built-in scenes and the flags:\n%s", code, stdout.String())
	}
}
