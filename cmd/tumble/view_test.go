package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestViewRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{{"--size", "big"}, {"--screenshot", "x.png"}, {"--size", "0x10"}, {"--size", "100000x100000"}, {"--seconds", "-1"}, {"--gif-width", "-1"}, {"--gif-width", "20000"}} {
		var stderr bytes.Buffer
		if code := runView(args, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "tumble view") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, stderr.String())
		}
	}
}

// tumble view takes a built-in of every kind by name: an unknown name is refused, before any
// window opens, with the names of the 3D scenes, the meshes and the 2D scenes.
func TestViewUnknownName(t *testing.T) {
	var stderr bytes.Buffer
	code := runView([]string{"no_such_scene"}, io.Discard, &stderr)
	msg := stderr.String()
	if code != 1 || strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "scenes: bounce,") || !strings.Contains(msg, "meshes: box,") ||
		!strings.Contains(msg, "2D scenes: contact_gr_lcp_three_balls,") {
		t.Errorf("exit %d, stderr %q: want 1 and one line listing the scenes, meshes and 2D scenes", code, msg)
	}
}

func TestViewHelp(t *testing.T) {
	var stdout bytes.Buffer
	if code := runView([]string{"--help"}, &stdout, io.Discard); code != 0 || !strings.Contains(stdout.String(), "default") ||
		!strings.Contains(stdout.String(), "-follow") {
		t.Errorf("tumble view --help: exit %d, want 0 and the usage with the built-in scenes and the flags:\n%s", code, stdout.String())
	}
}

// Flags with no command before them are the viewer's, as no command at all is: tumble's own
// --help and --version stay tumble's.
func TestFlagsWithoutCommandGoToTheViewer(t *testing.T) {
	for _, c := range []struct {
		args       []string
		code       int
		out, errOf string // a substring of stdout; the command stderr's one line names
	}{
		{[]string{"--seconds", "-1"}, 2, "", "tumble view: --seconds -1"},
		{[]string{"--bogus"}, 2, "", "tumble view: flag provided but not defined: -bogus"},
		{[]string{"--size", "big", "spin"}, 2, "", "tumble view: --size"},
		{[]string{"--frames", "1", "no_such_scene"}, 1, "", "tumble view: no built-in"},
		{[]string{"-h"}, 0, "usage: tumble COMMAND", ""},
		{[]string{"--help"}, 0, "usage: tumble COMMAND", ""},
		{[]string{"--version"}, 0, "tumble ", ""},
	} {
		code, out, errOut := runTumble(c.args...)
		if code != c.code || !strings.Contains(out, c.out) || c.errOf != "" && !strings.HasPrefix(errOut, c.errOf) || c.errOf == "" && errOut != "" {
			t.Errorf("tumble %q: exit %d, stdout %q, stderr %q; want exit %d, stdout with %q, stderr starting %q",
				c.args, code, out, errOut, c.code, c.out, c.errOf)
		}
	}
}
