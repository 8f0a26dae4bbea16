package data

import (
	"bufio"
	"bytes"
	"math"
	"strconv"
	"strings"
	"testing"
)

// objMesh is the little of OBJ the generated files use: "v x y z" and "f a b c".
func objMesh(t *testing.T, name string, text []byte) (vs [][3]float64, fs [][3]int) {
	t.Helper()
	sc := bufio.NewScanner(bytes.NewReader(text))
	for line := 1; sc.Scan(); line++ {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || f[0] == "#" {
			continue
		}
		if len(f) != 4 {
			t.Fatalf("%s:%d: want 4 fields, got %q", name, line, sc.Text())
		}
		var n [3]float64
		for i := range 3 {
			x, err := strconv.ParseFloat(f[i+1], 64)
			if err != nil {
				t.Fatalf("%s:%d: %v", name, line, err)
			}
			n[i] = x
		}
		switch f[0] {
		case "v":
			vs = append(vs, n)
		case "f":
			fs = append(fs, [3]int{int(n[0]) - 1, int(n[1]) - 1, int(n[2]) - 1})
		default:
			t.Fatalf("%s:%d: unexpected %q", name, line, f[0])
		}
	}
	return vs, fs
}

// TestMeshesAreClosedAndOutward checks what Mirtich's integrals need: every directed edge
// appears exactly once and its reverse exactly once (a closed, consistently oriented
// 2-manifold), and the enclosed volume is positive (outward normals). It also checks the
// volumes against closed forms (the polyhedra exactly, the curved shapes within their
// faceting error).
func TestMeshesAreClosedAndOutward(t *testing.T) {
	// Inscribed polygons lose area: an n-gon of circumradius r has area n r² sin(2π/n) / 2.
	ngon := func(n float64) float64 { return n / 2 * math.Sin(2*math.Pi/n) / math.Pi }
	want := map[string]struct {
		verts, tris int
		volume, tol float64
	}{
		"cube":        {8, 12, 1, 1e-15},
		"box":         {8, 12, 1 * 2 * 0.5, 1e-15},
		"tetrahedron": {4, 4, 1.0 / 3, 1e-15},
		"thandle":     {16, 28, 0.2 * 0.2 * (1 + 0.8), 1e-15},
		"cylinder":    {66, 128, math.Pi * 0.25 * ngon(32), 1e-9},
		// A faceted sphere or torus has less volume than the smooth one: a few percent here.
		"icosphere": {162, 320, 4.0 / 3 * math.Pi * 0.125, 0.04},
		"torus":     {576, 1152, 2 * math.Pi * math.Pi * 1 * 0.25 * 0.25, 0.05},
	}
	names := MeshNames()
	if len(names) != len(want) {
		t.Errorf("MeshNames() = %v, want %d meshes", names, len(want))
	}
	for _, name := range names {
		text, err := Mesh(name)
		if err != nil {
			t.Fatal(err)
		}
		vs, fs := objMesh(t, name, text)
		w := want[name]
		if len(vs) != w.verts || len(fs) != w.tris {
			t.Errorf("%s: %d vertices, %d triangles, want %d, %d", name, len(vs), len(fs), w.verts, w.tris)
		}
		edges := map[[2]int]int{}
		volume := 0.0
		for _, f := range fs {
			for k := range 3 {
				edges[[2]int{f[k], f[(k+1)%3]}]++
			}
			a, b, c := vs[f[0]], vs[f[1]], vs[f[2]]
			// Signed volume of the tetrahedron (origin, a, b, c): a · (b × c) / 6.
			volume += (a[0]*(b[1]*c[2]-b[2]*c[1]) - a[1]*(b[0]*c[2]-b[2]*c[0]) + a[2]*(b[0]*c[1]-b[1]*c[0])) / 6
		}
		for e, n := range edges {
			if n != 1 || edges[[2]int{e[1], e[0]}] != 1 {
				t.Errorf("%s: edge %v used %d times, its reverse %d times; want 1 and 1", name, e, n, edges[[2]int{e[1], e[0]}])
				break
			}
		}
		if rel := math.Abs(volume-w.volume) / w.volume; volume <= 0 || rel > w.tol {
			t.Errorf("%s: volume %.12g, want %.12g (relative error %.2g > %g)", name, volume, w.volume, rel, w.tol)
		}
	}
}

func TestBuiltinNames(t *testing.T) {
	for _, name := range []string{"", ".", "..", "../scenes/default", "meshes/cube", "nosuch"} {
		if _, err := Mesh(name); err == nil {
			t.Errorf("Mesh(%q) succeeded, want an error", name)
		}
		if _, err := Scene(name); err == nil {
			t.Errorf("Scene(%q) succeeded, want an error", name)
		}
	}
	_, err := Scene("nosuch")
	if want := `no built-in scene "nosuch" (built-in: bounce, default, drop, dzhanibekov, fling, freefall, incline, ramp, slide, spin)`; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	for _, name := range SceneNames() {
		if _, err := Scene(name); err != nil {
			t.Error(err)
		}
	}
}
