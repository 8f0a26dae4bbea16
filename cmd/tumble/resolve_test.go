package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/viewer"
)

var torusOBJ = filepath.Join("..", "..", "data", "meshes", "torus.obj")

// A mesh given to sim, by built-in name or as an OBJ file, is the drop the viewer makes of an
// OBJ file: one body of density 1000 kg/m³ at rest, its lowest point 1 m above the floor.
// The torus (R = 1 m, r = 0.25 m, axis y) lands flat: its centre comes to rest 0.25 m up.
func TestMeshDropIsTheViewersDrop(t *testing.T) {
	byName, byFile := simJSON(t, "torus"), simJSON(t, torusOBJ)
	if len(byName.Bodies) != 1 || byName.Steps != dropTime*60 || byName.Bodies[0].Name != "torus" || byName.Bodies[0].Mesh != "torus" {
		t.Fatalf("tumble sim torus: %+v", byName)
	}
	a, b := byName.Bodies[0], byFile.Bodies[0]
	if a.Position != b.Position || a.Velocity != b.Velocity || a.Rotation != b.Rotation || byFile.Bodies[0].Mesh != "torus.obj" {
		t.Errorf("sim torus ends at %v, sim %s at %v", a, torusOBJ, b)
	}
	if y := a.Position[1]; math.Abs(y-0.25) > 1e-3 || a.Velocity.Len() > 1e-6 || math.Abs(a.Position[0]) > 1e-9 || math.Abs(a.Position[2]) > 1e-9 {
		t.Errorf("the dropped torus rests at %v with velocity %v; want its centre 0.25 m up, at rest", a.Position, a.Velocity)
	}

	// The worlds before the first step: meshScene's (sim, and view by name) and the viewer's
	// own drop of the OBJ file.
	world := func(s *viewer.Setup, err error) *contact.World {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return s.World
	}
	views := map[string]*contact.World{
		"view torus":          world(openView("torus", 1)),
		"view torus.obj file": world(openView(torusOBJ, 1)),
		"viewer.Open":         world(viewer.Open(torusOBJ)),
	}
	for name, w := range views {
		if len(w.Bodies) != 1 || len(w.Planes) != 1 || w.Dt != 1.0/60 || w.Gravity != contact.DefaultSettings().Gravity {
			t.Fatalf("%s: %d bodies, %d planes, dt %v, gravity %v", name, len(w.Bodies), len(w.Planes), w.Dt, w.Gravity)
		}
		body, floor := w.Bodies[0], w.Planes[0]
		if math.Abs(body.P[1]-1.25) > 1e-12 || body.P[0] != 0 || body.P[2] != 0 || math.Abs(body.Mass-1174.73573) > 1e-5 {
			t.Errorf("%s: the torus starts at %v with mass %v; want (0, 1.25, 0) and 1000 kg/m³ × 1.17474 m³", name, body.P, body.Mass)
		}
		if floor.Normal != [3]float64{0, 1, 0} || floor.Point != [3]float64{} {
			t.Errorf("%s: floor %+v", name, floor)
		}
	}
}

// A built-in 2D scene by name is its file in data/scenes2d: the same trajectory, byte for
// byte, as the reference built in beside it.
func TestTwoDBuiltinName(t *testing.T) {
	dir := t.TempDir()
	byName, byFile := filepath.Join(dir, "name.bin"), filepath.Join(dir, "file.bin")
	if code, _, errOut := runTumble("2d", "run", "-o", byName, "springs_under_gravity"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if code, _, errOut := runTumble("2d", "run", "-o", byFile, filepath.Join("..", "..", "data", "scenes2d", "springs_under_gravity.xml")); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	a, _ := os.ReadFile(byName)
	b, _ := os.ReadFile(byFile)
	ref, _ := data.Scenes2D.ReadFile("scenes2d/springs_under_gravity.ref.bin")
	if len(a) == 0 || !bytes.Equal(a, b) || !bytes.Equal(a, ref) {
		t.Errorf("by name %d bytes, by file %d bytes, reference %d bytes: not the same trajectory", len(a), len(b), len(ref))
	}
}

// What a command cannot take gets one line that says what it is and what would take it.
func TestResolveMessages(t *testing.T) {
	dir := t.TempDir()
	scene3D := filepath.Join("..", "..", "data", "scenes", "spin.xml")
	scene2D := filepath.Join("..", "..", "data", "scenes2d", "contact_lcp.xml")
	// A 2D scene with a mistake is still told to be one; the viewer reports its mistake.
	broken2D := filepath.Join(dir, "broken.xml")
	if err := os.WriteFile(broken2D, []byte("<scene>\n  <simtype type=\"rigid-body\"/>\n  <rigidbodyintegrator type=\"symplectic-euler\" dt=\"-1\"/>\n</scene>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"sim", dir}, "tumble sim: " + dir + " is a directory; want a file or the name of a built-in scene or mesh"},
		{[]string{"view", dir}, "tumble view: " + dir + " is a directory; want a file or the name of a built-in scene or mesh"},
		{[]string{"bench", dir}, "tumble bench: " + dir + " is a directory"},
		{[]string{"2d", "run", dir}, "tumble 2d run: " + dir + " is a directory; want a file or the name of a built-in 2D scene"},
		{[]string{"2d", "render", dir, "--out", filepath.Join(dir, "a.png")}, "tumble 2d render: " + dir + " is a directory"},
		{[]string{"sim", scene2D}, "tumble sim: " + scene2D + " is a 2D scene (FOSSSim's format): run it with tumble 2d run " + scene2D},
		{[]string{"sim", scene2D}, ", or watch it with tumble view " + scene2D},
		{[]string{"sim", broken2D}, "tumble sim: " + broken2D + " is a 2D scene (FOSSSim's format): run it with tumble 2d run " + broken2D},
		{[]string{"bench", scene2D}, "tumble bench: " + scene2D + " is a 2D scene (FOSSSim's format): run it with tumble 2d run"},
		{[]string{"view", broken2D}, "tumble view: " + broken2D + ":3: <rigidbodyintegrator> dt"},
		{[]string{"2d", "run", scene3D}, "tumble 2d run: " + scene3D + " is a 3D scene: run it with tumble sim " + scene3D},
		{[]string{"2d", "render", scene3D, "--out", filepath.Join(dir, "a.png")}, "tumble 2d render: " + scene3D + " is a 3D scene"},
		{[]string{"sim", "torus.obj"}, "tumble sim: torus.obj: file does not exist; the built-in mesh is called torus"},
		{[]string{"sim", "my/spin.xml"}, "tumble sim: my/spin.xml: file does not exist; the built-in scene is called spin"},
		{[]string{"inertia", "spin"}, `tumble inertia: no built-in mesh "spin" (meshes: box, cube`},
		{[]string{"inertia", "spin"}, "; spin is a built-in scene: tumble sim spin"},
		{[]string{"2d", "run", "spin"}, "; spin is a built-in scene: tumble sim spin"},
		{[]string{"sim", "drift_and_spin"}, "; drift_and_spin is a built-in 2D scene: tumble 2d run drift_and_spin"},
	} {
		code, out, errOut := runTumble(c.args...)
		if code != 1 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.msg) {
			t.Errorf("tumble %q: exit %d, stdout %q, stderr %q; want exit 1 and one line with %q", c.args, code, out, errOut, c.msg)
		}
	}
	// The directory's message has no line number: it is not a parse error.
	if _, _, errOut := runTumble("inertia", dir); strings.Contains(errOut, ":1:") {
		t.Errorf("tumble inertia on a directory: %q", errOut)
	}
}
