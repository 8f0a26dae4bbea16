package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/scene"
	"github.com/tumble-physics/tumble/data"
)

// runTumble runs the command in-process and returns its exit code, stdout and stderr.
func runTumble(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

func simJSON(t *testing.T, args ...string) simReport {
	t.Helper()
	code, out, errOut := runTumble(append([]string{"sim", "--json"}, args...)...)
	if code != 0 {
		t.Fatalf("tumble sim --json %v: exit %d: %s", args, code, errOut)
	}
	var r simReport
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, out)
	}
	return r
}

// TestSimFreefallClosedForm checks `tumble sim --json freefall` against the closed form of
// velocities-first Euler under gravity, v_n = v0 + n h g and x_n = x0 + n h v0 + n(n+1)/2 h² g,
// and the spinning cube's rotation against exp(n h [ω]×) about its constant axis.
func TestSimFreefallClosedForm(t *testing.T) {
	r := simJSON(t, "freefall")
	sc, err := scene.Builtin("freefall")
	if err != nil {
		t.Fatal(err)
	}
	n, h := float64(sc.Steps()), sc.Dt
	if r.Scene != "freefall" || r.Steps != sc.Steps() || r.Time != n*h || r.Dt != h || len(r.Bodies) != len(sc.Bodies) {
		t.Fatalf("scene %q, steps %d, time %v, dt %v, %d bodies", r.Scene, r.Steps, r.Time, r.Dt, len(r.Bodies))
	}
	energy := 0.0
	for i, b := range r.Bodies {
		in := sc.Bodies[i]
		wantV := in.Velocity.Add(sc.Gravity.Mul(n * h))
		wantP := in.Position.Add(in.Velocity.Mul(n * h)).Add(sc.Gravity.Mul(n * (n + 1) / 2 * h * h))
		if b.Name != in.Name || b.Mesh != in.Mesh || b.Sleeping {
			t.Errorf("body %d: name %q mesh %q sleeping %v", i, b.Name, b.Mesh, b.Sleeping)
		}
		if d := b.Velocity.Sub(wantV).Len(); d > 1e-12 {
			t.Errorf("%s: velocity %v, want %v (off by %.2g)", b.Name, b.Velocity, wantV, d)
		}
		if d := b.Position.Sub(wantP).Len(); d > 1e-12 {
			t.Errorf("%s: position %v, want %v (off by %.2g)", b.Name, b.Position, wantP, d)
		}
		// Spinning about a principal axis, z: ω stays put and R = exp(t[ω]×) R0 (R0 = I here).
		if in.AngularVelocity[0] != 0 || in.AngularVelocity[1] != 0 {
			t.Fatalf("%s: the test expects a spin about z, not %v", b.Name, in.AngularVelocity)
		}
		angle := in.AngularVelocity[2] * n * h
		c, s := math.Cos(angle), math.Sin(angle)
		wantR := [3]mgl64.Vec3{{c, -s, 0}, {s, c, 0}, {0, 0, 1}}
		for row := range 3 {
			if d := b.Rotation[row].Sub(wantR[row]).Len(); d > 1e-12 {
				t.Errorf("%s: rotation row %d %v, want %v", b.Name, row, b.Rotation[row], wantR[row])
			}
		}
		if d := b.AngularVelocity.Sub(in.AngularVelocity).Len(); d > 1e-12 {
			t.Errorf("%s: angular velocity %v, want %v", b.Name, b.AngularVelocity, in.AngularVelocity)
		}
		// Kinetic energy: the cube (1000 kg, I = m/6) and the 5 kg ball, translation and spin.
		m := map[string]float64{"cube": 1000, "ball": 5}[b.Name]
		energy += 0.5*m*wantV.LenSqr() + 0.5*(m/6)*in.AngularVelocity.LenSqr()
	}
	st := r.Stats
	if math.Abs(st.KineticEnergy-energy) > 1e-9*energy || st.Contacts != 0 || st.MaxPenetration != 0 ||
		st.Iterations != 10 || st.Substeps != 1 || !(st.MsPerStep != nil && *st.MsPerStep > 0) {
		t.Errorf("stats %+v; want kinetic energy %v, no contacts, 10 iterations, 1 substep", st, energy)
	}
}

// TestSimFlags checks --steps and --iterations and that the last trace rows are the state the
// JSON reports, with one row per body per step after the header.
func TestSimFlags(t *testing.T) {
	trace := filepath.Join(t.TempDir(), "trace.csv")
	// Flags may come after the scene name too.
	r := simJSON(t, "--steps", "7", "freefall", "--iterations", "3", "--trace", trace)
	if r.Steps != 7 || r.Time != 7*r.Dt || r.Stats.Iterations != 3 {
		t.Errorf("steps %d, time %v, iterations %d; want 7, %v, 3", r.Steps, r.Time, r.Stats.Iterations, 7*r.Dt)
	}
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if want := 1 + 7*len(r.Bodies); len(rows) != want {
		t.Fatalf("%d CSV rows, want %d (header + one per body per step)", len(rows), want)
	}
	if got := strings.Join(rows[0], ","); got != strings.TrimSuffix(traceHeader, "\n") {
		t.Errorf("header %q", got)
	}
	for i, b := range r.Bodies {
		row := rows[len(rows)-len(r.Bodies)+i]
		x := make([]float64, len(row))
		for k, s := range row {
			if x[k], err = strconv.ParseFloat(s, 64); err != nil {
				t.Fatal(err)
			}
		}
		want := []float64{7, r.Time, float64(i), b.Position[0], b.Position[1], b.Position[2]}
		for k, w := range want {
			if x[k] != w {
				t.Errorf("body %d: trace column %s = %v, want %v", i, rows[0][k], x[k], w)
			}
		}
		for k := range 3 {
			if x[9+k] != b.Velocity[k] || x[12+k] != b.AngularVelocity[k] {
				t.Errorf("body %d: trace velocities %v, want %v, %v", i, x[9:], b.Velocity, b.AngularVelocity)
			}
		}
		// The rotation vector of the cube's turn about z: angle |ω| t.
		wantRot := b.AngularVelocity.Mul(r.Time)
		if d := (mgl64.Vec3{x[6], x[7], x[8]}).Sub(wantRot).Len(); d > 1e-12 {
			t.Errorf("body %d: rotation vector %v, want %v", i, x[6:9], wantRot)
		}
	}
}

// TestSimErrors checks exit codes, that every error is one line, and that scene errors name
// the file and line.
func TestSimErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.xml")
	src := "<scene>\n  <duration time=\"1\"/>\n  <body mesh=\"cube\"\n        density=\"0\"/>\n</scene>\n"
	if err := os.WriteFile(bad, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"sim", bad}, 1, "tumble sim: " + bad + ":4: <body density>: must be between 0.001 and 1e+06 kg/m³, got 0\n"},
		{[]string{"sim", filepath.Join(dir, "missing.xml")}, 1, "tumble sim: " + filepath.Join(dir, "missing.xml") + ": file does not exist\n"},
		{[]string{"sim", "nosuch"}, 1, `tumble sim: no built-in scene or mesh "nosuch" (scenes: ` + strings.Join(data.SceneNames(), ", ") +
			"; meshes: " + strings.Join(data.MeshNames(), ", ") + ")\n"},
		{[]string{"sim", dir}, 1, "tumble sim: " + dir + " is a directory; want a file or the name of a built-in scene or mesh\n"},
		{[]string{"sim", "spin", "freefall"}, 2, "tumble sim: want at most one scene, got 2 arguments; see 'tumble sim --help'\n"},
		{[]string{"sim", "--steps", "-1"}, 2, "tumble sim: --steps -1: want 0 to 1000000000; see 'tumble sim --help'\n"},
		{[]string{"sim", "--iterations", "0"}, 2, "tumble sim: --iterations 0: want 1 to 1000; see 'tumble sim --help'\n"},
		{[]string{"sim", "--bogus"}, 2, "tumble sim: flag provided but not defined: -bogus; see 'tumble sim --help'\n"},
		{[]string{"meshes", "x"}, 2, `tumble meshes: no arguments expected, got "x"; see 'tumble meshes --help'` + "\n"},
	} {
		code, out, errOut := runTumble(c.args...)
		if code != c.code || out != "" || !strings.HasPrefix(errOut, c.msg) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("tumble %v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, c.code, c.msg)
		}
	}
}

// TestSimSummary checks the human summary of the default scene (`tumble sim`).
func TestSimSummary(t *testing.T) {
	code, out, errOut := runTumble("sim")
	if code != 0 || errOut != "" {
		t.Fatalf("tumble: exit %d, stderr %q", code, errOut)
	}
	for _, want := range []string{"default: ", "360 steps of 0.0166667 s to t = 6 s", "donut  torus", " contacts, max penetration "} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

// TestMeshes checks the listing against the built-in meshes' known sizes and volumes.
func TestMeshes(t *testing.T) {
	code, out, errOut := runTumble("meshes")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"cube         8         12            1",
		"tetrahedron         4          4     0.333333",
		"torus       576       1152      1.17474",
		"thandle        16         28        0.072",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q:\n%s", want, out)
		}
	}
}
