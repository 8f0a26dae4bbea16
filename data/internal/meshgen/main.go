// Command meshgen writes Tumble's built-in meshes as OBJ files (run by `go generate ./data`).
// Every mesh is closed and wound counter-clockwise seen from outside, and the output is
// byte-for-byte reproducible.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// meshes returns the built-in meshes by name (the file name without .obj).
func meshes() map[string]*mesh {
	return map[string]*mesh{
		"cube":        box("cube: unit cube, side 1 m, centred at the origin", 1, 1, 1, vec{}),
		"box":         box("box: 1 m (x) by 2 m (y) by 0.5 m (z), centred at the origin", 1, 2, 0.5, vec{}),
		"tetrahedron": tetrahedron(),
		"icosphere":   icosphere(0.5, 2),
		"cylinder":    cylinder(0.5, 1, 32),
		"torus":       torus(1, 0.25, 48, 12),
		"thandle":     tHandle(1, 0.8, 0.2),
	}
}

func main() {
	out := flag.String("out", "meshes", "directory to write the OBJ files into")
	flag.Parse()
	for name, m := range meshes() {
		path := filepath.Join(*out, name+".obj")
		if err := os.WriteFile(path, m.obj(), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "meshgen:", err)
			os.Exit(1)
		}
	}
}
