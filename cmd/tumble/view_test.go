package main

import (
	"bytes"
	"flag"
	"io"
	"strings"
	"testing"
)

func TestParseInterleaved(t *testing.T) {
	tests := []struct {
		args   []string
		target string
		frames int
		ok     bool
	}{
		{nil, "", 0, true},
		{[]string{"scene.xml"}, "scene.xml", 0, true},
		{[]string{"--frames", "3", "scene.xml"}, "scene.xml", 3, true},
		{[]string{"scene.xml", "--frames", "4"}, "scene.xml", 4, true},
		{[]string{"a.xml", "b.xml"}, "", 0, false},
		{[]string{"--frames", "x"}, "", 0, false},
	}
	for _, tc := range tests {
		fs := flag.NewFlagSet("view", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		frames := fs.Int("frames", 0, "")
		target, err := parseInterleaved(fs, tc.args)
		if (err == nil) != tc.ok || (tc.ok && (target != tc.target || *frames != tc.frames)) {
			t.Errorf("%q: target %q frames %d err %v; want %q %d ok=%v", tc.args, target, *frames, err, tc.target, tc.frames, tc.ok)
		}
	}
}

func TestViewRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{{"--size", "big"}, {"--screenshot", "x.png"}, {"--size", "0x10"}, {"--seconds", "-1"}} {
		var stderr bytes.Buffer
		if code := runView(args, io.Discard, &stderr); code != 2 || !strings.Contains(stderr.String(), "tumble view") {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, stderr.String())
		}
	}
}

func TestViewHelp(t *testing.T) {
	var stderr bytes.Buffer
	if code := runView([]string{"--help"}, io.Discard, &stderr); code != 0 || !strings.Contains(stderr.String(), "default") {
		t.Errorf("tumble view --help: exit %d, want 0 and the usage with the built-in scenes:\n%s", code, stderr.String())
	}
}
