package main

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/scene"
	"github.com/tumble-physics/tumble/data/input/inputtest"
	"github.com/tumble-physics/tumble/inertia/meshtest"
)

// measured runs the built command and returns its exit code, output, wall time and peak
// memory (the kernel's maximum resident set size).
func measured(t *testing.T, args ...string) (code int, stdout, stderr string, wall time.Duration, rssMB float64) {
	t.Helper()
	cmd := exec.Command(tumbleBin, args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	kill := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	err := cmd.Wait()
	kill.Stop()
	wall = time.Since(start)
	if _, ok := err.(*exec.ExitError); err != nil && !ok {
		t.Fatal(err)
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		rssMB = float64(ru.Maxrss) / 1024 // KiB on Linux
	}
	return cmd.ProcessState.ExitCode(), out.String(), errOut.String(), wall, rssMB
}

// /dev/zero, a sparse 2 GB file and a named pipe, given as a scene, a mesh, a 2D scene or a
// 2D reference: each command answers with a one-line error naming the file within a second,
// in under 100 MB.
func TestInputsBounded(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	dir := t.TempDir()
	type run struct {
		what string
		args []string
		name string // the file the message must name
	}
	var runs []run
	for kind, path := range inputtest.Hostile(t, dir, "scene", ".xml") {
		runs = append(runs, run{"3D scene: " + kind, []string{"sim", path}, path})
	}
	for kind, path := range inputtest.Hostile(t, dir, "mesh", ".obj") {
		sc := filepath.Join(dir, "uses-"+filepath.Base(path)+".xml")
		text := fmt.Sprintf("<scene><duration time=\"1\"/><body mesh=%q/></scene>", filepath.Base(path))
		if err := os.WriteFile(sc, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, run{"mesh in a scene: " + kind, []string{"sim", sc}, path},
			run{"mesh: " + kind, []string{"inertia", path}, path})
	}
	for kind, path := range inputtest.Hostile(t, dir, "scene2d", ".xml") {
		runs = append(runs, run{"2D scene: " + kind, []string{"2d", "run", path}, path})
	}
	scenes2D := copyScenes(t, "drift_and_spin.xml")
	for kind, path := range inputtest.Hostile(t, dir, "ref", ".bin") {
		sub := filepath.Join(dir, "regress-"+strings.TrimSuffix(filepath.Base(path), ".bin"))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		text, err := os.ReadFile(filepath.Join(scenes2D, "drift_and_spin.xml"))
		if err != nil {
			t.Fatal(err)
		}
		sc := filepath.Join(sub, "drift_and_spin.xml")
		if err := os.WriteFile(sc, text, 0o644); err != nil {
			t.Fatal(err)
		}
		ref := filepath.Join(sub, "drift_and_spin.ref.bin")
		if err := os.Rename(path, ref); err != nil {
			t.Fatal(err)
		}
		runs = append(runs, run{"2D reference: " + kind, []string{"2d", "regress", "--jobs", "1", sc}, ref})
	}
	for _, r := range runs {
		code, stdout, stderr, wall, rss := measured(t, r.args...)
		message := strings.TrimSpace(stderr)
		if r.args[1] == "regress" { // the table on stdout, the reason under it
			lines := strings.Split(strings.TrimSpace(stdout), "\n")
			message = lines[len(lines)-2]
		}
		t.Logf("%s: exit %d in %v, %.0f MB: %s", r.what, code, wall.Round(time.Millisecond), rss, message)
		if code != 1 || strings.Count(message, "\n") != 0 || !strings.Contains(message, r.name) {
			t.Errorf("%s: exit %d, message %q; want exit 1 and one line naming %s", r.what, code, message, r.name)
		}
		if wall > time.Second || rss > 100 {
			t.Errorf("%s: %v and %.0f MB, want under a second and 100 MB", r.what, wall, rss)
		}
	}
}

// A million-triangle sphere dropped on the floor: 60 steps well within 30 s, and it rests on
// its bottom, at its radius to the sampled hull's accuracy (docs/contact.md, "Huge meshes").
func TestMillionTriangleSphere(t *testing.T) {
	dir := t.TempDir()
	const r = 0.5
	if err := meshtest.WriteOBJ(filepath.Join(dir, "sphere.obj"), meshtest.Sphere(r, 1000, 501)); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "drop.xml")
	text := `<scene><duration time="1"/><plane/><body name="ball" mesh="sphere.obj" position="0 0.7 0"/></scene>`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	rep := simJSON(t, "--steps", "60", path)
	wall := time.Since(start)
	b := rep.Bodies[0]
	t.Logf("60 steps in %v (load included): ball at %v, velocity %v", wall.Round(time.Millisecond), b.Position, b.Velocity)
	if wall > 30*time.Second {
		t.Errorf("60 steps took %v, want under 30 s", wall)
	}
	if math.Abs(b.Position[1]-r) > 0.0142*r || math.Hypot(b.Position[0], b.Position[2]) > 1e-3 || b.Velocity.Len() > 1e-3 || b.AngularVelocity.Len() > 1e-3 {
		t.Errorf("the ball ends at %v moving %v, %v; want at rest on the floor at height %g", b.Position, b.Velocity, b.AngularVelocity, r)
	}
}

// With --no-timing the JSON of a run is the same byte for byte, run after run.
func TestSimNoTiming(t *testing.T) {
	var first string
	for range 2 {
		code, out, errOut := runTumble("sim", "--json", "--no-timing", "--steps", "30", "default")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if strings.Contains(out, "msPerStep") {
			t.Fatalf("--no-timing output has msPerStep: %s", out)
		}
		if first != "" && out != first {
			t.Fatalf("two runs differ:\n%s\n%s", first, out)
		}
		first = out
	}
	if _, out, _ := runTumble("sim", "--no-timing", "--steps", "3", "drop"); strings.Contains(out, "ms per step") {
		t.Errorf("--no-timing summary has the time per step:\n%s", out)
	}
}

// A report that cannot be written (tumble sim > /dev/full) is an error, exit status 1.
func TestSimFullOutput(t *testing.T) {
	for _, args := range [][]string{{"sim", "--steps", "3", "drop"}, {"sim", "--json", "--steps", "3", "drop"}} {
		var stderr bytes.Buffer
		if code := run(args, failingWriter{}, &stderr); code != 1 || !strings.HasPrefix(stderr.String(), "tumble sim: writing the report: ") {
			t.Errorf("%v to a full disk: exit %d, %q; want exit 1 and the reason", args, code, stderr.String())
		}
	}
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip(err)
	}
	defer full.Close()
	var stderr bytes.Buffer
	cmd := exec.Command(tumbleBin, "sim", "--steps", "3", "drop")
	cmd.Stdout, cmd.Stderr = full, &stderr
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "no space left on device") {
		t.Errorf("tumble sim > /dev/full: %v, %q; want exit 1 saying no space is left", err, stderr.String())
	}
}

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, syscall.ENOSPC }

// A state that stops being finite stops the run where it starts, with the scene's line, the
// body's name, the quantity, the step and the time; no JSON, summary or plot with NaN.
func TestSimStopsOnNonFinite(t *testing.T) {
	sc, err := scene.Parse(strings.NewReader(`<scene><duration time="1"/><plane/>
<body name="ball" mesh="icosphere" position="0 2 0"/>
<body name="cube" mesh="cube" position="3 2 0"/></scene>`), "nan.xml")
	if err != nil {
		t.Fatal(err)
	}
	w, err := sc.World()
	if err != nil {
		t.Fatal(err)
	}
	p := newRunPlot("nan", w)
	if _, err := simulate(w, 3, sc, nil, p, &progress{}); err != nil {
		t.Fatal(err)
	}
	w.Bodies[1].V = mgl64.Vec3{0, math.NaN(), 0} // what a blown-up solve leaves
	_, err = simulate(w, 7, sc, nil, p, &progress{})
	const want = `nan.xml:3: body 1 "cube": position (3, NaN, 0) not finite at step 4 (t = 0.0666667 s)`
	if err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
	if len(p.t) != 4 {
		t.Errorf("the plot holds %d states, want the 4 before the step that failed", len(p.t))
	}
}

// Flags that would ask for unbounded memory or time are refused with their range.
func TestFlagBounds(t *testing.T) {
	dir := copyScenes(t, "drift_and_spin.xml")
	scene2D := filepath.Join(dir, "drift_and_spin.xml")
	out := filepath.Join(dir, "out")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"2d", "render", "--size", "100000", "--out", out + ".png", scene2D}, "tumble 2d render: --size 100000: want 16 to 4096 pixels"},
		{[]string{"2d", "render", "--frames", "100000", "--out", out + ".gif", scene2D}, "tumble 2d render: --frames 100000: want 1 to 1000"},
		{[]string{"2d", "render", "--size", "4096", "--frames", "100", "--out", out + ".gif", scene2D},
			"tumble 2d render: --frames 100 at --size 4096: 1677721600 pixels, more than the 268435456 a GIF may hold (fewer frames or a smaller size)"},
		{[]string{"2d", "render", "--time", "1e300", "--out", out + ".png", scene2D}, "tumble 2d render: --time 1e+300 s is 1e+302 steps of 0.01 s, more than 1e+09"},
		{[]string{"2d", "run", "--steps", "10000000000", scene2D}, "tumble 2d run: --steps 10000000000: want at most 1000000000"},
		{[]string{"sim", "--iterations", "1000000000", "drop"}, "tumble sim: --iterations 1000000000: want 1 to 1000"},
		{[]string{"sim", "--steps", "10000000000", "drop"}, "tumble sim: --steps 10000000000: want 0 to 1000000000"},
	} {
		code, _, stderr := runTumble(tc.args...)
		if first, _, _ := strings.Cut(stderr, "\n"); code == 0 || !strings.HasPrefix(first, tc.want) {
			t.Errorf("%v: exit %d, %q; want %q", tc.args, code, first, tc.want)
		}
	}
}

// A run that diverges within the documented ranges (a free fall from 1,000 km down at 10 km/s
// under 100 g in 1 s steps passes 1e10 m at step 4462, whatever the solver) stops there in
// every output: exit 1 with the body's line and name, no JSON, no plot, a trace that ends at
// the last step within bounds.
func TestSimStopsOnDivergence(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "diverge.xml")
	text := `<scene><duration time="5000"/><integrator dt="1"/><gravity v="0 -1000 0"/>
<body name="meteor" mesh="cube" position="0 -1000000 0" velocity="0 -10000 0"/></scene>`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	want := "tumble sim: " + path + `:2: body 0 "meteor": position (0, -1.0002573e+10, 0) beyond ±1e+10 (diverging) at step 4462 (t = 4462 s)` + "\n"
	trace, plot := filepath.Join(dir, "t.csv"), filepath.Join(dir, "p.png")
	for _, args := range [][]string{{"sim", path}, {"sim", "--json", path}, {"sim", "--trace", trace, "--plot", plot, path}} {
		code, stdout, stderr := runTumble(args...)
		if code != 1 || stdout != "" || stderr != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 1 and %q", args, code, stdout, stderr, want)
		}
	}
	if _, err := os.Stat(plot); err == nil {
		t.Errorf("a plot was written")
	}
	rows, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(rows)), "\n")
	if last := lines[len(lines)-1]; len(lines) != 4462 || !strings.HasPrefix(last, "4461,") || strings.Contains(string(rows), "NaN") {
		t.Errorf("trace of %d lines ending %q; want the header and steps 1 to 4461", len(lines), last)
	}
}

// 2d run stops at the first body whose state is not finite, with its <rigidbody> line: the
// binary trajectory holds only the finite states; 2d regress --update writes no reference.
func TestTwoDRunStopsOnNonFinite(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "spring.xml")
	text := `<scene>
  <duration time="1"/>
  <rigidbodyintegrator type="symplectic-euler" dt="0.01"/>
  <rigidbodyvertex x="0" y="0" m="1"/>
  <rigidbodyvertex x="1" y="0" m="1"/>
  <rigidbody p="0" p="1" vx="0" vy="0" omega="0" r="0.1"/>
  <rigidbodyspringforce i="0" pix="0" piy="0" j="-1" pjx="5" pjy="0" k="1e308" l0="0"/>
</scene>`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.bin")
	code, _, stderr := runTumble("2d", "run", "-o", out, path)
	want := "tumble 2d run: " + path + ":6: body 0: position (+Inf, NaN) not finite at step 1 (t = 0.01 s)\n"
	if code != 1 || stderr != want {
		t.Errorf("exit %d, %q; want 1 and %q", code, stderr, want)
	}
	if b, err := os.ReadFile(out); err != nil || len(b) != 8*(4+13) { // the start block of one body
		t.Errorf("%s: %d bytes, %v; want the start block only", out, len(b), err)
	}
	code, stdout, _ := runTumble("2d", "regress", "--update", path)
	if code != 1 || !strings.Contains(stdout, path+":6: body 0: position (+Inf, NaN) not finite at step 1 (t = 0.01 s)") {
		t.Errorf("2d regress --update: exit %d,\n%s\nwant exit 1 and the body's line", code, stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "spring.ref.bin")); err == nil {
		t.Errorf("a reference was written for a run that is not finite")
	}
}

// Messages never show a file's contents: a scene may name any file as its mesh (a scene
// naming /etc/passwd printed its first line), and any file may be given as a scene.
func TestErrorsDoNotEchoFiles(t *testing.T) {
	dir := t.TempDir()
	const secret = "root:x:0:0:hunter2:/root:/bin/bash\n"
	for name, text := range map[string]string{
		"passwd.obj":  secret,
		"passwd.xml":  secret,
		"uses.xml":    `<scene><duration time="1"/><body mesh="passwd.obj"/></scene>`,
		"inside.xml":  "<scene>" + secret + "</scene>",
		"inside2.xml": "<scene><duration time=\"1\"/>" + secret + "</scene>",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"sim", filepath.Join(dir, "uses.xml")}, {"sim", filepath.Join(dir, "passwd.xml")}, {"sim", filepath.Join(dir, "inside.xml")},
		{"inertia", filepath.Join(dir, "passwd.obj")}, {"2d", "run", filepath.Join(dir, "passwd.xml")}, {"2d", "run", filepath.Join(dir, "inside2.xml")},
	} {
		code, stdout, stderr := runTumble(args...)
		if code != 1 || strings.Contains(stdout+stderr, "hunter2") || strings.Contains(stdout+stderr, "root:x") {
			t.Errorf("%v: exit %d, %q%q; want exit 1 and nothing of the file", args, code, stdout, stderr)
		}
	}
}
