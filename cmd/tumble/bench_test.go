package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestVerdict(t *testing.T) {
	for _, c := range []struct {
		disp, peak, final float64
		want              string
	}{
		{0, 0, 0, "stands"},
		{0.02, 5, 5, "stands"}, // 2 cm is still standing, however much it shook
		{0.03, 100, 1, "settles"},
		{0.03, 100, 1.01, "moving"},
	} {
		if got := verdict(c.disp, c.peak, c.final); got != c.want {
			t.Errorf("verdict(%g m, peak %g J, final %g J) = %s, want %s", c.disp, c.peak, c.final, got, c.want)
		}
	}
}

// TestBenchJSON runs three one-body scenes whose outcomes are known: a cube set on the floor
// stands (and falls asleep at step 30 with its 4 corners in contact), a cube dropped from
// 1 m settles on the floor, and a cube in free fall is moving with the kinetic energy of
// symplectic Euler, ½ m (g h N)².
func TestBenchJSON(t *testing.T) {
	dir := t.TempDir()
	write := func(name, bodies string, floor bool) string {
		plane := ""
		if floor {
			plane = `<plane point="0 0 0" normal="0 1 0"/>`
		}
		p := filepath.Join(dir, name+".xml")
		text := `<scene><duration time="1"/>` + plane + bodies + `</scene>`
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	rest := write("rest", `<body mesh="cube" mass="2" position="0 0.5 0"/>`, true)
	drop := write("drop", `<body mesh="cube" mass="2" position="0 1.5 0"/>`, true)
	fall := write("fall", `<body mesh="cube" mass="2" position="0 100 0"/>`, false)
	const steps = 90
	code, out, errOut := runTumble("bench", "--json", "--runs", "2", "--steps", "90", rest, drop, fall)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r benchReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if r.Runs != 2 || len(r.Results) != 3 {
		t.Fatalf("runs %d, %d results; want 2 and 3", r.Runs, len(r.Results))
	}
	for i, want := range []string{"stands", "settles", "moving"} {
		x := r.Results[i]
		if x.Verdict != want || x.Bodies != 1 || x.Steps != steps || x.Lost != 0 {
			t.Errorf("%s: verdict %s, %d bodies, %d steps, %d lost; want %s, 1, %d, 0", x.Scene, x.Verdict, x.Bodies, x.Steps, x.Lost, want, steps)
		}
		if !(x.MsPerStep > 0 && x.MsPerStepMin <= x.MsPerStep && x.MsPerStep <= x.MsPerStepMax) {
			t.Errorf("%s: ms/step %g not within its runs' %g–%g", x.Scene, x.MsPerStep, x.MsPerStepMin, x.MsPerStepMax)
		}
	}
	if x := r.Results[0]; x.Sleeping != 1 || x.Contacts != 4 || x.MaxDisplacement > 1e-12 {
		t.Errorf("resting cube: %d asleep, %d contacts, moved %g m; want 1, 4, < 1e-12 m", x.Sleeping, x.Contacts, x.MaxDisplacement)
	}
	v := 9.81 * steps / 60.0
	if x := r.Results[2]; math.Abs(x.KineticEnergyFinal-0.5*2*v*v) > 1e-9*x.KineticEnergyFinal || x.KineticEnergyPeak != x.KineticEnergyFinal {
		t.Errorf("free fall: KE final %g, peak %g; want both %g", x.KineticEnergyFinal, x.KineticEnergyPeak, 0.5*2*v*v)
	}

	if x := r.Results[0]; x.Stages != nil {
		t.Errorf("stages timed without --stages: %+v", *x.Stages)
	}

	code, table, _ := runTumble("bench", "--runs", "1", "--steps", "2", rest)
	if code != 0 || !strings.Contains(table, "stands") || !strings.Contains(table, "ms/step") || strings.Contains(table, "by stage") {
		t.Errorf("table: exit %d\n%s", code, table)
	}
}

// With --stages, bench times the step's stages: in one run, their means add up to no more
// than the mean time of a step (they are disjoint parts of it), and the table shows them.
// Beside them the work: tower10 awake keeps its ten manifolds, and recycles the nine
// between its boxes on every timed step (the first, which detects them, is not timed).
func TestBenchStages(t *testing.T) {
	code, out, errOut := runTumble("bench", "--json", "--runs", "1", "--steps", "30", "--stages", "--nosleep", "tower10")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r benchReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	x := r.Results[0]
	if x.Stages == nil {
		t.Fatalf("no stages in %s", out)
	}
	st := *x.Stages
	sum := st.Detection + st.Prepare + st.Solve + st.Guards + st.Position + st.Other
	if st.Detection <= 0 || st.Solve <= 0 || st.Other <= 0 || sum > x.MsPerStep*(1+1e-9) {
		t.Errorf("stages %+v (sum %g ms) for a step of %g ms", st, sum, x.MsPerStep)
	}
	if st.Manifolds != 10 || st.Recycled != 9 || st.GuardRounds != 0 || st.Sweeps < 1 {
		t.Errorf("tower10's work a step: %g manifolds, %g recycled, %g guard rounds, %g sweeps; want 10, 9, 0, at least 1",
			st.Manifolds, st.Recycled, st.GuardRounds, st.Sweeps)
	}
	code, table, _ := runTumble("bench", "--runs", "1", "--steps", "3", "--stages", "tower10")
	if code != 0 || !strings.Contains(table, "ms per step by stage") || !strings.Contains(table, "recycled") {
		t.Errorf("table: exit %d\n%s", code, table)
	}
}

// --cpuprofile writes a CPU profile of the runs, a gzipped pprof protocol buffer whose
// samples lie in the step's code; a file that cannot be made is a run error.
func TestBenchCPUProfile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cpu.pgo")
	code, _, errOut := runTumble("bench", "--runs", "1", "--steps", "200", "--nosleep", "--cpuprofile", path, "pyramid20")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("the profile is not gzipped: %v", err)
	}
	raw, err := io.ReadAll(z)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(raw, []byte("tumble-physics/tumble/contact")) {
		t.Errorf("no function of package contact among the profile's %d bytes", len(raw))
	}
	bad := filepath.Join(t.TempDir(), "no", "such", "dir", "cpu.pgo")
	code, _, errOut = runTumble("bench", "--runs", "1", "--steps", "2", "--cpuprofile", bad, "tower10")
	if code != 1 || !strings.HasPrefix(errOut, "tumble bench: --cpuprofile: open "+bad) {
		t.Errorf("unwritable profile: exit %d, stderr %q", code, errOut)
	}
}

func TestBenchErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"bench", "--steps", "1"}, 2, "tumble bench: --steps 1: want 2 (the first step is not timed) to 1000000000"},
		{[]string{"bench", "--runs", "0"}, 2, "tumble bench: --runs 0: want 1 to 1000"},
		{[]string{"bench", "--runs", "1000000000"}, 2, "tumble bench: --runs 1000000000: want 1 to 1000"},
		{[]string{"bench", "nosuch"}, 1, `tumble bench: no built-in scene or mesh "nosuch"`},
	} {
		code, out, errOut := runTumble(c.args...)
		if code != c.code || out != "" || !strings.HasPrefix(errOut, c.msg) {
			t.Errorf("tumble %v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.msg)
		}
	}
}

// TestSimReportsSleeping checks the "sleeping" key of tumble sim --json: a cube set on the
// floor is asleep after 60 steps (it sleeps at 30), with zero velocities.
func TestSimReportsSleeping(t *testing.T) {
	p := filepath.Join(t.TempDir(), "rest.xml")
	text := `<scene><duration time="1"/><plane point="0 0 0" normal="0 1 0"/><body mesh="cube" position="0 0.5 0"/></scene>`
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		steps string
		want  bool
	}{{"20", false}, {"60", true}} {
		code, out, errOut := runTumble("sim", "--json", "--steps", c.steps, p)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var r simReport
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatal(err)
		}
		if b := r.Bodies[0]; b.Sleeping != c.want || (c.want && (b.Velocity != [3]float64{} || b.AngularVelocity != [3]float64{})) {
			t.Errorf("after %s steps: sleeping %v (want %v), v %v, ω %v", c.steps, b.Sleeping, c.want, b.Velocity, b.AngularVelocity)
		}
	}
}
