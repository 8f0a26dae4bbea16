package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// root is the repository's root, seen from this package's directory.
var root = filepath.Join("..", "..", "..")

// docs/tutorial.md shows the body of main, the scene file it reads and what it prints: run
// from the repository root, it reports the ball hitting the first domino at 1.90 s.
func TestTutorialProgram(t *testing.T) {
	tutorial, err := os.ReadFile(filepath.Join(root, "docs", "tutorial.md"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	_, block, _ := strings.Cut(string(tutorial), "```go\n")
	block, _, _ = strings.Cut(block, "```")
	_, body, _ := strings.Cut(string(src), "func main() {\n")
	body, _, _ = strings.Cut(body, "\n}\n")
	if block == "" || strings.ReplaceAll(body+"\n", "\n\t", "\n")[1:] != block {
		t.Fatalf("docs/tutorial.md's program is not main's body:\n%s", block)
	}
	scene, err := os.ReadFile(filepath.Join(root, "docs", "tutorial", "bowling.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(tutorial), "```xml\n"+string(scene)+"```") {
		t.Error("docs/tutorial.md does not show docs/tutorial/bowling.xml as it is")
	}

	// Run main from the repository root, its output captured.
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
	if err := os.Chdir(root); err != nil {
		t.Fatal(err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	main()
	os.Stdout = stdout
	w.Close()
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out), "1.90 s: the ball hits d1\n") || !strings.Contains(string(tutorial), "```\n"+string(out)+"```") {
		t.Errorf("the program printed %q; want the ball hitting d1 at 1.90 s first, and what the tutorial shows", out)
	}
}
