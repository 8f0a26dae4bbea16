// Package data holds Tumble's built-in meshes (meshes/*.obj) and 3D scenes (scenes/*.xml),
// embedded in the binary so that it runs from any directory. It is a leaf: it imports nothing
// of Tumble's, and callers parse what it returns (inertia.ReadOBJ, contact/scene.Parse).
//
// The meshes and the large scenes (pile1000, heap2000, large_pyramid) are generated: edit
// data/internal/meshgen or data/scenegen and run `go generate ./data`.
package data

//go:generate go run ./internal/meshgen -out meshes
//go:generate go run ./internal/scenegen -out scenes

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed meshes/*.obj
var meshFiles embed.FS

//go:embed scenes/*.xml
var sceneFiles embed.FS

// Mesh returns the OBJ text of the built-in mesh name (without ".obj"), for example "torus".
func Mesh(name string) ([]byte, error) {
	return read(meshFiles, "meshes", name, ".obj", "mesh")
}

// MeshNames lists the built-in meshes in alphabetical order.
func MeshNames() []string { return names(meshFiles, "meshes", ".obj") }

// Scene returns the XML text of the built-in 3D scene name (without ".xml"), for example
// "default".
func Scene(name string) ([]byte, error) {
	return read(sceneFiles, "scenes", name, ".xml", "scene")
}

// SceneNames lists the built-in 3D scenes in alphabetical order.
func SceneNames() []string { return names(sceneFiles, "scenes", ".xml") }

func read(fsys embed.FS, dir, name, ext, kind string) ([]byte, error) {
	// A name is a name, not a path: "../x" or "a/b" never reach the file system.
	if fs.ValidPath(name) && !strings.Contains(name, "/") {
		if b, err := fsys.ReadFile(path.Join(dir, name+ext)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("no built-in %s %q (built-in: %s)", kind, name, strings.Join(names(fsys, dir, ext), ", "))
}

func names(fsys embed.FS, dir, ext string) []string {
	entries, _ := fsys.ReadDir(dir) // the directory is embedded: it exists
	var out []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ext); ok {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}
