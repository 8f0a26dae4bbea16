package fosssim

import (
	"encoding/xml"
	"io"

	"github.com/tumble-physics/tumble/data/input"
)

// shared are the elements that FOSSSim's format and Tumble's 3D scene format both have: they
// tell neither apart.
var shared = map[string]bool{"description": true, "duration": true}

// IsScene reports whether the file at path reads as a FOSSSim rigid-body scene: see Sniff.
// Only a regular file of at most MaxFileBytes can be one (Load reads no other); a file that
// cannot be read is not one.
func IsScene(path string) bool {
	f, err := input.Open(path, "a scene file", MaxFileBytes)
	if err != nil {
		return false
	}
	defer f.Close()
	return Sniff(input.Reader(f, path, "a scene file", MaxFileBytes))
}

// Sniff reports whether r reads as a FOSSSim rigid-body scene rather than a 3D scene or
// anything else: its root is <scene>, and the first of the root's children that is not one
// of the elements both formats have (<description>, <duration>) is an element of FOSSSim's
// format, such as <simtype> or <rigidbody>. It reads no further than that child and does not
// check the scene: Parse does, so that a scene with a mistake further on is still taken as
// FOSSSim's and its error is told in FOSSSim's terms.
func Sniff(r io.Reader) bool {
	dec := xml.NewDecoder(r)
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := qualified(t.Name)
			switch {
			case depth == 0 && name != "scene":
				return false
			case depth == 1 && !shared[name]:
				_, known := handlers[name]
				return known
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
}
