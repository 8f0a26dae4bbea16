package main

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/data"
)

// A run with overrides is the run of the scene file edited to say the same, to the bit, and
// its JSON records the overrides as given.
func TestSimOverridesAreTheEditedFile(t *testing.T) {
	src, err := data.Scene("tower10")
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.ReplaceAll(string(src), `friction="0.5"`, `friction="0.3"`)
	edited = strings.ReplaceAll(edited, `mesh="cube" mass="1"`, `mesh="cube" friction="0.3" mass="1"`)
	edited = strings.Replace(edited, `name="box3" mesh="cube" friction="0.3" mass="1"`, `name="box3" mesh="cube" friction="0.3" mass="50"`, 1)
	edited = strings.Replace(edited, `<duration time="10"/>`, `<duration time="10"/><gravity v="0 -5 0"/>`, 1)
	if strings.Count(edited, `friction="0.3"`) != 11 || !strings.Contains(edited, `mass="50"`) {
		t.Fatalf("the edit missed: %s", edited)
	}
	file := filepath.Join(t.TempDir(), "tower10.xml")
	if err := os.WriteFile(file, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	want := simJSON(t, "--no-timing", "--steps", "120", file)
	got := simJSON(t, "--no-timing", "--steps", "120", "--set", "body.box3.mass=50", "--set", "friction=0.3", "--set", "gravity=0,-5,0", "tower10")
	wantSet := map[string]string{"friction": "0.3", "body.box3.mass": "50", "gravity": "0,-5,0"}
	if got.Scene != "tower10" || !maps.Equal(got.Set, wantSet) || got.Seed != nil || want.Set != nil {
		t.Errorf("scene %q, set %v, seed %v; want tower10, %v, no seed (and no set without --set: %v)", got.Scene, got.Set, got.Seed, wantSet, want.Set)
	}
	if !reflect.DeepEqual(got.Bodies, want.Bodies) || got.Stats != want.Stats {
		t.Errorf("the run with overrides differs from the edited file's:\n%+v\n%+v", got, want)
	}
	if base := simJSON(t, "--no-timing", "--steps", "120", "tower10"); reflect.DeepEqual(base.Bodies, got.Bodies) {
		t.Error("the overrides changed nothing: the test cannot tell")
	}
	code, summary, _ := runTumble("sim", "--steps", "1", "--set", "friction=0.3", "--set", "body.box3.mass=50", "tower10")
	if line := strings.Split(summary, "\n")[1]; code != 0 || line != "with --set body.box3.mass=50 --set friction=0.3" {
		t.Errorf("summary: exit %d, second line %q", code, line)
	}
}

// --seed draws pile1000 again: its shipped seed, 1, gives the shipped scene to the bit; any
// other seed moves every box.
func TestSimSeed(t *testing.T) {
	shipped := simJSON(t, "--no-timing", "--steps", "2", "pile1000")
	seed1 := simJSON(t, "--no-timing", "--steps", "2", "--seed", "1", "pile1000")
	seed2 := simJSON(t, "--no-timing", "--steps", "2", "--seed", "2", "pile1000")
	if seed1.Seed == nil || *seed1.Seed != 1 || seed2.Seed == nil || *seed2.Seed != 2 || shipped.Seed != nil {
		t.Errorf("recorded seeds %v, %v, %v; want none, 1, 2", shipped.Seed, seed1.Seed, seed2.Seed)
	}
	if !reflect.DeepEqual(seed1.Bodies, shipped.Bodies) || seed1.Stats != shipped.Stats {
		t.Error("--seed 1 is not the shipped pile1000")
	}
	for i, b := range seed2.Bodies {
		if b.Name != shipped.Bodies[i].Name || b.Position[0] == shipped.Bodies[i].Position[0] || b.Rotation == shipped.Bodies[i].Rotation {
			t.Errorf("--seed 2: %s at %v, as with seed 1", b.Name, b.Position)
		}
	}
}

// tumble bench records the overrides and the seed with each scene's result.
func TestBenchRecordsOverrides(t *testing.T) {
	code, out, errOut := runTumble("bench", "--json", "--runs", "1", "--steps", "2", "--seed", "5", "--set", "body.box7.mass=2", "pile1000")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r benchReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	if len(r.Results) != 1 || r.Results[0].Seed == nil || *r.Results[0].Seed != 5 || !maps.Equal(r.Results[0].Set, map[string]string{"body.box7.mass": "2"}) {
		t.Errorf("results %+v; want pile1000's with seed 5 and set body.box7.mass=2", r.Results)
	}
	code, table, _ := runTumble("bench", "--runs", "1", "--steps", "2", "--set", "body.heavy.mass=3", "massratio")
	if line := strings.Split(table, "\n")[1]; code != 0 || line != "with --set body.heavy.mass=3" {
		t.Errorf("table: exit %d, second line %q", code, line)
	}
}

// A bad --set or --seed is one line naming the flag, with exit status 2, whether the
// problem shows in the flag alone or only with the scene.
func TestSceneFlagErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"sim", "--set", "friction", "tower10"}, "tumble sim: --set friction: want KEY=VALUE (friction=0.3, body.box3.mass=50)"},
		{[]string{"sim", "--set", "friction=11", "tower10"}, "tumble sim: --set friction=11: must be between 0 and 10, got 11"},
		{[]string{"sim", "--set", "body.box3.mass=0", "tower10"}, "tumble sim: --set body.box3.mass=0: must be between 1e-06 and 1e+09 kg, got 0"},
		{[]string{"sim", "--set", "body.box3.velocity=1,x,0", "tower10"}, `tumble sim: --set body.box3.velocity=1,x,0: "x" is not a finite decimal number (1, -0.5, 2e-3)`},
		{[]string{"sim", "--set", "body.box10.mass=5", "tower10"}, `tumble sim: --set body.box10.mass=5: tower10.xml has no body named "box10"`},
		{[]string{"sim", "--set", "dt=0.1", "--set", "dt=0.2", "tower10"}, "tumble sim: --set dt=0.2: given twice"},
		{[]string{"sim", "--set", "body.torus.scale=1000", "torus"}, `tumble sim: --set body.torus.scale=1000: torus: <body mesh="torus">: mass 1.175e+12 kg`},
		{[]string{"sim", "--iterations", "4", "--set", "iterations=3", "tower10"}, "tumble sim: --iterations and --set iterations both give the sweeps; give one"},
		{[]string{"sim", "--seed", "3", "tower10"}, "tumble sim: --seed 3: tower10 is not a built-in scene made at random (those are: heap2000, pile1000)"},
		{[]string{"sim", "--seed", "3", "../../data/scenes/pile1000.xml"}, "tumble sim: --seed 3: ../../data/scenes/pile1000.xml is not a built-in scene made at random"},
		{[]string{"sim", "--seed", "-1", "pile1000"}, `tumble sim: invalid value "-1" for flag -seed: parse error`},
		{[]string{"bench", "--set", "body.box3.mass=5", "tower10", "massratio"}, `tumble bench: --set body.box3.mass=5: massratio.xml has no body named "box3"`},
		{[]string{"bench", "--set", "restitution=2", "tower10"}, "tumble bench: --set restitution=2: must be at most 1 (a bounce would create energy), got 2"},
	} {
		code, out, errOut := runTumble(c.args...)
		want := "; see 'tumble " + c.args[0] + " --help'\n"
		if code != 2 || out != "" || !strings.HasPrefix(errOut, c.msg) || !strings.HasSuffix(errOut, want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("tumble %q: exit %d, stdout %q, stderr %q; want exit 2 and %q…%q", c.args, code, out, errOut, c.msg, want)
		}
	}
}
