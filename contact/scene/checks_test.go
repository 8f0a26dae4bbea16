package scene

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/data"
)

// worldWarnings builds the world of the scene text and returns its warnings.
func worldWarnings(t *testing.T, text string) []string {
	t.Helper()
	s, err := Parse(strings.NewReader(text), "w.xml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.World(); err != nil {
		t.Fatal(err)
	}
	return s.Warnings
}

// Bodies that certainly overlap at the start are named; touching ones, a cube in a torus's
// hole and the built-in scenes raise no warning.
func TestOverlapWarnings(t *testing.T) {
	var pile strings.Builder
	pile.WriteString("<scene><duration time=\"1\"/>\n")
	for i := range 1000 {
		fmt.Fprintf(&pile, "<body name=\"c%d\" mesh=\"cube\" position=\"0 1 0\"/>\n", i)
	}
	pile.WriteString("</scene>")
	got := worldWarnings(t, pile.String())
	want := []string{
		`w.xml:3: body 1 "c1" overlaps body 0 "c0" (line 2) at the start: the first steps will push them apart`,
		`w.xml:4: body 2 "c2" overlaps body 0 "c0" (line 2) at the start: the first steps will push them apart`,
	}
	if len(got) != shownOverlaps+1 || got[0] != want[0] || got[1] != want[1] || got[shownOverlaps] != "w.xml: 499495 more pairs of bodies overlap at the start" {
		t.Errorf("1000 cubes at one point: warnings\n%s\nwant %d naming pairs, starting\n%s\nthen the count of 499495 more", strings.Join(got, "\n"), shownOverlaps, strings.Join(want, "\n"))
	}

	for _, tc := range []struct {
		name, bodies string
		warn         string // the start of the one warning, or "" for none
	}{
		{"half a cube deep", `<body mesh="cube"/><body mesh="cube" position="0.5 0 0"/>`, "w.xml:1: body 1 overlaps body 0 (line 1)"},
		{"a centimetre deep", `<body mesh="cube"/><body mesh="cube" position="0 0.99 0"/>`, "w.xml:1: body 1 overlaps body 0"},
		{"touching", `<body mesh="cube"/><body mesh="cube" position="0 1 0"/><body mesh="cube" position="0 2 0"/>`, ""},
		{"both fixed", `<body mesh="cube" fixed="1"/><body mesh="box" fixed="1"/>`, ""},
		{"fixed and free", `<body mesh="cube" fixed="1"/><body mesh="box"/>`, "w.xml:1: body 1 overlaps body 0"},
		{"two tori in one place", `<body mesh="torus"/><body mesh="torus"/>`, "w.xml:1: body 1 overlaps body 0"},
		{"a torus turned in the other's place", `<body mesh="torus"/><body mesh="torus" rotation="1 0 0"/>`, ""},
		{"a ball in a torus's hole", `<body mesh="torus"/><body mesh="icosphere"/>`, ""},
	} {
		got := worldWarnings(t, "<scene><duration time=\"1\"/>"+tc.bodies+"</scene>")
		switch {
		case tc.warn == "" && len(got) > 0:
			t.Errorf("%s: warnings %q, want none", tc.name, got)
		case tc.warn != "" && (len(got) != 1 || !strings.HasPrefix(got[0], tc.warn)):
			t.Errorf("%s: warnings %q, want one starting %q", tc.name, got, tc.warn)
		}
	}

	for _, name := range data.SceneNames() {
		s, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.World(); err != nil {
			t.Fatal(err)
		}
		if len(s.Warnings) > 0 {
			t.Errorf("built-in scene %s: warnings %q", name, s.Warnings)
		}
	}
}

// Free bodies whose masses differ by more than maxMassRatio get a warning naming both; a free
// body's mass, given or derived, must lie in its range.
func TestMassChecks(t *testing.T) {
	got := worldWarnings(t, `<scene><duration time="1"/>
<body name="feather" mesh="cube" mass="0.001" position="5 0 0"/>
<body name="anvil" mesh="cube" mass="20"/>
<body name="ground" mesh="cube" mass="1e9" fixed="1" position="0 -5 0"/>
</scene>`)
	want := `w.xml:3: body 1 "anvil" (20 kg) is 2e+04 times as heavy as body 0 "feather" (line 2, 0.001 kg); above 10000, where such bodies rest on each other, the solver may let them creep or push the lighter one away with energy it did not have`
	if len(got) != 1 || got[0] != want {
		t.Errorf("warnings %q\nwant %q", got, want)
	}
	if got := worldWarnings(t, `<scene><duration time="1"/><body mesh="cube" mass="0.001"/><body mesh="cube" mass="10" position="3 0 0"/></scene>`); len(got) != 0 {
		t.Errorf("a ratio of 10000: warnings %q, want none", got)
	}

	s, err := Parse(strings.NewReader(`<scene><duration time="1"/>
<body mesh="cube" density="1e6" scale="2e3"/></scene>`), "m.xml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.World()
	const wantErr = `m.xml:2: <body mesh="cube">: mass 8e+15 kg (density 1e+06 kg/m³ × volume 8e+09 m³) must be between 1e-06 and 1e+09 kg`
	if err == nil || err.Error() != wantErr {
		t.Errorf("error %v\nwant  %s", err, wantErr)
	}
	s, err = Parse(strings.NewReader(`<scene><duration time="1"/>
<body mesh="cube" mass="1e-5" scale="100"/><body mesh="cube" mass="1e-5" scale="100" fixed="1" position="0 500 0"/></scene>`), "d.xml")
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.World()
	const wantDensity = `d.xml:2: <body mesh="cube">: density 1e-11 kg/m³ (mass 1e-05 kg / volume 1e+06 m³) must be between 0.001 and 1e+06 kg/m³`
	if err == nil || err.Error() != wantDensity {
		t.Errorf("error %v\nwant  %s", err, wantDensity)
	}
}

// StepError puts the file, the body's line and its name on a state that is not finite; a
// scene made rather than read (a mesh dropped by the commands) has no line to name.
func TestStepError(t *testing.T) {
	s, err := Parse(strings.NewReader("<scene><duration time=\"1\"/>\n<body name=\"ball\" mesh=\"icosphere\"/></scene>"), "s.xml")
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.World()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
	w.Bodies[0].Omega[2] = math.Inf(1)
	const problem = `body 0 "ball": angular velocity (0, 0, +Inf) not finite at step 1 (t = 0.0166667 s)`
	if err := s.StepError(w.CheckFinite()); err == nil || err.Error() != "s.xml:2: "+problem {
		t.Errorf("error %v, want s.xml:2: %s", err, problem)
	}
	s.Bodies[0].Line = 0
	if err := s.StepError(w.CheckFinite()); err == nil || err.Error() != "s.xml: "+problem {
		t.Errorf("error %v, want s.xml: %s", err, problem)
	}
	if other := errors.New("other"); s.StepError(other) != other {
		t.Errorf("another error is not left as it is")
	}
}
