// Command scenegen writes the built-in 3D scenes that are too large to write by hand
// (run by `go generate ./data`): pile1000, heap2000 and large_pyramid, as package data/scenegen
// generates them. The output is byte-for-byte reproducible: the random poses come from a
// fixed-seed splitmix64.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/tumble-physics/tumble/data/scenegen"
)

func main() {
	out := flag.String("out", "scenes", "directory to write the XML files into")
	flag.Parse()
	for name, text := range scenegen.Scenes() {
		if err := os.WriteFile(filepath.Join(*out, name+".xml"), text, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "scenegen:", err)
			os.Exit(1)
		}
	}
}
