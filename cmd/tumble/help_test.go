package main

import (
	"flag"
	"os/exec"
	"runtime/debug"
	"strings"
	"testing"
)

// commandPaths lists every command and subcommand as its words: ["sim"], ["2d", "run"], ….
func commandPaths() [][]string {
	var paths [][]string
	for _, c := range commands() {
		paths = append(paths, []string{c.name})
		for _, s := range c.subcommands {
			paths = append(paths, []string{c.name, s.name})
		}
	}
	return paths
}

// Every command's --help goes to standard output with exit status 0, starts with its usage
// line, and is what `tumble help COMMAND` prints.
func TestHelpOfEveryCommand(t *testing.T) {
	for _, path := range commandPaths() {
		code, out, errOut := runTumble(append(path, "--help")...)
		name := strings.Join(path, " ")
		if code != 0 || errOut != "" || !strings.HasPrefix(out, "usage: tumble "+name) {
			t.Errorf("tumble %s --help: exit %d, stderr %q, stdout:\n%s", name, code, errOut, out)
		}
		code, viaHelp, _ := runTumble(append([]string{"help"}, path...)...)
		if code != 0 || viaHelp != out {
			t.Errorf("tumble help %s: exit %d, and not the text of --help:\n%s", name, code, viaHelp)
		}
	}
	code, out, _ := runTumble("help")
	if _, top, _ := runTumble("--help"); code != 0 || out != top || !strings.Contains(out, "version") {
		t.Errorf("tumble help: exit %d:\n%s", code, out)
	}
}

// A usage mistake is one line on stderr naming the command and pointing to its help, with
// exit status 2: never the whole help.
func TestUsageErrorsAreOneLine(t *testing.T) {
	for _, c := range []struct {
		args    []string
		command string // whose help the message points to
	}{
		{[]string{"bogus"}, ""},
		{[]string{"help", "bogus"}, ""},
		{[]string{"help", "2d", "bogus"}, ""},
		{[]string{"sim", "--bogus"}, "sim"},
		{[]string{"view", "--frames", "x"}, "view"},
		{[]string{"view", "a", "b"}, "view"},
		{[]string{"bench", "--runs", "0"}, "bench"},
		{[]string{"inertia"}, "inertia"},
		{[]string{"meshes", "x"}, "meshes"},
		{[]string{"version", "x"}, "version"},
		{[]string{"2d"}, "2d"},
		{[]string{"2d", "bogus"}, "2d"},
		{[]string{"2d", "run", "--every", "0", "x.xml"}, "2d run"},
		{[]string{"2d", "run"}, "2d run"},
		{[]string{"2d", "regress"}, "2d regress"},
		{[]string{"2d", "render", "--bogus"}, "2d render"},
		{[]string{"2d", "render", "scene.xml"}, "2d render"},
	} {
		code, out, errOut := runTumble(c.args...)
		want := "see 'tumble " + c.command + " --help'\n"
		if c.command == "" {
			want = "see 'tumble --help'\n"
		}
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, want) ||
			!strings.HasPrefix(errOut, "tumble") {
			t.Errorf("tumble %q: exit %d, stdout %q, stderr %q; want exit 2 and one line ending %q", c.args, code, out, errOut, want)
		}
	}
	if _, _, errOut := runTumble("2d", "render", "scene.xml"); !strings.Contains(errOut, "missing --out FILE") {
		t.Errorf("2d render without --out: %q; want it to say --out is missing", errOut)
	}
}

// parseArgs takes flags before, between and after the arguments, and everything after "--"
// as arguments.
func TestParseArgs(t *testing.T) {
	for _, c := range []struct {
		args   []string
		rest   []string
		frames int
	}{
		{nil, nil, 0},
		{[]string{"scene.xml"}, []string{"scene.xml"}, 0},
		{[]string{"--frames", "3", "scene.xml"}, []string{"scene.xml"}, 3},
		{[]string{"a", "--frames", "4", "b"}, []string{"a", "b"}, 4},
		{[]string{"--frames", "5", "--", "--frames", "x"}, []string{"--frames", "x"}, 5},
	} {
		fs := flag.NewFlagSet("view", flag.ContinueOnError)
		frames := fs.Int("frames", 0, "")
		rest, code, done := parseArgs(fs, c.args, printText("help"), nil, nil)
		if done || code != 0 || strings.Join(rest, " ") != strings.Join(c.rest, " ") || *frames != c.frames {
			t.Errorf("%q: rest %q, frames %d, code %d, done %v; want %q and %d", c.args, rest, *frames, code, done, c.rest, c.frames)
		}
	}
}

// The version line carries the module version, the full revision, its time, whether the tree
// was modified and the Go version; without version control information it says so.
func TestVersionLine(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Path: "tumble", Version: "v1.2.3"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
			{Key: "vcs.time", Value: "2026-11-25T10:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	if got, want := versionLine(info), "tumble v1.2.3 0123456789abcdef0123456789abcdef01234567 2026-11-25T10:00:00Z modified go1.26.0"; got != want {
		t.Errorf("versionLine = %q, want %q", got, want)
	}
	info.Settings = nil
	if got := versionLine(info); !strings.Contains(got, "revision unknown") {
		t.Errorf("without VCS settings: %q", got)
	}
	code, out, _ := runTumble("version")
	if code != 0 || !strings.HasPrefix(out, "tumble ") || strings.Count(out, "\n") != 1 {
		t.Errorf("tumble version: exit %d, %q", code, out)
	}

	// The binary built from this checkout names its commit, when git could tell the build.
	built, err := exec.Command(tumbleBin, "version").Output()
	if err != nil {
		t.Fatal(err)
	}
	head, err := exec.Command("git", "-C", repoRoot, "rev-parse", "HEAD").Output()
	switch {
	case strings.Contains(string(built), "revision unknown"):
		t.Logf("the test binary carries no revision (git cannot describe this checkout to go build): %s", built)
	case err != nil:
		t.Logf("git rev-parse HEAD: %v", err)
	case !strings.Contains(string(built), strings.TrimSpace(string(head))):
		t.Errorf("tumble version: %q, want the revision %s", built, head)
	}
}
