package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedMeshesAreGenerated checks that data/meshes holds exactly what the generator
// writes, so that `go generate ./data` is a no-op on a clean tree.
func TestCommittedMeshesAreGenerated(t *testing.T) {
	files, err := filepath.Glob("../../meshes/*.obj")
	if err != nil {
		t.Fatal(err)
	}
	gen := meshes()
	if len(files) != len(gen) {
		t.Errorf("data/meshes has %d OBJ files, the generator writes %d", len(files), len(gen))
	}
	for name, m := range gen {
		committed, err := os.ReadFile(filepath.Join("../../meshes", name+".obj"))
		if err != nil {
			t.Errorf("%s: %v (run go generate ./data)", name, err)
			continue
		}
		if !bytes.Equal(committed, m.obj()) {
			t.Errorf("%s.obj differs from the generator's output (run go generate ./data)", name)
		}
	}
}

// TestCoord checks the reproducible number format: nine decimals at most, no "-0".
func TestCoord(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0, "0"}, {-1e-12, "0"}, {0.5, "0.5"}, {-0.25, "-0.25"}, {1, "1"},
		{1.2165063509461098, "1.216506351"}, {-0.1 - 0.2, "-0.3"},
	} {
		if got := coord(c.x); got != c.want {
			t.Errorf("coord(%v) = %q, want %q", c.x, got, c.want)
		}
	}
}
