package fosssim_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/data/input/inputtest"
)

// Sniff tells a FOSSSim scene by its first element that Tumble's 3D format lacks, whether or
// not the rest of the scene is valid, and takes nothing else for one.
func TestSniff(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{scene(nil), true},
		{`<?xml version="1.0"?><!-- c --><scene><duration time="1"/><rigidbodyvertex x="0" y="0" m="1"/></scene>`, true},
		{`<scene><description text="d"/><rigidbody p="0"/>`, true},              // truncated after the deciding child
		{`<scene><rigidbodyintegrator type="leapfrog" dt="-1"/></scene>`, true}, // invalid, but FOSSSim's
		{`<scene><duration time="1"/><plane/><body mesh="cube"/></scene>`, false},
		{`<scene><description text="d"/><duration time="1"/></scene>`, false}, // no deciding child
		{`<scene><gravity v="0 -9.81 0"/><simtype type="rigid-body"/></scene>`, false},
		{`<mujoco><rigidbody/></mujoco>`, false},
		{`<scene`, false},
		{``, false},
		{`not xml at all`, false},
	} {
		if got := fosssim.Sniff(strings.NewReader(c.text)); got != c.want {
			t.Errorf("Sniff(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// IsScene reads the file; a missing file or a directory is not a scene. The project's own
// 2D scenes are FOSSSim's and its 3D scenes are not.
func TestIsScene(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "s.xml")
	if err := os.WriteFile(path, []byte(scene(nil)), 0o644); err != nil {
		t.Fatal(err)
	}
	if !fosssim.IsScene(path) || fosssim.IsScene(filepath.Join(dir, "missing.xml")) || fosssim.IsScene(dir) {
		t.Error("IsScene: want true for the scene only")
	}
	// No hostile input is read: a device never ends, a named pipe waits for a writer, a huge
	// file is refused by its size.
	for kind, path := range inputtest.Hostile(t, dir, "scene", ".xml") {
		done := make(chan bool)
		go func() { done <- fosssim.IsScene(path) }()
		select {
		case got := <-done:
			if got {
				t.Errorf("IsScene took a %s for a scene", kind)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("IsScene on a %s did not return within 5 s", kind)
		}
	}
	for pattern, want := range map[string]bool{"../../../data/scenes2d/*.xml": true, "../../../data/scenes/*.xml": false} {
		files, _ := filepath.Glob(pattern)
		if len(files) == 0 {
			t.Fatalf("no files %s", pattern)
		}
		for _, f := range files {
			if fosssim.IsScene(f) != want {
				t.Errorf("IsScene(%s) = %v, want %v", f, !want, want)
			}
		}
	}
}
