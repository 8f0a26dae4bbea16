package viewer

import (
	"bytes"
	"math"
	"testing"

	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/inertia"
)

func TestVertexNormals(t *testing.T) {
	v, tri := cube(2)
	normals, smooth := vertexNormals(v, tri)
	if smooth {
		t.Error("a cube was judged smooth")
	}
	for i, n := range normals {
		// A cube's corner normal is the diagonal through it (its three faces weigh equally).
		if want := v[i].Normalize(); n.Sub(want).Len() > 1e-12 {
			t.Errorf("corner %v: normal %v, want %v", v[i], n, want)
		}
	}
	for _, c := range []struct {
		mesh   string
		smooth bool
	}{{"icosphere", true}, {"torus", true}, {"cube", false}, {"cylinder", false}} {
		src, err := data.Mesh(c.mesh)
		if err != nil {
			t.Fatal(err)
		}
		m, err := inertia.ReadOBJ(bytes.NewReader(src), c.mesh)
		if err != nil {
			t.Fatal(err)
		}
		normals, smooth := vertexNormals(m.Vertices, m.Triangles)
		if smooth != c.smooth {
			t.Errorf("%s: smooth %v, want %v", c.mesh, smooth, c.smooth)
		}
		if c.mesh == "icosphere" {
			// On a sphere about the origin the normal is the radial direction, up to the
			// facets' uneven sizes (0.02 rad).
			for i, n := range normals {
				if a := math.Acos(math.Min(1, n.Dot(m.Vertices[i].Normalize()))); a > 0.02 {
					t.Errorf("icosphere vertex %d: normal %.3g rad off radial", i, a)
					break
				}
			}
		}
	}
}
