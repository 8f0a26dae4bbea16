// Command scenegen writes the built-in 3D scenes that are too large to write by hand
// (run by `go generate ./data`): pile1000 and large_pyramid. The output is byte-for-byte
// reproducible: the random poses come from a fixed-seed splitmix64.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// scenes returns the generated scenes by name (the file name without .xml).
func scenes() map[string][]byte {
	return map[string][]byte{
		"pile1000":      pile(1000, 1),
		"large_pyramid": largePyramid(100),
	}
}

func main() {
	out := flag.String("out", "scenes", "directory to write the XML files into")
	flag.Parse()
	for name, text := range scenes() {
		if err := os.WriteFile(filepath.Join(*out, name+".xml"), text, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "scenegen:", err)
			os.Exit(1)
		}
	}
}
