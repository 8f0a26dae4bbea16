package viewer

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/body/planar/trajectory"
	contact "github.com/tumble-physics/tumble/contact/planar"
)

// traced starts a sim2D on a project scene whose states go, as tumble view --trace writes
// them, to the returned buffer (flushed by the returned function).
func tracedSim2D(t *testing.T, path string, log io.Writer) (*sim2D, *bytes.Buffer, func()) {
	t.Helper()
	var buf bytes.Buffer
	c, err := trajectory.NewCSV(&buf)
	if err != nil {
		t.Fatal(err)
	}
	scene, err := fosssim.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := newSim2D(path, scene, &Options{Open2D: fosssim.Load, AfterStep2D: c.Record, Log: log}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return s, &buf, func() { c.Flush() }
}

// runCSV returns tumble 2d run --csv's rows of the scene at path for steps steps: the scene's
// system from contact/planar's Responses, stepped.
func runCSV(t *testing.T, path string, steps int) []byte {
	t.Helper()
	scene, err := fosssim.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := scene.System(contact.Responses(scene.Name, nil))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	c, _ := trajectory.NewCSV(&buf)
	c.Record(sys)
	for range steps {
		if err := sys.Step(); err != nil {
			t.Fatal(err)
		}
		c.Record(sys)
	}
	c.Flush()
	return buf.Bytes()
}

// One step a frame gives, bit for bit, the run of the same scene stepped headless, for a
// scene of every contact response and one without contact.
func TestSim2DStepsAsRun(t *testing.T) {
	for _, name := range []string{"contact_lcp_stack", "contact_velocity_projection_seesaw", "contact_gr_lcp_three_balls",
		"contact_pgs_pyramid", "springs_under_gravity"} {
		path := filepath.Join("..", "data", "scenes2d", name+".xml")
		s, trace, flush := tracedSim2D(t, path, io.Discard)
		n := min(150, s.scene.Steps()) // the run stops at the scene's end
		for range n {
			if err := s.frame(1, 1); err != nil {
				t.Fatal(err)
			}
		}
		flush()
		if !bytes.Equal(trace.Bytes(), runCSV(t, path, n)) {
			t.Errorf("%s: %d frames differ from %d steps of the run", name, n, n)
		}
	}
}

// Paused, a frame takes no step, and n takes one; a hold makes the run not the scene's own
// and adds the pull after the scene's forces without touching the scene's list; letting go
// removes it; reset returns to step 0, the scene's own run, and records the initial state.
func TestSim2DPauseHoldReset(t *testing.T) {
	path := filepath.Join("..", "data", "scenes2d", "springs_under_gravity.xml")
	s, trace, flush := tracedSim2D(t, path, io.Discard)
	initial := append([]planar.Body(nil), s.sys.Bodies...)
	s.frame(1, 1)
	s.paused = true
	s.frame(1, 1)
	if s.sys.Steps != 1 {
		t.Fatalf("paused: step %d, want 1", s.sys.Steps)
	}
	s.once = true
	s.frame(1, 1)
	if s.sys.Steps != 2 || s.once {
		t.Fatalf("after n: step %d, once %v; want 2, false", s.sys.Steps, s.once)
	}
	forces := len(s.scene.Forces)
	p, ok := pick2D(s.sys.Bodies, s.sys.Bodies[0].X, s.sys.Dt)
	if !ok {
		t.Fatal("no body at body 0's centre")
	}
	s.hold(&p)
	if !s.perturbed || len(s.sys.Forces) != forces+1 || s.sys.Forces[forces] != &p || len(s.scene.Forces) != forces {
		t.Fatalf("hold: perturbed %v, %d forces (scene %d)", s.perturbed, len(s.sys.Forces), len(s.scene.Forces))
	}
	if !strings.Contains(strings.Join(s.statusLines(), "\n"), "not the scene's own run") {
		t.Error("the HUD does not say the run is not the scene's own")
	}
	s.hold(nil)
	if len(s.sys.Forces) != forces || !s.perturbed {
		t.Fatalf("let go: %d forces, perturbed %v; want the scene's %d, still perturbed", len(s.sys.Forces), s.perturbed, forces)
	}
	if err := s.reset(); err != nil {
		t.Fatal(err)
	}
	if s.sys.Steps != 0 || s.perturbed || s.pull != nil || !s.paused {
		t.Fatalf("reset: step %d, perturbed %v, pull %v, paused %v", s.sys.Steps, s.perturbed, s.pull, s.paused)
	}
	for i := range initial {
		if s.sys.Bodies[i].State() != initial[i].State() {
			t.Errorf("reset: body %d is %+v, want %+v", i, s.sys.Bodies[i].State(), initial[i].State())
		}
	}
	flush()
	// The trace: 0, 1 (run), 1 (paused), 2 (n), then 0 again.
	var steps []string
	for _, row := range strings.Split(strings.TrimSpace(trace.String()), "\n")[1:] {
		if f := strings.Split(row, ","); f[2] == "0" {
			steps = append(steps, f[0])
		}
	}
	if got := strings.Join(steps, " "); got != "0 1 1 2 0" {
		t.Errorf("trace steps %q, want \"0 1 1 2 0\"", got)
	}
}

// Running on the wall clock, a frame takes the whole steps the time owes; paused, time is
// not owed, so resuming takes no burst; n steps once.
func TestSim2DClock(t *testing.T) {
	s, _, _ := tracedSim2D(t, filepath.Join("..", "data", "scenes2d", "drift_and_spin.xml"), io.Discard)
	dt := s.sys.Dt
	s.frame(5.6*dt, 0)
	if s.sys.Steps != 5 {
		t.Fatalf("5.6 dt of wall time took %d steps, want 5", s.sys.Steps)
	}
	s.paused = true
	s.frame(0.05, 0)
	s.paused = false
	s.frame(0.6*dt, 0)
	if s.sys.Steps != 6 { // the 0.6 step owed before the pause adds up to one
		t.Fatalf("after a pause: %d steps, want 6", s.sys.Steps)
	}
	s.paused, s.once = true, true
	s.frame(0, 0)
	if s.sys.Steps != 7 {
		t.Fatalf("n: %d steps, want 7", s.sys.Steps)
	}
}

// On the wall clock the run pauses at the end of the scene's duration, ⌈duration/dt⌉ steps
// as tumble 2d run takes, logs and shows it; space runs on past it, and the HUD says the run
// is past its end; r restarts the scene running. With Options.Frames (exactly that many
// steps) the run never stops at the end.
func TestSim2DStopsAtTheSceneEnd(t *testing.T) {
	var log bytes.Buffer
	path := filepath.Join("..", "data", "scenes2d", "contact_lcp_stack.xml")
	s, _, _ := tracedSim2D(t, path, &log)
	end := s.scene.Steps()
	for range 2 * end {
		if err := s.frame(maxLag, 0); err != nil {
			t.Fatal(err)
		}
	}
	lines := strings.Join(s.statusLines(), "\n")
	if s.sys.Steps != end || !s.paused || !s.atEnd {
		t.Fatalf("after twice the scene's duration of wall time: step %d, paused %v; want step %d, paused", s.sys.Steps, s.paused, end)
	}
	if !strings.Contains(lines, "(end)") || !strings.Contains(lines, "end of the scene (2 s): space runs on") ||
		strings.Count(log.String(), "end of contact_lcp_stack.xml at t = 2 s") != 1 {
		t.Errorf("the HUD or the log does not say the scene ended:\n%s\nlog:\n%s", lines, log.String())
	}
	s.resume()
	s.frame(maxLag, 0)
	if s.sys.Steps <= end || s.paused || !strings.Contains(strings.Join(s.statusLines(), "\n"), "past the scene's end (2 s)") {
		t.Errorf("space at the end: step %d, paused %v, HUD:\n%s", s.sys.Steps, s.paused, strings.Join(s.statusLines(), "\n"))
	}
	s.paused, s.atEnd = true, true // as the end left it
	if err := s.reset(); err != nil {
		t.Fatal(err)
	}
	if s.sys.Steps != 0 || s.paused || s.runOn {
		t.Errorf("r at the end: step %d, paused %v, runs on %v; want a fresh run", s.sys.Steps, s.paused, s.runOn)
	}

	scene, err := fosssim.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	exact, err := newSim2D(path, scene, &Options{Open2D: fosssim.Load, Frames: end + 10, Log: io.Discard}, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	for range end + 10 {
		exact.frame(1, 1)
	}
	if exact.sys.Steps != end+10 || exact.paused {
		t.Errorf("--frames %d: step %d, paused %v; want every frame a step", end+10, exact.sys.Steps, exact.paused)
	}
}

// failing is a contact response that fails.
type failing struct{}

func (failing) Respond(*planar.System) error { return errors.New("the solver failed") }

// A failed step stops the run: paused on its error, told as tumble 2d run tells it (a state
// that is not finite with its body's line) and logged; no more steps are taken, nor is the
// state handed to the trace, until a reset.
func TestSim2DStepError(t *testing.T) {
	var log bytes.Buffer
	s, trace, flush := tracedSim2D(t, filepath.Join("..", "data", "scenes2d", "drift_and_spin.xml"), &log)
	s.frame(1, 1)
	s.sys.Response = failing{}
	s.frame(1, 1)
	s.once = true
	s.frame(1, 1)
	want := s.scene.Name + ": step 2: the solver failed"
	if s.err == nil || s.err.Error() != want || !s.paused || s.sys.Steps != 2 {
		t.Fatalf("err %v, paused %v, step %d: want %q, paused at step 2", s.err, s.paused, s.sys.Steps, want)
	}
	if !strings.Contains(log.String(), "stopped: "+want) {
		t.Errorf("log %q: want %q", log.String(), "stopped: "+want)
	}
	flush()
	if rows := strings.Count(trace.String(), "\n"); rows != 1+2*len(s.sys.Bodies) {
		t.Errorf("the trace has %d lines, want the header and steps 0 and 1 only", rows)
	}
	if err := s.reset(); err != nil || s.err != nil {
		t.Fatalf("reset: %v, run error %v", err, s.err)
	}
	s.paused = false
	s.sys.Bodies[1].V[0] = math.NaN()
	s.frame(1, 1)
	line := s.scene.BodyLines[1]
	if s.err == nil || !strings.HasPrefix(s.err.Error(), fmt.Sprintf("%s:%d: body 1: ", s.scene.Name, line)) {
		t.Errorf("a velocity of NaN: %v, want the error to name body 1's line %d", s.err, line)
	}
}

// r reads the file again: an edit shows; a file that no longer reads is logged and the
// scene as it was restarts.
func TestSim2DResetReadsFile(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "data", "scenes2d", "drift_and_spin.xml"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "s.xml")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	s, _, _ := tracedSim2D(t, path, &log)
	before := s.sys.Bodies[0].X
	edited := strings.Replace(string(src), "<rigidbodyvertex x=\"", "<rigidbodyvertex x=\"10", 1)
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	s.reset()
	if s.sys.Bodies[0].X == before {
		t.Error("reset did not read the edited file")
	}
	good := s.sys.Bodies[0].X
	os.WriteFile(path, []byte("<scene>"), 0o644)
	if err := s.reset(); err != nil {
		t.Fatal(err)
	}
	if s.sys.Bodies[0].X != good || !strings.Contains(log.String(), "reset: "+path) {
		t.Errorf("a broken file: body 0 at %v, log %q; want the last good scene and the error logged", s.sys.Bodies[0].X, log.String())
	}
}

// The HUD gives the totals the trajectory records, P, L, T and U, the response's name and the
// contacts of the last step. The box slides on at 0.3 m/s after landing; its vertical
// momentum, 4e-15 kg m/s left over from the landing, shows as 0.
func TestSim2DStatus(t *testing.T) {
	s, _, _ := tracedSim2D(t, filepath.Join("..", "data", "scenes2d", "contact_pgs.xml"), io.Discard)
	for range 100 {
		s.frame(1, 1)
	}
	sys := s.sys
	if p := sys.Momentum(); p[1] == 0 || math.Abs(p[1]) > 1e-12 {
		t.Fatalf("P_y = %g: the test wants a vertical momentum of rounding error", p[1])
	}
	lines := strings.Join(s.statusLines(), "\n")
	for _, want := range []string{"contact_pgs.xml", "step 100 ", "symplectic-euler", "pgs response (",
		"P 1.2 0 kg m/s", fmt.Sprintf("L %.4g kg m2/s", sys.AngularMomentum()),
		fmt.Sprintf("T %.4g J", sys.KineticEnergy()), fmt.Sprintf("U %.4g J", sys.PotentialEnergy())} {
		if !strings.Contains(lines, want) {
			t.Errorf("HUD lacks %q:\n%s", want, lines)
		}
	}
	if n := len(s.response.Contacts()); n == 0 || !strings.Contains(lines, ": "+contactCount(n)) {
		t.Errorf("HUD %q: want the %d contacts of the last step", lines, n)
	}
}

// courseScenes returns the FOSSSim course's scene files matching pattern, under
// $TUMBLE_SHARED/scenes2d/fosssim or the shared folder beside the repository, skipping the
// test with a message when they are absent (they are not part of Tumble).
func courseScenes(t *testing.T, pattern string) []string {
	t.Helper()
	shared := os.Getenv("TUMBLE_SHARED")
	if shared == "" {
		shared = filepath.Join("..", "..", "shared")
	}
	files, _ := filepath.Glob(filepath.Join(shared, "scenes2d", "fosssim", pattern))
	if len(files) == 0 {
		t.Skipf("no FOSSSim course scenes match %s under %s (set TUMBLE_SHARED to the folder that holds scenes2d)", pattern, shared)
	}
	return files
}

// The course's contact scenes, stepped one step a frame for 200 frames, are the headless
// run bit for bit.
func TestSim2DCourseScenesStepAsRun(t *testing.T) {
	for _, path := range courseScenes(t, "t3m2*/*/*.xml") {
		s, trace, flush := tracedSim2D(t, path, io.Discard)
		for range 200 {
			if err := s.frame(1, 1); err != nil {
				t.Fatal(err)
			}
		}
		flush()
		if s.err != nil || !bytes.Equal(trace.Bytes(), runCSV(t, path, 200)) {
			t.Errorf("%s: 200 frames (error %v) differ from 200 steps of the run", path, s.err)
		}
	}
}

// A run stopped on a state that is not finite shows dashes for the totals that state makes
// NaN, never NaN or Inf, and says it stopped.
func TestSim2DStatusNotFinite(t *testing.T) {
	s, _, _ := tracedSim2D(t, filepath.Join("..", "data", "scenes2d", "contact_pgs.xml"), io.Discard)
	s.frame(1, 1)
	s.sys.Bodies[1].V[0] = math.Inf(1)
	s.frame(1, 1)
	lines := strings.Join(s.statusLines(), "\n")
	if s.err == nil || notFinite.MatchString(lines) || !strings.Contains(lines, "T "+notShown+" J") || !strings.Contains(lines, "(stopped)") {
		t.Errorf("stopped on %v, the HUD reads:\n%s\nwant it stopped, T shown as %s, and no NaN or Inf", s.err, lines, notShown)
	}
}

// The totals keep every value that is more than rounding error and drop those that are not:
// a stack at rest keeps velocities of 1e-18 m/s, and shows P, L and T as 0 while its U is
// untouched; a drifting, spinning pentagon with no forces keeps its totals bit for bit.
func TestTotalsDropRoundingError(t *testing.T) {
	for _, c := range []struct {
		scene string
		steps int
		rest  bool // the bodies are at rest: P, L and T are rounding error
	}{
		{"contact_lcp_stack", 500, true},
		{"drift_and_spin", 50, false},
		{"springs_under_gravity", 50, false},
	} {
		s, _, _ := tracedSim2D(t, filepath.Join("..", "data", "scenes2d", c.scene+".xml"), io.Discard)
		for range c.steps {
			s.frame(1, 1)
		}
		sys, tot := s.sys, totals(s.sys)
		p, l, k := sys.Momentum(), sys.AngularMomentum(), sys.KineticEnergy()
		if tot.U != sys.PotentialEnergy() {
			t.Errorf("%s: U %g, want %g", c.scene, tot.U, sys.PotentialEnergy())
		}
		if c.rest {
			if k == 0 {
				t.Fatalf("%s: T exactly 0: no rounding error to drop", c.scene)
			}
			if tot.P != (mgl64.Vec2{}) || tot.L != 0 || tot.T != 0 || math.Signbit(tot.P[0]) || math.Signbit(tot.P[1]) {
				t.Errorf("%s at rest: P %v L %g T %g shown as %v %g %g, want 0 (P = %g)", c.scene, p, l, k, tot.P, tot.L, tot.T, p)
			}
		} else if tot.P != p || tot.L != l || tot.T != k {
			t.Errorf("%s: P %v L %g T %g shown as %v %g %g, want them as they are", c.scene, p, l, k, tot.P, tot.L, tot.T)
		}
	}
}
