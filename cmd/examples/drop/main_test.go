package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// root is the repository's root, seen from this package's directory.
var root = filepath.Join("..", "..", "..")

// module is the path the README tells users to require.
const module = "github.com/tumble-physics/tumble"

// README.md shows this program as the shortest use of the library, and how to build it in a
// module of one's own with a replace directive: the program there is this file, and those
// steps, followed in a new module outside the repository, build it and print what it says.
func TestReadmeProgram(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(readme), "## Use as a Go library")
	_, block, ok2 := strings.Cut(section, "```go\n")
	block, _, ok3 := strings.Cut(block, "```")
	if !ok || !ok2 || !ok3 {
		t.Fatal("README.md has no Go program under \"Use as a Go library\"")
	}
	src, err := os.ReadFile("main.go")
	if err != nil {
		t.Fatal(err)
	}
	_, program, _ := strings.Cut(string(src), "package main")
	if block != "package main"+program {
		t.Fatalf("README.md's program differs from cmd/examples/drop/main.go:\n%s", block)
	}
	if testing.Short() {
		t.Skip("building it in a module of its own takes a few seconds")
	}
	clone, err := filepath.Abs(root)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(block), 0o644); err != nil {
		t.Fatal(err)
	}
	var out string
	for _, args := range [][]string{
		{"mod", "init", "example.com/drop"},
		{"mod", "edit", "-require=" + module + "@v0.0.0", "-replace=" + module + "=" + clone},
		{"mod", "tidy"},
		{"run", "."},
	} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		// Offline: the modules Tumble needs are in the module cache once it is built.
		cmd.Env = append(os.Environ(), "GOPROXY=off", "GOSUMDB=off", "GOWORK=off")
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, b)
		}
		out = string(b)
	}
	if want := "after 2 s the cube rests at y = 0.500 m\n"; out != want {
		t.Errorf("go run printed %q, want %q", out, want)
	}
}
