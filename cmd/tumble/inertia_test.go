package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// inertiaBoxOBJ is the box [0,1]×[0,2]×[0,3] as six outward quads.
const inertiaBoxOBJ = `v 0 0 0
v 1 0 0
v 0 2 0
v 1 2 0
v 0 0 3
v 1 0 3
v 0 2 3
v 1 2 3
f 1 5 7 3
f 2 4 8 6
f 1 2 6 5
f 3 7 8 4
f 1 3 4 2
f 5 6 8 7
`

// writeTempOBJ writes text to name in a fresh temporary directory and returns its path.
func writeTempOBJ(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestInertiaJSON(t *testing.T) {
	path := writeTempOBJ(t, "box.obj", inertiaBoxOBJ)
	// Flags may follow the file.
	var stdout, stderr bytes.Buffer
	if code := run([]string{"inertia", "--json", path, "--density", "2"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(stdout.Bytes(), &keys); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, stdout.String())
	}
	want := []string{"file", "vertices", "triangles", "density", "volume", "mass", "com", "inertia", "principalMoments", "principalAxes"}
	got := make([]string, 0, len(keys))
	for k := range keys {
		got = append(got, k)
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("keys %v, want %v", got, want)
	}
	var r inertiaReport
	if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	// Box 1×2×3 at density 2: m = 12, I = m/12 (2²+3², 1²+3², 1²+2²) = (13, 10, 5).
	if r.File != path || r.Vertices != 8 || r.Triangles != 12 || r.Density != 2 {
		t.Errorf("file %q, %d vertices, %d triangles, density %g", r.File, r.Vertices, r.Triangles, r.Density)
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }
	if !near(r.Volume, 6) || !near(r.Mass, 12) {
		t.Errorf("volume %g, mass %g; want 6, 12", r.Volume, r.Mass)
	}
	for i, c := range []float64{0.5, 1, 1.5} {
		if !near(r.COM[i], c) {
			t.Errorf("com %v, want (0.5, 1, 1.5)", r.COM)
		}
	}
	diag := []float64{13, 10, 5}
	for i := range 3 {
		for j := range 3 {
			want := 0.0
			if i == j {
				want = diag[i]
			}
			if !near(r.Inertia[i][j], want) {
				t.Errorf("inertia[%d][%d] = %g, want %g", i, j, r.Inertia[i][j], want)
			}
		}
	}
	for k, axis := range []int{2, 1, 0} {
		if !near(r.PrincipalMoments[k], diag[axis]) || r.PrincipalAxes[k][axis] != 1 {
			t.Errorf("principal %d: %g along %v, want %g along axis %d", k, r.PrincipalMoments[k], r.PrincipalAxes[k], diag[axis], axis)
		}
	}
	if stderr.Len() != 0 {
		t.Errorf("warnings for a clean mesh: %s", stderr.String())
	}
}

func TestInertiaTable(t *testing.T) {
	path := writeTempOBJ(t, "box.obj", inertiaBoxOBJ)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"inertia", "--density=2", path}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, line := range []string{"volume            6 m³\n", "mass              12 kg\n", "  I1 = 5   "} {
		if !strings.Contains(stdout.String(), line) {
			t.Errorf("table lacks %q:\n%s", line, stdout.String())
		}
	}
}

// A built-in mesh name measures the embedded mesh: the same numbers as its OBJ file in data/.
func TestInertiaBuiltinName(t *testing.T) {
	measure := func(ref string) inertiaReport {
		var stdout, stderr bytes.Buffer
		if code := run([]string{"inertia", "--json", "--density", "500", ref}, &stdout, &stderr); code != 0 {
			t.Fatalf("inertia %s: exit %d: %s", ref, code, stderr.String())
		}
		var r inertiaReport
		if err := json.Unmarshal(stdout.Bytes(), &r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	byName, byFile := measure("torus"), measure(filepath.Join("..", "..", "data", "meshes", "torus.obj"))
	byFile.File = byName.File
	if byName != byFile {
		t.Errorf("built-in torus %+v, its OBJ file %+v", byName, byFile)
	}
	// The faceted torus (48 × 12) holds a little less than the smooth one, 2π²Rr² (R 1, r 0.25).
	if smooth := 2 * math.Pi * math.Pi * 0.0625; byName.Volume >= smooth || byName.Volume < 0.95*smooth {
		t.Errorf("torus volume %.6f m³, want just under the smooth %.6f", byName.Volume, smooth)
	}
}

func TestInertiaMessages(t *testing.T) {
	box := writeTempOBJ(t, "box.obj", inertiaBoxOBJ)
	// Every quad reversed: the same solid wound inward.
	inward := writeTempOBJ(t, "inward.obj", strings.NewReplacer(
		"f 1 5 7 3", "f 3 7 5 1", "f 2 4 8 6", "f 6 8 4 2", "f 1 2 6 5", "f 5 6 2 1",
		"f 3 7 8 4", "f 4 8 7 3", "f 1 3 4 2", "f 2 4 3 1", "f 5 6 8 7", "f 7 8 6 5").Replace(inertiaBoxOBJ))
	open := writeTempOBJ(t, "open.obj", strings.TrimSuffix(inertiaBoxOBJ, "f 5 6 8 7\n"))
	bad := writeTempOBJ(t, "bad.obj", "v 0 0 0\nv 1 0 zero\n")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string // a substring of stdout
		stderr string // a substring of stderr
	}{
		{"help", []string{"--help"}, 0, "usage: tumble inertia", ""},
		{"no file", nil, 2, "", "tumble inertia: want one OBJ file or built-in mesh name, got 0 arguments"},
		{"two files", []string{box, box}, 2, "", "want one OBJ file or built-in mesh name, got 2 arguments"},
		{"misspelt name", []string{"tours"}, 1, "", `tumble inertia: no built-in mesh "tours" (meshes: box, cube`},
		{"bad flag", []string{"--mass", "3", box}, 2, "", "tumble inertia: flag provided but not defined: -mass; see 'tumble inertia --help'\n"},
		{"bad density", []string{"--density", "0", box}, 1, "", box + ": density 0 kg/m³ is not finite and positive"},
		{"missing file", []string{filepath.Join(filepath.Dir(box), "none.obj")}, 1, "", "none.obj: file does not exist\n"},
		{"directory", []string{filepath.Dir(box)}, 1, "", "tumble inertia: " + filepath.Dir(box) + " is a directory; want a file or the name of a built-in mesh\n"},
		{"malformed OBJ", []string{bad}, 1, "", bad + ":2: the vertex's z is not a finite decimal number (1, -0.5, 2e-3)"},
		{"open mesh", []string{open}, 1, "", open + ": open mesh: 4 boundary edges"},
		{"open mesh allowed", []string{"--allow-open", open}, 0, "volume", "has 4 boundary edges; the result is approximate"},
		{"inward mesh", []string{inward}, 0, "volume            6 m³", inward + " is wound inward"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(append([]string{"inertia"}, tc.args...), &stdout, &stderr)
			if code != tc.code || !strings.Contains(stdout.String(), tc.stdout) || !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, tc.code, stdout.String(), stderr.String())
			}
		})
	}
}
