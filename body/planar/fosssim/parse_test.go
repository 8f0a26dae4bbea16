package fosssim_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/body/planar/internal/testscenes"
)

// scene returns a small valid scene with body lines replaced: line numbers in the file are
// the index in lines + 1.
func scene(edit func(lines []string) []string) string {
	lines := []string{
		`<scene>`, // 1
		`  <simtype type="rigid-body"/>`,
		`  <description text="two bodies"/>`,
		`  <duration time="1.0"/>`,
		`  <rigidbodyintegrator type="symplectic-euler" dt="0.01"/>`, // 5
		`  <rigidbodyvertex x="0" y="0" m="1"/>`,
		`  <rigidbodyvertex x="1" y=" 0" m="1"/>`,
		`  <rigidbodyvertex x="1" y="1" m="2"/>`,
		`  <rigidbody p="0" p="1" p="2" vx="0" vy="0" omega="0" r="0.1"/>`,
		`  <rigidbody p="1" p="2" vx="1" vy="0" omega="0" r="0.1" fixed="1"/>`, // 10
		`  <rigidbodyspringforce i="0" pix="0" piy="0" j="-1" pjx="0" pjy="0" k="1" l0="0"/>`,
		`  <rigidbodygravityforce fx="0" fy="-9.8"/>`,
		`  <rigidbodywindforce beta="1" fx="1" fy="0" pointsperedge="2"/>`,
		`</scene>`,
	}
	if edit != nil {
		lines = edit(lines)
	}
	return strings.Join(lines, "\n")
}

// set replaces line n (1-based).
func set(n int, text string) func([]string) []string {
	return func(l []string) []string {
		l[n-1] = text
		return l
	}
}

// insert puts text before line n.
func insert(n int, text string) func([]string) []string {
	return func(l []string) []string {
		return append(l[:n-1], append([]string{text}, l[n-1:]...)...)
	}
}

func TestParseValidScene(t *testing.T) {
	s, err := fosssim.Parse(strings.NewReader(scene(nil)), "ok.xml")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Bodies) != 2 || s.Steps() != 100 || s.Dt != 0.01 || s.Integrator != planar.SymplecticEuler || s.Collision != nil {
		t.Fatalf("parsed %+v", s)
	}
	// Forces come in the reference's order whatever the file's: gravity, springs, wind.
	if _, ok := s.Forces[0].(*planar.Gravity); !ok {
		t.Errorf("first force %T, want gravity", s.Forces[0])
	}
	if _, ok := s.Forces[1].(*planar.Spring); !ok {
		t.Errorf("second force %T, want the spring", s.Forces[1])
	}
	if b := s.Bodies[1]; !b.Fixed || b.V[0] != 1 {
		t.Errorf("fixed body %+v, want fixed with its XML velocity", b)
	}
	if s.Bodies[0].M != 4 || s.Bodies[0].X[0] != 0.75 || s.Bodies[0].X[1] != 0.5 {
		t.Errorf("body 0: M %g X %v, want 4 (0.75, 0.5)", s.Bodies[0].M, s.Bodies[0].X)
	}
}

func TestParseCollisionHandling(t *testing.T) {
	for _, c := range []struct {
		attrs      string
		response   string
		iterations int
	}{
		{`detection="all-pairs" response="lcp"`, "lcp", 0},
		{`detection="all-pairs" response="velocity-projection"`, "velocity-projection", 0},
		{`detection="all-pairs" response="gr-lcp"`, "gr-lcp", 0},
		{`detection="all-pairs" response="gr-velocity-projection"`, "gr-velocity-projection", 0},
		{`detection="all-pairs" response="pgs"`, "pgs", fosssim.DefaultPGSIterations},
		{`detection="all-pairs" response="pgs" iterations=" 25"`, "pgs", 25},
	} {
		text := scene(insert(6, `  <rigidbodycollisionhandling `+c.attrs+`/>`))
		s, err := fosssim.Parse(strings.NewReader(text), "c.xml")
		if err != nil {
			t.Fatal(err)
		}
		if h := s.Collision; h == nil || h.Response != c.response || h.Iterations != c.iterations || h.Line != 6 || h.Detection != "all-pairs" {
			t.Errorf("%s: parsed %+v", c.attrs, h)
		}
		// Without contact handling built in, such a scene does not run: it says why, where.
		if _, err := s.System(nil); err == nil || !strings.HasPrefix(err.Error(), `c.xml:6: collision response "`+c.response+`" is not available`) {
			t.Errorf("System without a response: %v", err)
		}
	}
}

// Every bad input gives one error naming the file and the line.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		text string
		want string
	}{
		{"missing dt", scene(set(5, `  <rigidbodyintegrator type="symplectic-euler"/>`)),
			"bad.xml:5: <rigidbodyintegrator> needs attribute dt"},
		{"no integrator", scene(set(5, ``)),
			"bad.xml:1: the scene has no <rigidbodyintegrator>"},
		{"no duration", scene(set(4, ``)),
			"bad.xml:1: the scene has no <duration>"},
		{"missing time", scene(set(4, `  <duration/>`)),
			"bad.xml:4: <duration> needs attribute time"},
		{"zero dt", scene(set(5, `  <rigidbodyintegrator type="symplectic-euler" dt="0"/>`)),
			"bad.xml:5: <rigidbodyintegrator> dt 0 s must be positive"},
		{"unknown integrator", scene(set(5, `  <rigidbodyintegrator type="implicit-euler" dt="0.01"/>`)),
			`bad.xml:5: unknown integrator "implicit-euler" (want symplectic-euler or explicit-euler)`},
		{"vertex index out of range", scene(set(9, `  <rigidbody p="0" p="1" p="3" vx="0" vy="0" omega="0" r="0.1"/>`)),
			"bad.xml:9: <rigidbody> vertex index 3 out of range (want 0..2: the scene has 3 vertices)"},
		{"negative vertex index", scene(set(9, `  <rigidbody p="-1" p="1" vx="0" vy="0" omega="0" r="0.1"/>`)),
			"bad.xml:9: <rigidbody> vertex index -1 out of range (want 0..2: the scene has 3 vertices)"},
		{"one vertex", scene(set(9, `  <rigidbody p="0" vx="0" vy="0" omega="0" r="0.1"/>`)),
			"bad.xml:9: <rigidbody> has 1 vertex index (p attribute), needs at least 2"},
		{"zero radius", scene(set(9, `  <rigidbody p="0" p="1" vx="0" vy="0" omega="0" r="0"/>`)),
			"bad.xml:9: <rigidbody> radius r=0 must be positive"},
		{"negative radius", scene(set(10, `  <rigidbody p="1" p="2" vx="0" vy="0" omega="0" r="-0.5"/>`)),
			"bad.xml:10: <rigidbody> radius r=-0.5 must be positive"},
		{"zero mass", scene(set(7, `  <rigidbodyvertex x="1" y="0" m="0"/>`)),
			"bad.xml:7: <rigidbodyvertex> 1 has mass m=0, must be positive"},
		{"negative mass", scene(set(8, `  <rigidbodyvertex x="1" y="1" m="-2"/>`)),
			"bad.xml:8: <rigidbodyvertex> 2 has mass m=-2, must be positive"},
		{"unknown response", scene(insert(6, `  <rigidbodycollisionhandling detection="all-pairs" response="penalty"/>`)),
			`bad.xml:6: unknown collision response "penalty" (want one of lcp, velocity-projection, gr-lcp, gr-velocity-projection, pgs)`},
		{"unknown detection", scene(insert(6, `  <rigidbodycollisionhandling detection="grid" response="lcp"/>`)),
			`bad.xml:6: unknown collision detection "grid" (want all-pairs)`},
		{"iterations on lcp", scene(insert(6, `  <rigidbodycollisionhandling detection="all-pairs" response="lcp" iterations="5"/>`)),
			"bad.xml:6: iterations applies only to response pgs, not lcp"},
		{"zero iterations", scene(insert(6, `  <rigidbodycollisionhandling detection="all-pairs" response="pgs" iterations="0"/>`)),
			"bad.xml:6: iterations 0 must be between 1 and 1000"},
		{"a billion iterations", scene(insert(6, `  <rigidbodycollisionhandling detection="all-pairs" response="pgs" iterations="1000000000"/>`)),
			"bad.xml:6: iterations 1000000000 must be between 1 and 1000"},
		{"malformed number", scene(set(6, `  <rigidbodyvertex x="0.5.1" y="0" m="1"/>`)),
			`bad.xml:6: <rigidbodyvertex> attribute x="0.5.1" is not a finite decimal number`},
		{"empty number", scene(set(4, `  <duration time=""/>`)),
			`bad.xml:4: <duration> attribute time="" is not a finite decimal number`},
		{"nan", scene(set(12, `  <rigidbodygravityforce fx="nan" fy="-9.8"/>`)),
			`bad.xml:12: <rigidbodygravityforce> attribute fx="nan" is not a finite decimal number`},
		{"hex number", scene(set(12, `  <rigidbodygravityforce fx="0x1p3" fy="-9.8"/>`)),
			`bad.xml:12: <rigidbodygravityforce> attribute fx="0x1p3" is not a finite decimal number`},
		{"malformed index", scene(set(9, `  <rigidbody p="0" p="1.5" vx="0" vy="0" omega="0" r="0.1"/>`)),
			`bad.xml:9: <rigidbody> attribute p="1.5" is not an integer`},
		{"bad fixed", scene(set(10, `  <rigidbody p="1" p="2" vx="1" vy="0" omega="0" r="0.1" fixed="yes"/>`)),
			`bad.xml:10: <rigidbody> fixed="yes" must be 0 or 1`},
		{"coincident vertices", scene(set(9, `  <rigidbody p="0" p="0" vx="0" vy="0" omega="0" r="0.1"/>`)),
			"bad.xml:9: <rigidbody> 0: all vertices coincide: the moment of inertia is zero"},
		{"spring body out of range", scene(set(11, `  <rigidbodyspringforce i="0" pix="0" piy="0" j="2" pjx="0" pjy="0" k="1" l0="0"/>`)),
			"bad.xml:11: <rigidbodyspringforce> body index 2 out of range (want -1 for the world or 0..1: the scene has 2 bodies)"},
		{"negative stiffness", scene(set(11, `  <rigidbodyspringforce i="0" pix="0" piy="0" j="1" pjx="0" pjy="0" k="-1" l0="0"/>`)),
			"bad.xml:11: <rigidbodyspringforce> stiffness k=-1 and rest length l0=0 may not be negative"},
		{"one wind point", scene(set(13, `  <rigidbodywindforce beta="1" fx="1" fy="0" pointsperedge="1"/>`)),
			"bad.xml:13: <rigidbodywindforce> pointsperedge=1 must be between 2 (the course requires at least 2) and 1000"},
		{"a billion wind points", scene(set(13, `  <rigidbodywindforce beta="1" fx="1" fy="0" pointsperedge="1000000000"/>`)),
			"bad.xml:13: <rigidbodywindforce> pointsperedge=1000000000 must be between 2 (the course requires at least 2) and 1000"},
		{"digit separator", scene(set(12, `  <rigidbodygravityforce fx="0_5" fy="-9.8"/>`)),
			`bad.xml:12: <rigidbodygravityforce> attribute fx="0_5" is not a finite decimal number`},
		{"overflowing vertex masses", scene(func(l []string) []string {
			l[5], l[6] = `  <rigidbodyvertex x="0" y="0" m="1e308"/>`, `  <rigidbodyvertex x="1" y="0" m="1e308"/>`
			return l
		}), "bad.xml:9: <rigidbody> 0: mass +Inf kg, centre of mass (0, 0) m, moment of inertia 1e+308 kg m²: the vertex masses and positions are too large for float64 numbers"},
		{"negative beta", scene(set(13, `  <rigidbodywindforce beta="-1" fx="1" fy="0" pointsperedge="2"/>`)),
			"bad.xml:13: <rigidbodywindforce> beta=-1 may not be negative"},
		{"unknown element", scene(insert(3, `  <rigidbodyplane y="0"/>`)),
			"bad.xml:3: unknown element <rigidbodyplane> (known: backgroundcolor, description, duration, maxsimfreq, rigidbody, rigidbodycollisionhandling, rigidbodycolor, rigidbodygravityforce, rigidbodyintegrator, rigidbodyspringcolor, rigidbodyspringforce, rigidbodyvertex, rigidbodywindforce, simtype, viewport)"},
		{"unknown attribute", scene(set(12, `  <rigidbodygravityforce fx="0" fy="-9.8" fz="1"/>`)),
			`bad.xml:12: <rigidbodygravityforce> has unknown attribute "fz" (known: fx, fy)`},
		{"repeated attribute", scene(set(12, `  <rigidbodygravityforce fx="0" fy="-9.8" fy="1"/>`)),
			"bad.xml:12: <rigidbodygravityforce> gives attribute fy twice"},
		{"second duration", scene(insert(5, `  <duration time="2.0"/>`)),
			"bad.xml:5: second <duration> (the first is at line 4)"},
		{"nested element", scene(set(4, `  <duration time="1.0"><x/></duration>`)),
			"bad.xml:4: <x> may not be nested in another element"},
		{"other simtype", scene(set(2, `  <simtype type="particle-system"/>`)),
			`bad.xml:2: <simtype type="particle-system">: tumble 2d runs only rigid-body scenes`},
		{"colour out of range", scene(insert(14, `  <rigidbodycolor body="1" r="0.5" g="1.5" b="0"/>`)),
			"bad.xml:14: <rigidbodycolor> colour channel g=1.5 is outside [0, 1]"},
		{"colour body out of range", scene(insert(14, `  <rigidbodycolor body="2" r="0.5" g="0.5" b="0"/>`)),
			"bad.xml:14: <rigidbodycolor> body index 2 out of range (want 0..1: the scene has 2 bodies)"},
		{"spring colour without springs", scene(set(11, `  <rigidbodyspringcolor spring="0" r="0" g="0" b="1"/>`)),
			"bad.xml:11: <rigidbodyspringcolor> spring index 0 out of range (the scene has no springs)"},
		{"wrong root", "<scenery>\n</scenery>", "bad.xml:1: the root element is <scenery>, want <scene>"},
		{"empty file", "", "bad.xml:1: no <scene> element"},
		{"unclosed", scene(nil)[:len(scene(nil))-len("</scene>")], "bad.xml:14: unexpected EOF"},
		{"text", scene(insert(3, `hello`)), "bad.xml:3: unexpected text outside the tags (values go in attributes)"},
		{"Latin-1", `<?xml version="1.0" encoding="ISO-8859-1"?>` + "\n" + scene(nil), `bad.xml:1: the file declares encoding "ISO-8859-1"; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8`},
		{"too large", "<scene>" + strings.Repeat(" ", fosssim.MaxFileBytes) + "</scene>", "bad.xml: more than the 16 MiB a scene file may have"},
		{"too many steps", scene(set(4, `  <duration time="1e300"/>`)),
			"bad.xml:4: duration 1e+300 s at dt 0.01 s is 1e+302 steps, more than 1e+09"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := fosssim.Parse(strings.NewReader(c.text), "bad.xml")
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if err.Error() != c.want {
				t.Errorf("error\n  %q\nwant\n  %q", err, c.want)
			}
		})
	}
}

// Load names the file by the path it was given.
func TestLoadNamesPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.xml")
	if err := os.WriteFile(path, []byte(scene(set(5, ``))), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := fosssim.Load(path); err == nil || err.Error() != path+":1: the scene has no <rigidbodyintegrator>" {
		t.Errorf("Load: %v", err)
	}
}

// The parser never panics, every error names the file and a line, and a parsed scene runs a
// few steps without panicking.
func FuzzParse(f *testing.F) {
	f.Add(scene(nil))
	f.Add(scene(insert(6, `  <rigidbodycollisionhandling detection="all-pairs" response="pgs" iterations="3"/>`)))
	f.Add(`<scene><duration time="1"/><rigidbodyintegrator type="explicit-euler" dt="0.5"/><rigidbodyvertex x="0" y="0" m="1"/><rigidbodyvertex x="0" y="0" m="1"/><rigidbody p="0" p="1" vx="0" vy="0" omega="1" r="1"/></scene>`)
	if dir := os.Getenv("TUMBLE_SHARED"); dir != "" {
		for _, p := range []string{"t3m1/hollistictests/airplane.xml", "t3m1/windtests/test06sym.xml"} {
			if b, err := os.ReadFile(filepath.Join(dir, "scenes2d/fosssim", p)); err == nil {
				f.Add(string(b))
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := fosssim.Parse(strings.NewReader(text), "fuzz.xml")
		if err != nil {
			if !strings.HasPrefix(err.Error(), "fuzz.xml:") {
				t.Fatalf("error without the file name: %v", err)
			}
			return
		}
		sys, err := s.System(nil)
		if err != nil {
			return
		}
		for range min(s.Steps(), 5) {
			if err := sys.Step(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// The course scenes all parse (t3m2 too: collision handling is parsed and kept), and all
// sniff as FOSSSim's.
func TestCourseScenesParse(t *testing.T) {
	for _, f := range testscenes.Glob(t, "*/*/*.xml") {
		if _, err := fosssim.Load(f); err != nil {
			t.Error(err)
		}
		if !fosssim.IsScene(f) {
			t.Errorf("IsScene(%s) = false", f)
		}
	}
}
