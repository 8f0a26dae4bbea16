package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// repoRoot is the repository's root, seen from this package's directory (go test's working
// directory).
var repoRoot = filepath.Join("..", "..")

// A shownCommand is a command line as the documentation shows it to users.
type shownCommand struct {
	where string // "README.md:27", or "tumble sim --help"
	line  string // "tumble sim --json spin", without a trailing "# comment"
	extra string // flags added when it is run: the block's "test with" comment
	// fragment marks an inline code span of running text (`tumble sim --json`): it may name
	// a flag without its arguments, so its command and flags are checked but it is not run.
	fragment bool
}

// TestDocumentedCommands runs every command line that the repository's Markdown files
// (README.md, docs/, any other) and the --help texts show, as written, from a copy of the
// repository root, and requires exit status 0. A command line is a line of a code block (or
// an indented example line of a --help text) that starts with "tumble"; a line with a
// placeholder (SCENE.xml, N, [flags], A|B, …) is a synopsis and, like an inline code span of
// running text, is only checked: its command must exist and every flag it names must be in
// that command's --help. Commands that open a window run on Xvfb: with --frames or --seconds
// to their end, otherwise until their window shows, then they are closed.
//
// Examples should be cheap to run. A page that must show a long run (a benchmark) says how
// to test it cheaply with a comment before the code block, `<!-- test with: --steps 20
// --runs 1 -->`: the flags are added to each command line of the block when it is run.
func TestDocumentedCommands(t *testing.T) {
	var shown []shownCommand
	for _, md := range markdownFiles(t) {
		shown = append(shown, commandsInMarkdown(t, repoRoot, md)...)
	}
	shown = append(shown, commandsInHelp(t)...)
	if len(shown) < 20 {
		t.Fatalf("found only %d command lines in the documentation: is the extraction broken?", len(shown))
	}
	root := copyRepo(t)
	ran := map[string]string{} // line → where it was first run
	for _, s := range shown {
		t.Run(s.where+": "+s.line, func(t *testing.T) {
			args := strings.Fields(s.line)[1:]
			path, err := commandPathOf(args)
			if err != nil {
				t.Fatalf("%s: %q: %v", s.where, s.line, err)
			}
			checkFlags(t, s, path, args)
			switch {
			case s.fragment || isSynopsis(args):
				return
			case ran[s.line+s.extra] != "":
				t.Skipf("run as %s", ran[s.line+s.extra])
			}
			ran[s.line+s.extra] = s.where
			if s.extra != "" {
				s.line += " " + s.extra
				args = strings.Fields(s.line)[1:]
				checkFlags(t, s, path, args)
			}
			runShown(t, root, s, path, args)
		})
	}
}

// markdownFiles lists the repository's Markdown files, outside hidden directories and
// testdata, relative to the repository root.
func markdownFiles(t *testing.T) []string {
	return repoFiles(t, ".", ".md")
}

// repoFiles lists the files under dir (relative to the repository root) whose names end in
// one of exts, outside hidden directories and testdata, relative to the repository root.
func repoFiles(t *testing.T, dir string, exts ...string) []string {
	var files []string
	err := filepath.WalkDir(filepath.Join(repoRoot, dir), func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != repoRoot && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && slices.Contains(exts, filepath.Ext(p)) {
			rel, err := filepath.Rel(repoRoot, p)
			files = append(files, rel)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

var (
	inlineCommand = regexp.MustCompile("`(tumble(?: [^`]*)?)`")
	testWith      = regexp.MustCompile(`<!--\s*test with:(.*?)-->`)
)

// commandsInMarkdown returns the command lines of the code blocks (fenced or indented) of the
// Markdown file rel, with the flags of a "test with" comment before a fenced block, and the
// inline code spans of its running text that start with "tumble".
func commandsInMarkdown(t *testing.T, root, rel string) []shownCommand {
	text, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	var out []shownCommand
	fenced := false
	extra := "" // the flags of a "test with" comment, for the next fenced block
	for i, line := range strings.Split(string(text), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			if fenced {
				extra = ""
			}
			fenced = !fenced
			continue
		}
		if m := testWith.FindStringSubmatch(line); m != nil && !fenced {
			extra = strings.TrimSpace(m[1])
			continue
		}
		where := fmt.Sprintf("%s:%d", filepath.ToSlash(rel), i+1)
		if fenced || strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t") {
			if cmd, ok := commandOf(trimmed); ok && fenced {
				out = append(out, shownCommand{where: where, line: cmd, extra: extra})
			} else if ok {
				out = append(out, shownCommand{where: where, line: cmd})
			}
			continue
		}
		for _, m := range inlineCommand.FindAllStringSubmatch(line, -1) {
			out = append(out, shownCommand{where: where, line: m[1], fragment: true})
		}
	}
	return out
}

// commandsInHelp returns the example lines of every command's --help: indented lines that
// start with "tumble".
func commandsInHelp(t *testing.T) []shownCommand {
	var out []shownCommand
	for _, path := range append(commandPaths(), nil) {
		text := helpText(t, path)
		where := strings.Join(append(append([]string{"tumble"}, path...), "--help"), " ")
		for _, line := range strings.Split(text, "\n") {
			if !strings.HasPrefix(line, "  ") {
				continue
			}
			if cmd, ok := commandOf(strings.TrimSpace(line)); ok {
				out = append(out, shownCommand{where: where, line: cmd})
			}
		}
	}
	return out
}

// helpText returns what `tumble PATH --help` prints.
func helpText(t *testing.T, path []string) string {
	t.Helper()
	code, out, errOut := runTumble(append(append([]string{}, path...), "--help")...)
	if code != 0 {
		t.Fatalf("tumble %s --help: exit %d: %s", strings.Join(path, " "), code, errOut)
	}
	return out
}

// commandOf returns the command of a line of code, "tumble …" or "$ tumble …", without a
// trailing "# comment".
func commandOf(line string) (string, bool) {
	line = strings.TrimPrefix(line, "$ ")
	if line != "tumble" && !strings.HasPrefix(line, "tumble ") {
		return "", false
	}
	if i := strings.Index(line, " #"); i >= 0 {
		line = line[:i]
	}
	return strings.TrimSpace(line), true
}

// isPlaceholder reports whether a word of a command line stands for something to fill in:
// SCENE.xml, N, FILE.{svg,png}, DIR|SCENE.xml, [flags], ….
func isPlaceholder(word string) bool {
	return regexp.MustCompile(`^[A-Z][A-Z0-9_]*([.|{].*)?$`).MatchString(word) ||
		strings.ContainsAny(word, "[]…") || strings.Contains(word, "...")
}

func isSynopsis(args []string) bool {
	for _, a := range args {
		if isPlaceholder(a) {
			return true
		}
	}
	return false
}

// commandPathOf returns the command (and subcommand) a command line's arguments call: nil for
// a bare tumble or its own flags (--help, --version), the viewer's for other flags with no
// command, ["sim"], ["2d", "run"], …; a placeholder in its place also gives nil. An unknown
// command is an error.
func commandPathOf(args []string) ([]string, error) {
	if len(args) > 0 && strings.HasPrefix(args[0], "-") && !isTopFlag(args[0]) {
		return []string{defaultCommand}, nil
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") || isPlaceholder(args[0]) {
		return nil, nil
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		if len(c.subcommands) == 0 || len(args) == 1 || strings.HasPrefix(args[1], "-") || isPlaceholder(args[1]) {
			return []string{c.name}, nil
		}
		for _, s := range c.subcommands {
			if s.name == args[1] {
				return []string{c.name, s.name}, nil
			}
		}
		return nil, fmt.Errorf("tumble %s has no subcommand %q", c.name, args[1])
	}
	return nil, fmt.Errorf("no command %q", args[0])
}

// checkFlags fails the test for each flag that the command's --help does not list.
func checkFlags(t *testing.T, s shownCommand, path, args []string) {
	t.Helper()
	for _, a := range unknownFlags(t, path, args) {
		t.Errorf("%s: %q: %s is not a flag of tumble %s (see its --help)", s.where, s.line, a, strings.Join(path, " "))
	}
}

// unknownFlags returns the flags among args that the --help of the command path does not
// list. A bare tumble takes only --help and --version; -h and --help go everywhere.
func unknownFlags(t *testing.T, path, args []string) []string {
	t.Helper()
	if len(args) > 0 && path == nil && isPlaceholder(args[0]) {
		return nil
	}
	help := "--help --version"
	if path != nil {
		help = helpText(t, path)
	}
	var unknown []string
	for _, a := range args {
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "h" || name == "help" {
			continue
		}
		if !regexp.MustCompile(`(^|[\s\[(,])--?` + regexp.QuoteMeta(name) + `\b`).MatchString(help) {
			unknown = append(unknown, a)
		}
	}
	return unknown
}

func hasFlag(args []string, names ...string) bool {
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		for _, n := range names {
			if strings.HasPrefix(a, "-") && name == n {
				return true
			}
		}
	}
	return false
}

// commandTimeout bounds one documented command: the documentation's examples should be
// cheap; a hang ends here.
const commandTimeout = 2 * time.Minute

// runShown runs a command line with the built binary first on PATH, in root, and fails the
// test unless it exits with status 0. A command that opens a window gets an X display; one
// that would run until closed passes when its window shows.
func runShown(t *testing.T, root string, s shownCommand, path, args []string) {
	env := []string{"PATH=" + filepath.Dir(tumbleBin) + string(os.PathListSeparator) + os.Getenv("PATH")}
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "PATH=") && !strings.HasPrefix(e, "DISPLAY=") {
			env = append(env, e)
		}
	}
	if path == nil && len(args) == 0 {
		path = []string{defaultCommand}
	}
	window := path != nil && path[0] == "view" && !hasFlag(args, "h", "help")
	if window {
		env = append(env, "DISPLAY="+xDisplay(t))
		if !hasFlag(args, "frames", "seconds") {
			runUntilWindow(t, root, env, s, args)
			return
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), commandTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "bash", "-o", "pipefail", "-c", s.line)
	cmd.Dir, cmd.Env = root, env
	start := time.Now()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("%s: %q from the repository root: %v\n%s", s.where, s.line, err, out)
	}
	t.Logf("%.1f s", time.Since(start).Seconds())
}

// runUntilWindow starts an interactive viewer command and waits for its window (xdotool
// finds the window of its process), then closes it. Exiting first fails the test.
func runUntilWindow(t *testing.T, root string, env []string, s shownCommand, args []string) {
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("runs until its window is closed: xdotool is not installed to see the window open (make deps)")
	}
	var out bytes.Buffer
	cmd := exec.Command(tumbleBin, args...)
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = root, env, &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		<-exited
	}()
	deadline := time.After(commandTimeout)
	for {
		search := exec.Command("xdotool", "search", "--pid", fmt.Sprint(cmd.Process.Pid))
		search.Env, search.Stderr = env, io.Discard
		if found, _ := search.Output(); len(bytes.TrimSpace(found)) > 0 {
			return
		}
		select {
		case err := <-exited:
			exited <- err // for the deferred wait
			t.Fatalf("%s: %q exited (%v) before its window showed:\n%s", s.where, s.line, err, out.String())
		case <-deadline:
			t.Fatalf("%s: %q showed no window within %v:\n%s", s.where, s.line, commandTimeout, out.String())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// copyRepo copies the repository's files (not .git, not bin/) into a temporary directory, so
// that documented commands that write files write them there.
func copyRepo(t *testing.T) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(repoRoot, p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || rel == "bin") {
				return filepath.SkipDir
			}
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		if !d.Type().IsRegular() || strings.HasPrefix(d.Name(), ".") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// The extraction finds what a reader would run and nothing else: code lines with their
// comments cut and output lines skipped, a block's "test with" flags, inline spans as
// fragments; synopses are told from commands, and a flag that does not exist is caught.
func TestDocumentedCommandExtraction(t *testing.T) {
	dir := t.TempDir()
	md := "Run `tumble sim --json` or `tumble COMMAND --help`; not `tumbler`.\n\n" +
		"```sh\n$ tumble sim spin   # a built-in scene\nscene  steps\ntumble meshes\n```\n\n" +
		"<!-- test with: --steps 20 -->\n```\ntumble bench pile1000\n```\n\n" +
		"    tumble 2d run SCENE.xml [-o OUT.bin]\n\n```\ntumble sim\n```\n"
	if err := os.WriteFile(filepath.Join(dir, "a.md"), []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	got := commandsInMarkdown(t, dir, "a.md")
	want := []shownCommand{
		{where: "a.md:1", line: "tumble sim --json", fragment: true},
		{where: "a.md:1", line: "tumble COMMAND --help", fragment: true},
		{where: "a.md:4", line: "tumble sim spin"},
		{where: "a.md:6", line: "tumble meshes"},
		{where: "a.md:11", line: "tumble bench pile1000", extra: "--steps 20"},
		{where: "a.md:14", line: "tumble 2d run SCENE.xml [-o OUT.bin]"},
		{where: "a.md:17", line: "tumble sim"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("extracted\n%v\nwant\n%v", got, want)
	}
	for line, synopsis := range map[string]bool{
		"tumble 2d run SCENE.xml [-o OUT.bin]":            true,
		"tumble sim --steps N spin":                       true,
		"tumble 2d regress DIR|SCENE.xml...":              true,
		"tumble 2d render x.xml --out FILE.{svg,png,gif}": true,
		"tumble sim --json data/scenes/tower10.xml":       false,
		"tumble 2d regress data/scenes2d":                 false,
	} {
		if isSynopsis(strings.Fields(line)[1:]) != synopsis {
			t.Errorf("%q: synopsis %v, want %v", line, !synopsis, synopsis)
		}
	}
	for _, c := range []struct {
		args    []string
		unknown string
	}{
		{[]string{"sim", "--json", "--steps=3", "-h", "spin"}, ""},
		{[]string{"sim", "--jsn", "spin"}, "--jsn"},
		{[]string{"2d", "run", "-o", "x.bin", "--every", "2", "x.xml"}, ""},
		{[]string{"2d", "render", "--contact"}, "--contact"},
		{[]string{"--version"}, ""},
		{[]string{"--frames", "3"}, ""},
		{[]string{"--frames", "3", "--bogus"}, "--bogus"},
	} {
		path, err := commandPathOf(c.args)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(unknownFlags(t, path, c.args), " "); got != c.unknown {
			t.Errorf("%q: unknown flags %q, want %q", c.args, got, c.unknown)
		}
	}
	if _, err := commandPathOf([]string{"2d", "walk"}); err == nil {
		t.Error("tumble 2d walk: no error for an unknown subcommand")
	}
}
