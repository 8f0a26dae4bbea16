package scene

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/data"
)

// TestParseErrors checks each kind of input error and its exact message, line included.
func TestParseErrors(t *testing.T) {
	const head = "<scene>\n<duration time=\"1\"/>\n" // the body lines below are line 3 on
	for _, c := range []struct{ name, xml, want string }{
		{"empty", "", "t.xml:1: no <scene> element"},
		{"only a comment", "<!-- x -->\n", "t.xml:2: no <scene> element"},
		{"wrong root", "<?xml version=\"1.0\"?>\n<world/>", "t.xml:2: root element is <world>, want <scene>"},
		{"root attribute", "<scene\n  units=\"cm\">", `t.xml:2: <scene>: unknown attribute "units"`},
		{"syntax", head + "<body mesh=\"cube\">\n</scene>", "t.xml:4: element <body> closed by </scene>"},
		{"unclosed", head, "t.xml:3: unexpected EOF"},
		{"no duration", "<scene>\n<gravity/>\n</scene>", `t.xml:1: <scene> lacks the required <duration time="…"/>`},
		{"duration without time", "<scene>\n<duration/>\n</scene>", "t.xml:2: <duration>: missing required attribute time (seconds)"},
		{"zero duration", "<scene><duration time=\"0\"/></scene>", "t.xml:1: <duration time>: must be positive, got 0"},
		{"duplicate", head + "<duration time=\"2\"/></scene>", "t.xml:3: duplicate <duration> (the first is on line 2)"},
		{"too many steps", "<scene><duration time=\"1e9\"/><integrator dt=\"1e-3\"/></scene>", "t.xml:1: duration / dt = 1e+12 steps, more than 1e+09"},
		{"unknown element", head + "<light/></scene>", "t.xml:3: unknown element <light>"},
		{"namespaced element", head + "<x:body xmlns:x=\"u\"/></scene>", "t.xml:3: unknown element <u:body>"},
		{"child element", head + "<body mesh=\"cube\">\n<joint/></body></scene>", "t.xml:4: <joint> inside <body>: <body> has no child elements"},
		{"text", head + "  hello\n</scene>", "t.xml:3: unexpected text outside the tags (values go in attributes)"},
		{"text inside", head + "<gravity>\n\n9.81</gravity></scene>", "t.xml:5: unexpected text outside the tags (values go in attributes)"},
		{"text after CRLF", "<scene>\r\n<duration time=\"1\"/>\r\n\r\n &amp; x</scene>", "t.xml:4: unexpected text outside the tags (values go in attributes)"},
		{"after root", head + "</scene>\n<scene/>", "t.xml:4: content after </scene>"},
		{"doctype", "<!DOCTYPE scene>\n<scene/>", `t.xml:1: unexpected <!DOCTYPE scene>`},
		{"unknown attribute", head + "<body mesh=\"cube\"\n  colour=\"red\"/></scene>", `t.xml:4: <body>: unknown attribute "colour"`},
		{"attribute line", head + "<body mesh=\"cube\"\n  position=\"0 0\n 0\"\n  velocity=\"1 x 0\"/></scene>", `t.xml:6: <body velocity>: "x" is not a finite decimal number (1, -0.5, 2e-3)`},
		{"value mentions an attribute", head + "<body name=\" mass=\" mesh=\"cube\"\n mass=\"-1\"/></scene>", "t.xml:4: <body mass>: must be between 1e-06 and 1e+09 kg, got -1"},
		{"no mesh", head + "<body/></scene>", "t.xml:3: <body>: missing required attribute mesh (a built-in name or an OBJ path)"},
		{"empty mesh", head + "<body mesh=\"\"/></scene>", "t.xml:3: <body mesh>: must not be empty"},
		{"density and mass", head + "<body mesh=\"cube\" density=\"1\" mass=\"1\"/></scene>", "t.xml:3: <body>: both density and mass given; give one"},
		{"zero density", head + "<body mesh=\"cube\" density=\"0\"/></scene>", "t.xml:3: <body density>: must be between 0.001 and 1e+06 kg/m³, got 0"},
		{"negative mass", head + "<body mesh=\"cube\" mass=\"-2\"/></scene>", "t.xml:3: <body mass>: must be between 1e-06 and 1e+09 kg, got -2"},
		{"NaN", head + "<body mesh=\"cube\" position=\"0 NaN 0\"/></scene>", `t.xml:3: <body position>: "NaN" is not a finite decimal number (1, -0.5, 2e-3)`},
		{"Inf", head + "<gravity v=\"0 -Inf 0\"/></scene>", `t.xml:3: <gravity v>: "-Inf" is not a finite decimal number (1, -0.5, 2e-3)`},
		{"overflow", head + "<integrator dt=\"1e999\"/></scene>", `t.xml:3: <integrator dt>: "1e999" is not a finite decimal number (1, -0.5, 2e-3)`},
		{"digit separator", head + "<body mesh=\"cube\" scale=\"0_5\"/></scene>", `t.xml:3: <body scale>: "0_5" is not a finite decimal number (1, -0.5, 2e-3)`},
		{"hexadecimal", head + "<body mesh=\"cube\" position=\"0 0x1p3 0\"/></scene>", `t.xml:3: <body position>: "0x1p3" is not a finite decimal number (1, -0.5, 2e-3)`},
		{"text after CR", "<scene>\r<duration time=\"1\"/>\r\r x</scene>", "t.xml:4: unexpected text outside the tags (values go in attributes)"},
		{"Latin-1", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<scene/>", `t.xml:1: the file declares encoding "ISO-8859-1"; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8`},
		{"UTF-16", "\xff\xfe<\x00s\x00", "t.xml:1: the file is UTF-16 text; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8"},
		{"too large", "<scene>" + strings.Repeat(" ", MaxFileBytes) + "</scene>", "t.xml: more than the 16 MiB a scene file may have"},
		{"two numbers", head + "<body mesh=\"cube\" velocity=\"1 2\"/></scene>", "t.xml:3: <body velocity>: want 3 numbers, got 2"},
		{"scalar vector", head + "<gravity v=\"-9.81\"/></scene>", "t.xml:3: <gravity v>: want 3 numbers, got 1"},
		{"scale arity", head + "<body mesh=\"cube\" scale=\"1 2\"/></scene>", "t.xml:3: <body scale>: want 1 or 3 numbers, got 2"},
		{"zero scale", head + "<body mesh=\"cube\" scale=\"1 0 1\"/></scene>", "t.xml:3: <body scale>: each factor must be between 0.0001 and 10000, got 1 0 1"},
		{"negative dt", head + "<integrator dt=\"-0.01\"/></scene>", "t.xml:3: <integrator dt>: must be between 1e-06 and 1 s, got -0.01"},
		{"two numbers for one", head + "<integrator dt=\"0.01 0.02\"/></scene>", "t.xml:3: <integrator dt>: want 1 number, got 2"},
		{"fixed", head + "<body mesh=\"cube\" fixed=\"yes\"/></scene>", `t.xml:3: <body fixed>: want 0 or 1, got "yes"`},
		{"friction", head + "<body mesh=\"cube\" friction=\"-0.1\"/></scene>", "t.xml:3: <body friction>: must be between 0 and 10, got -0.1"},
		// Physically absurd values, which would turn into NaN within a few steps.
		{"huge mass", head + "<body mesh=\"cube\" mass=\"1e155\"/></scene>", "t.xml:3: <body mass>: must be between 1e-06 and 1e+09 kg, got 1e+155"},
		{"tiny mass", head + "<body mesh=\"cube\" mass=\"1e-308\"/></scene>", "t.xml:3: <body mass>: must be between 1e-06 and 1e+09 kg, got 1e-308"},
		{"huge density", head + "<body mesh=\"cube\" density=\"1e300\"/></scene>", "t.xml:3: <body density>: must be between 0.001 and 1e+06 kg/m³, got 1e+300"},
		{"speed", head + "<body mesh=\"cube\"\n velocity=\"0 1e168 0\"/></scene>", "t.xml:4: <body velocity>: its length must be at most 10000 m/s, got 0 1e+168 0"},
		{"spin", head + "<body mesh=\"cube\" angularvelocity=\"1e4 1e4 0\"/></scene>", "t.xml:3: <body angularvelocity>: its length must be at most 10000 rad/s, got 10000 10000 0"},
		{"far", head + "<body mesh=\"cube\" position=\"0 0 -1e7\"/></scene>", "t.xml:3: <body position>: each coordinate must be within ±1e+06 m, got -1e+07"},
		{"plane far", head + "<plane point=\"1e300 0 0\"/></scene>", "t.xml:3: <plane point>: each coordinate must be within ±1e+06 m, got 1e+300"},
		{"gravity", head + "<gravity v=\"1e120 -1e120 0\"/></scene>", "t.xml:3: <gravity v>: its length must be at most 1000 m/s², got 1e+120 -1e+120 0"},
		{"huge scale", head + "<body mesh=\"cube\" scale=\"1e5\"/></scene>", "t.xml:3: <body scale>: each factor must be between 0.0001 and 10000, got 100000 100000 100000"},
		{"long dt", head + "<integrator dt=\"2\"/></scene>", "t.xml:3: <integrator dt>: must be between 1e-06 and 1 s, got 2"},
		{"sticky", head + "<plane friction=\"1e9\"/></scene>", "t.xml:3: <plane friction>: must be between 0 and 10, got 1e+09"},
		{"many sweeps", head + "<solver iterations=\"1000000000\"/></scene>", "t.xml:3: <solver iterations>: must be at most 1000, got 1000000000"},
		{"plane normal", head + "<plane normal=\"0 0 0\"/></scene>", "t.xml:3: <plane normal>: must not be zero"},
		{"plane restitution", head + "<plane restitution=\"-1\"/></scene>", "t.xml:3: <plane restitution>: must not be negative, got -1"},
		{"body rolling", head + "<body mesh=\"cube\" rolling=\"1.5\"/></scene>", "t.xml:3: <body rolling>: must be between 0 and 1, got 1.5"},
		{"solver type", head + "<solver type=\"lcp\"/></scene>", `t.xml:3: <solver type>: unknown solver "lcp" (known: pgs)`},
		{"solver iterations", head + "<solver iterations=\"0\"/></scene>", "t.xml:3: <solver iterations>: must be at least 1, got 0"},
		{"solver iterations not integer", head + "<solver iterations=\"2.5\"/></scene>", `t.xml:3: <solver iterations>: "2.5" is not an integer`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(c.xml), "t.xml")
			if err == nil || err.Error() != c.want {
				t.Errorf("error %v\nwant        %s", err, c.want)
			}
		})
	}
}

// TestParseValues checks that every attribute lands where the docs say, and the defaults.
func TestParseValues(t *testing.T) {
	s, err := Parse(strings.NewReader(`<?xml version="1.0"?>
<!-- a comment -->
<scene>
  <description text="all of it"/>
  <duration time="2.5"/>
  <integrator dt="0.01"/>
  <gravity v="0 0 -1"/>
  <solver type="pgs" iterations="4"/>
  <plane point="0 1 0" normal="0 2e200 0" friction="0.25" restitution="0.5" rolling="0.02"/>
  <plane/>
  <body name="a" mesh="sub/part.obj" mass="3" scale="2" position="1 2 3" rotation="0 0 1"
        velocity="4 5 6" angularvelocity="7 8 9" friction="0" restitution="1" rolling="1" fixed="1"/>
  <body mesh="cube" scale="1 2 3"></body>
</scene>
`), "dir/t.xml")
	if err != nil {
		t.Fatal(err)
	}
	want := &Scene{
		Name: "dir/t.xml", Dir: "dir", Description: "all of it", Duration: 2.5, Dt: 0.01,
		Gravity: mgl64.Vec3{0, 0, -1}, Solver: Solver{"pgs", 4},
		Planes: []Plane{
			{Point: mgl64.Vec3{0, 1, 0}, Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.25, Restitution: 0.5, Rolling: 0.02, Line: 9},
			{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5, Line: 10},
		},
		Bodies: []Body{
			{Name: "a", Mesh: "sub/part.obj", Mass: 3, Scale: mgl64.Vec3{2, 2, 2}, Position: mgl64.Vec3{1, 2, 3},
				Rotation: mgl64.Vec3{0, 0, 1}, Velocity: mgl64.Vec3{4, 5, 6}, AngularVelocity: mgl64.Vec3{7, 8, 9},
				Friction: 0, Restitution: 1, Rolling: 1, Fixed: true, Line: 11},
			{Mesh: "cube", Density: 1000, Scale: mgl64.Vec3{1, 2, 3}, Friction: 0.5, Line: 13},
		},
	}
	if !equalScenes(s, want) {
		t.Errorf("got  %+v\nwant %+v", s, want)
	}
	if s.Steps() != 250 {
		t.Errorf("Steps() = %d, want 250", s.Steps())
	}
	minimal, err := Parse(strings.NewReader(`<scene><duration time="1"/></scene>`), "m.xml")
	if err != nil {
		t.Fatal(err)
	}
	if minimal.Dt != 1.0/60 || minimal.Gravity != (mgl64.Vec3{0, -9.81, 0}) || minimal.Solver != (Solver{"pgs", 10}) || minimal.Steps() != 60 {
		t.Errorf("defaults: dt %v, gravity %v, solver %v, steps %d", minimal.Dt, minimal.Gravity, minimal.Solver, minimal.Steps())
	}
}

func equalScenes(a, b *Scene) bool {
	if a.Name != b.Name || a.Dir != b.Dir || a.Description != b.Description || a.Duration != b.Duration ||
		a.Dt != b.Dt || a.Gravity != b.Gravity || a.Solver != b.Solver || len(a.Planes) != len(b.Planes) || len(a.Bodies) != len(b.Bodies) {
		return false
	}
	for i := range a.Planes {
		if a.Planes[i] != b.Planes[i] {
			return false
		}
	}
	for i := range a.Bodies {
		if a.Bodies[i] != b.Bodies[i] {
			return false
		}
	}
	return true
}

// TestBuiltinScenes parses every built-in scene: each must be valid and use built-in meshes.
func TestBuiltinScenes(t *testing.T) {
	meshes := map[string]bool{}
	for _, m := range data.MeshNames() {
		meshes[m] = true
	}
	for _, name := range data.SceneNames() {
		s, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if s.Description == "" || len(s.Bodies) == 0 || math.IsNaN(s.Duration) {
			t.Errorf("%s: want a description and bodies", name)
		}
		for _, b := range s.Bodies {
			if !meshes[b.Mesh] {
				t.Errorf("%s:%d: mesh %q is not built in", s.Name, b.Line, b.Mesh)
			}
		}
	}
	if _, err := Builtin("nosuch"); err == nil {
		t.Error("Builtin(\"nosuch\") succeeded")
	}
}

// FuzzParseScene feeds the parser arbitrary text: it must return a scene or an error, never
// panic, and a scene it returns must satisfy the documented ranges.
func FuzzParseScene(f *testing.F) {
	for _, name := range data.SceneNames() {
		src, _ := data.Scene(name)
		f.Add(src)
	}
	f.Add([]byte(`<scene><duration time="1"/><plane normal="1e-320 0 0"/><body mesh="x" scale="1e-320"/></scene>`))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := Parse(strings.NewReader(string(src)), "f.xml")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.xml:") {
				t.Errorf("error without file:line: %v", err)
			}
			return
		}
		if !(s.Duration > 0) || !(s.Dt > 0) || s.Solver.Iterations < 1 || s.Steps() < 0 {
			t.Errorf("out of range: duration %v, dt %v, iterations %d", s.Duration, s.Dt, s.Solver.Iterations)
		}
		for _, p := range s.Planes {
			if math.Abs(p.Normal.Len()-1) > 1e-12 {
				t.Errorf("plane normal %v is not unit", p.Normal)
			}
		}
		for _, b := range s.Bodies {
			if (b.Density > 0) == (b.Mass > 0) || !(b.Scale[0] > 0 && b.Scale[1] > 0 && b.Scale[2] > 0) {
				t.Errorf("body out of range: %+v", b)
			}
		}
	})
}

func BenchmarkParseDefault(b *testing.B) {
	src, err := data.Scene("default")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse(strings.NewReader(string(src)), "default.xml"); err != nil {
			b.Fatal(err)
		}
	}
}

// A byte-order mark, CR or CR LF line ends and an ASCII declaration are read, and lines are
// counted by any line end.
func TestParseTextForms(t *testing.T) {
	for _, text := range []string{
		"\uFEFF<scene>\n<duration time=\"1\"/>\n\n<body mesh=\"cube\"/>\n</scene>\n",
		"<scene>\r<duration time=\"1\"/>\r\r<body mesh=\"cube\"/>\r</scene>\r",
		"\uFEFF<scene>\r\n<duration time=\"1\"/>\r\n\r\n<body mesh=\"cube\"/>\r\n</scene>",
		"<?xml version=\"1.0\" encoding=\"US-ASCII\"?><scene>\n<duration time=\"1\"/>\n\n<body mesh=\"cube\"/></scene>",
	} {
		s, err := Parse(strings.NewReader(text), "t.xml")
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		if len(s.Bodies) != 1 || s.Bodies[0].Line != 4 {
			t.Errorf("%q: bodies %+v, want one on line 4", text, s.Bodies)
		}
	}
}

// Load reads regular files only, at once: a device, a named pipe and a file over
// MaxFileBytes are refused before anything is read (cmd/tumble's TestInputsBounded runs the
// command on them and measures its time and memory).
func TestLoadRefusesNonFiles(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.xml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFileBytes + 1); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for path, want := range map[string]string{
		"/dev/zero": "/dev/zero: a device, not a file Tumble can read",
		big:         big + ": 16777217 bytes, more than the 16777216 (16 MiB) a scene file may have",
	} {
		if _, err := Load(path); err == nil || err.Error() != want {
			t.Errorf("Load(%s): %v, want %s", path, err, want)
		}
	}
}
