package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// docs/tutorial.md shows what `tumble sim docs/tutorial/bowling.xml` prints: run from the
// repository root, the command prints those lines, where a line ending in "…" shows the
// start of the line printed, a line "…" stands for any number of lines, and the wall time
// per step may differ.
func TestTutorialSimOutput(t *testing.T) {
	const command = "tumble sim docs/tutorial/bowling.xml"
	text, err := os.ReadFile(filepath.Join(repoRoot, "docs", "tutorial.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, after, ok := strings.Cut(string(text), "```sh\n"+command+"\n```\n")
	_, shown, ok2 := strings.Cut(after, "```\n")
	shown, _, ok3 := strings.Cut(shown, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatalf("docs/tutorial.md shows no output after %q", command)
	}
	t.Chdir(repoRoot)
	code, out, errOut := runTumble(strings.Fields(command)[1:]...)
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", command, code, errOut)
	}
	if !shownAs(shown).MatchString(out) {
		t.Errorf("docs/tutorial.md shows\n%s\nbut %s prints\n%s", shown, command, out)
	}
}

// timing matches the wall time of a step in tumble sim's summary.
var timing = regexp.MustCompile(`[0-9.e+-]+ ms per step`)

// shownAs returns the pattern of the output that the lines shown stand for.
func shownAs(shown string) *regexp.Regexp {
	var pattern strings.Builder
	pattern.WriteString(`\A`)
	for _, line := range strings.SplitAfter(shown, "\n") {
		switch {
		case line == "":
		case line == "…\n":
			pattern.WriteString(`(?:.*\n)*?`)
		case strings.HasSuffix(line, " …\n"):
			pattern.WriteString(quoteShown(strings.TrimSuffix(line, "…\n")) + `.*\n`)
		default:
			pattern.WriteString(quoteShown(line))
		}
	}
	return regexp.MustCompile(pattern.String() + `\z`)
}

// quoteShown quotes a line shown for a pattern, its timing any number.
func quoteShown(line string) string {
	parts := timing.Split(line, -1)
	for k := range parts {
		parts[k] = regexp.QuoteMeta(parts[k])
	}
	return strings.Join(parts, timing.String())
}
