package inertia

import (
	"bytes"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/go-gl/mathgl/mgl64"
)

// square is the shared vertex block of the reader tests: four corners of the unit square.
const square = "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\n"

func TestReadOBJ(t *testing.T) {
	corners := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}}
	tests := []struct {
		name      string
		text      string
		vertices  []mgl64.Vec3
		triangles [][3]int32
	}{
		{"triangle", "v 0 0 0\nv 1 0 0\nv 1 1 0\nf 1 2 3\n", corners[:3], [][3]int32{{0, 1, 2}}},
		{"quad as a fan", square + "f 1 2 3 4", corners, [][3]int32{{0, 1, 2}, {0, 2, 3}}},
		{"pentagon as a fan", square + "v 0.5 2 0\nf 1 2 3 5 4\n", append(slices.Clone(corners), mgl64.Vec3{0.5, 2, 0}),
			[][3]int32{{0, 1, 2}, {0, 2, 4}, {0, 4, 3}}},
		{"texture and normal references", square + "vt 0 0\nvn 0 0 1\nf 1/1/1 2//1 3/1 4/1/1\n", corners,
			[][3]int32{{0, 1, 2}, {0, 2, 3}}},
		{"negative references", square + "f -4 -3 -2\nf -4/1 -2//3 -1/2/3\n", corners,
			[][3]int32{{0, 1, 2}, {0, 2, 3}}},
		{"forward references", "f 1 2 3\n" + square, corners, [][3]int32{{0, 1, 2}}},
		{"comments, blanks and skipped keywords",
			"# a comment\n\nmtllib m.mtl\no thing\ng part\ns off\nusemtl red\n" + square +
				"l 1 2\np 3\n  f 1 2 3 # trailing\n", corners, [][3]int32{{0, 1, 2}}},
		{"CRLF, tabs, no final line break", "v\t0 0 0\r\nv 1\t0 0\r\nv 1 1 0 1\r\nv 0 1 0 0.5 0.5 0.5\r\nf 1 2 3 4", corners,
			[][3]int32{{0, 1, 2}, {0, 2, 3}}},
		{"number forms", "v 1e0 -0 .5\nv +2 5. 1E-3\nv 1 2 3\nf 1 2 3\n",
			[]mgl64.Vec3{{1, 0, 0.5}, {2, 5, 0.001}, {1, 2, 3}}, [][3]int32{{0, 1, 2}}},
		{"byte-order mark", "\uFEFF" + square + "f 1 2 3\n", corners, [][3]int32{{0, 1, 2}}},
		{"CR line ends", "\uFEFFv 0 0 0\rv 1 0 0\rv 1 1 0\r\rv 0 1 0\rf 1 2 3 4\r", corners, [][3]int32{{0, 1, 2}, {0, 2, 3}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ReadOBJ(strings.NewReader(tc.text), "m.obj")
			if err != nil {
				t.Fatal(err)
			}
			if m.Name != "m.obj" || !slices.Equal(m.Vertices, tc.vertices) || !slices.Equal(m.Triangles, tc.triangles) {
				t.Errorf("got %q %v %v, want %v %v", m.Name, m.Vertices, m.Triangles, tc.vertices, tc.triangles)
			}
		})
	}
}

// notOBJ is ReadOBJ's message for a line it cannot read; it quotes nothing of the file.
const notOBJ = "not an OBJ line: unknown keyword (OBJ lines start with v, f, vt, vn, o, g, s, usemtl, mtllib, l, p or #)"

func TestReadOBJErrors(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"malformed coordinate", "v 1 2 x\n", "m.obj:1: the vertex's z is not a finite decimal number (1, -0.5, 2e-3)"},
		{"digit separator", "v 0_5 0 0\n", "m.obj:1: the vertex's x is not a finite decimal number (1, -0.5, 2e-3)"},
		{"hexadecimal", "v 0 0x1p-1 0\n", "m.obj:1: the vertex's y is not a finite decimal number (1, -0.5, 2e-3)"},
		{"malformed w", "v 0 0 0 w\n", "m.obj:1: the vertex's 4th number is not a finite decimal number (1, -0.5, 2e-3)"},
		{"two coordinates", square + "v 1 2\n", "m.obj:5: vertex has 2 numbers, want x y z, x y z w or x y z r g b"},
		{"five numbers", "v 1 2 3 4 5\n", "m.obj:1: vertex has 5 numbers, want x y z, x y z w or x y z r g b"},
		{"NaN", "v 0 nan 0\n", "m.obj:1: the vertex's y is not a finite decimal number (1, -0.5, 2e-3)"},
		{"Inf", "# x\nv 0 0 -Inf\n", "m.obj:2: the vertex's z is not a finite decimal number (1, -0.5, 2e-3)"},
		{"overflow", "v 1e400 0 0\n", "m.obj:1: the vertex's x is not a finite decimal number (1, -0.5, 2e-3)"},
		{"index 0", square + "f 0 1 2\n", "m.obj:5: vertex index 0 (OBJ indices start at 1)"},
		{"index past the end", square + "f 1 2 5\nf 1 2 3\n", "m.obj:5: vertex index 5 out of range (4 vertices)"},
		{"huge index", square + "f 1 2 99999999999\n", "m.obj:5: vertex index 99999999999 out of range"},
		{"negative index before the start", square + "f -5 1 2\n", "m.obj:5: vertex index -5 out of range (4 vertices so far)"},
		{"two-vertex face", square + "f 1 2\n", "m.obj:5: face has 2 vertices, need at least 3"},
		{"empty face", square + "f\n", "m.obj:5: face has 0 vertices, need at least 3"},
		{"malformed index", square + "f 1 2 3x\n", "m.obj:5: face vertex 3 is malformed (want v, v/vt, v//vn or v/vt/vn with whole numbers)"},
		{"trailing slash", square + "f 1 2 3/\n", "m.obj:5: face vertex 3 is malformed (want v, v/vt, v//vn or v/vt/vn with whole numbers)"},
		{"four parts", square + "f 1 2 3/1/1/1\n", "m.obj:5: face vertex 3 is malformed (want v, v/vt, v//vn or v/vt/vn with whole numbers)"},
		{"empty normal", square + "f 1 2 3//\n", "m.obj:5: face vertex 3 is malformed (want v, v/vt, v//vn or v/vt/vn with whole numbers)"},
		{"missing vertex", square + "f 1 /2 3\n", "m.obj:5: face vertex 2 is malformed (want v, v/vt, v//vn or v/vt/vn with whole numbers)"},
		{"unknown keyword", square + "vp 0.5 0.5\n", "m.obj:5: " + notOBJ},
		{"another file", "root:x:0:0:root:/root:/bin/bash\n", "m.obj:1: " + notOBJ},
		{"CR only", "v 0 0 0\rvp 1\r", "m.obj:2: " + notOBJ},
		{"UTF-16", "\xff\xfev\x00 \x000\x00", "m.obj:1: the file is UTF-16 text; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8"},
		{"empty file", "", "m.obj:1: empty mesh: the file ends without a face"},
		{"vertices only", square, "m.obj:4: empty mesh: the file ends without a face"},
		{"line too long", "# " + strings.Repeat("x", maxOBJLine) + "\n", "m.obj:1: line longer than 16 MiB"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ReadOBJ(strings.NewReader(tc.text), "m.obj")
			if err == nil || err.Error() != tc.want {
				t.Errorf("got %v, %v; want error %q", m, err, tc.want)
			}
		})
	}
}

// An endless input of valid lines stops at MaxOBJBytes.
func TestReadOBJEndless(t *testing.T) {
	_, err := ReadOBJ(endless("# a comment, read and skipped\n"), "m.obj")
	if err == nil || err.Error() != "m.obj: more than the 256 MiB a mesh file may have" {
		t.Errorf("error %v, want the file refused at 256 MiB", err)
	}
}

// endless reads its text over and over.
type endless string

func (e endless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		n += copy(p[n:], e)
	}
	return n, nil
}

func TestReadOBJReadError(t *testing.T) {
	boom := errors.New("boom")
	_, err := ReadOBJ(iotest.ErrReader(boom), "m.obj")
	if !errors.Is(err, boom) || err.Error() != "m.obj:1: boom" {
		t.Errorf("error %v, want m.obj:1: boom", err)
	}
}

func TestLoadOBJ(t *testing.T) {
	path := filepath.Join(t.TempDir(), "square.obj")
	if err := os.WriteFile(path, []byte(square+"f 1 2 3 4\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := LoadOBJ(path)
	if err != nil || m.Name != path || len(m.Triangles) != 2 {
		t.Errorf("LoadOBJ: %v, %v", m, err)
	}
	if _, err := LoadOBJ(filepath.Join(t.TempDir(), "missing.obj")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: error %v, want ErrNotExist", err)
	}
}

func TestWriteOBJRoundTrip(t *testing.T) {
	torus := torusMesh(1, 0.25, 12, 8).Affine(rotation, mgl64.Vec3{1e6, math.Pi, -1.0 / 3})
	var buf bytes.Buffer
	if err := WriteOBJ(&buf, torus); err != nil {
		t.Fatal(err)
	}
	back, err := ReadOBJ(&buf, "torus")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Vertices, torus.Vertices) || !slices.Equal(back.Triangles, torus.Triangles) {
		t.Error("WriteOBJ then ReadOBJ does not give the mesh back bit for bit")
	}
}

func TestReadOBJAllocations(t *testing.T) {
	// Numbers and lines must not allocate: only the growing arrays may.
	sphere := sphereMesh(1, 100, 51) // 10k triangles
	var buf bytes.Buffer
	if err := WriteOBJ(&buf, sphere); err != nil {
		t.Fatal(err)
	}
	text := buf.Bytes()
	allocs := testing.AllocsPerRun(3, func() {
		if _, err := ReadOBJ(bytes.NewReader(text), "sphere"); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 100 {
		t.Errorf("ReadOBJ made %.0f allocations for %d lines", allocs, len(sphere.Vertices)+len(sphere.Triangles))
	}
}

func FuzzReadOBJ(f *testing.F) {
	f.Add(square + "f 1 2 3 4\n")
	f.Add(square + "vt 0 0\nvn 0 0 1\nf 1/1/1 2//1 3/1 -1/1/1\n")
	f.Add("f 1 2 3\n# c\nv 0 0 0\nv 1 0 0 1\nv 0 1 0 1 1 1\n")
	f.Add("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n")
	f.Add("o x\r\ng y\ns 1\nusemtl m\nmtllib m\nl 1 2\np 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ReadOBJ(strings.NewReader(text), "fuzz.obj")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.obj:") {
				t.Errorf("error %q does not name the file and line", err)
			}
			return
		}
		if len(m.Triangles) == 0 {
			t.Fatal("accepted a mesh without triangles")
		}
		for _, v := range m.Vertices {
			for _, x := range v {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					t.Fatalf("accepted a coordinate %g", x)
				}
			}
		}
		for _, tri := range m.Triangles {
			for _, i := range tri {
				if i < 0 || int(i) >= len(m.Vertices) {
					t.Fatalf("accepted index %d with %d vertices", i, len(m.Vertices))
				}
			}
		}
		var buf bytes.Buffer
		if err := WriteOBJ(&buf, m); err != nil {
			t.Fatal(err)
		}
		back, err := ReadOBJ(&buf, "fuzz.obj")
		if err != nil || !slices.Equal(back.Vertices, m.Vertices) || !slices.Equal(back.Triangles, m.Triangles) {
			t.Fatalf("round trip through WriteOBJ: %v", err)
		}
		// Whatever the reader accepts, Compute either refuses or answers with finite values.
		p, err := Compute(m, 1, Options{AllowOpen: true})
		if err == nil && (!(p.Volume > 0) || !allFinite(p.Mass) || !allFinite(p.COM[:]...) ||
			!allFinite(p.Inertia[:]...) || !allFinite(p.PrincipalMoments[:]...)) {
			t.Fatalf("Compute gave volume %g, COM %v, inertia %v", p.Volume, p.COM, p.Inertia)
		}
	})
}
