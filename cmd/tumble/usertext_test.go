package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// processWords are words of how Tumble is made, not of what it is: tracker issues, branches
// and worktrees, the developers' helpers, tools and folders. Users never need them.
var processWords = regexp.MustCompile(`(?i)\bissues?\b|\.\./shared|\bbranch(es)?\b|\bworktrees?\b|` +
	`\bhelpers?\b|\bthe lead\b|\bsearch tool\b|\bduplicates tool\b|(?-i:\b(TODO|FIXME|XXX)\b)`)

// TestNoProcessWordsInUserText reads everything users read — the repository's Markdown
// files, every --help text, every string literal of the program's Go code (its messages) and
// the built-in scenes and meshes under data/, which users open and copy — for process words and for the names of the repository's git branches that no English
// word has (those with a digit, "-", "_" or "/").
func TestNoProcessWordsInUserText(t *testing.T) {
	words := processWordsAndBranches(t)
	for _, f := range append(markdownFiles(t), shippedDataFiles(t)...) {
		t.Run(f, func(t *testing.T) {
			text, err := os.ReadFile(filepath.Join(repoRoot, f))
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(text), "\n") {
				if w := words.FindString(line); w != "" {
					t.Errorf("%s:%d: %q in %q", f, i+1, w, line)
				}
			}
		})
	}
	t.Run("help", func(t *testing.T) {
		for _, path := range append(commandPaths(), nil) {
			for _, line := range strings.Split(helpText(t, path), "\n") {
				if w := words.FindString(line); w != "" {
					t.Errorf("tumble %s --help: %q in %q", strings.Join(path, " "), w, line)
				}
			}
		}
	})
	t.Run("messages", func(t *testing.T) {
		for _, s := range stringLiterals(t) {
			if w := words.FindString(s.text); w != "" {
				t.Errorf("%s: %q in %q", s.where, w, s.text)
			}
		}
	})
}

// processWordsAndBranches adds to processWords the distinctive names of the repository's
// local branches, when git can list them.
func processWordsAndBranches(t *testing.T) *regexp.Regexp {
	out, err := exec.Command("git", "-C", repoRoot, "for-each-ref", "--format=%(refname:short)", "refs/heads").Output()
	if err != nil {
		t.Logf("branch names not checked: git cannot list them: %v", err)
		return processWords
	}
	var names []string
	for _, b := range strings.Fields(string(out)) {
		if strings.ContainsAny(b, "0123456789-_/") {
			names = append(names, regexp.QuoteMeta(b))
		}
	}
	if len(names) == 0 {
		return processWords
	}
	return regexp.MustCompile(processWords.String() + `|\b(` + strings.Join(names, "|") + `)\b`)
}

// shippedDataFiles lists the scene and mesh files under data/, relative to the repository
// root (those of its internal generators' tests aside).
func shippedDataFiles(t *testing.T) []string {
	files := repoFiles(t, "data", ".xml", ".obj")
	if len(files) < 20 {
		t.Fatalf("found only %d scene and mesh files under data/: is the walk broken?", len(files))
	}
	return files
}

type literal struct{ where, text string }

// stringLiterals returns the string literals of the module's Go files, tests and test data
// aside: the messages, help texts and names the program prints.
func stringLiterals(t *testing.T) []literal {
	var out []literal
	fset := token.NewFileSet()
	err := filepath.WalkDir(repoRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != repoRoot && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if _, ok := n.(*ast.ImportSpec); ok {
				return false
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil {
					out = append(out, literal{fset.Position(lit.Pos()).String(), s})
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 100 {
		t.Fatalf("found only %d string literals: is the walk broken?", len(out))
	}
	return out
}

// The check catches each kind of word it is for, and leaves ordinary text alone.
func TestProcessWords(t *testing.T) {
	for _, s := range []string{"the scenes of issue 4", "Issues", "see ../shared/scenes2d", "on the view2d branch",
		"in a worktree", "other helpers' jobs", "TODO: later", "the search tool"} {
		if !processWords.MatchString(s) {
			t.Errorf("%q passes", s)
		}
	}
	for _, s := range []string{"the interface shared by both modes", "tissue", "the bounds of λ",
		"a branchless loop", "helpful", "todo"} {
		if processWords.MatchString(s) {
			t.Errorf("%q is caught", s)
		}
	}
}
