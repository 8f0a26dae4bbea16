package viewer

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/pgs"
)

// blockingSolver is projected Gauss–Seidel that, on its first solve, waits until released:
// a step as slow as a test wants (a huge mesh's first step takes seconds).
type blockingSolver struct {
	entered, release chan struct{}
	once             sync.Once
	gs               pgs.GaussSeidel
}

func newBlockingSolver() *blockingSolver {
	return &blockingSolver{entered: make(chan struct{}), release: make(chan struct{}), gs: pgs.GaussSeidel{Iterations: 10}}
}

func (b *blockingSolver) Solve(p *pgs.Problem) (pgs.Stats, error) {
	b.once.Do(func() {
		close(b.entered)
		<-b.release
	})
	return b.gs.Solve(p)
}

// slowSim starts the simulation of a box resting on the floor whose first step blocks in
// its solver, and counts the AfterStep calls.
func slowSim(t *testing.T, frames bool) (*sim, *blockingSolver, *atomic.Int32) {
	t.Helper()
	setup, err := Open("testdata/drag.xml")
	if err != nil {
		t.Fatal(err)
	}
	solver := newBlockingSolver()
	setup.World.Solver = solver
	calls := new(atomic.Int32)
	opt := Options{Open: Open, Log: &bytes.Buffer{}, AfterStep: func(*contact.World) error { calls.Add(1); return nil }}
	if frames {
		opt.Frames = 1 << 30
	}
	return startSim(setup, opt, 1, time.Now()), solver, calls
}

// Quitting does not wait for a step under way: stop returns while the step still runs, and no
// AfterStep (a trace row into a file about to be closed) runs after it.
func TestStopDoesNotWaitForAStep(t *testing.T) {
	s, solver, calls := slowSim(t, false)
	<-solver.entered
	before := calls.Load()
	stopped := make(chan struct{})
	go func() {
		s.stop()
		close(stopped)
	}()
	select {
	case <-stopped:
	case <-time.After(10 * time.Second):
		t.Fatal("stop waited for the step under way")
	}
	close(solver.release)
	<-s.done
	if calls.Load() != before {
		t.Errorf("AfterStep ran %d times after stop", calls.Load()-before)
	}
}

// With Options.Frames the window waits for each frame's step, but keeps asking whether to
// stop waiting (its events are polled there: Esc, the close button).
func TestFrameCanBeAbandoned(t *testing.T) {
	s, solver, calls := slowSim(t, true)
	asked := 0
	done := s.frame(func() bool {
		asked++
		select {
		case <-solver.entered:
			return true // Esc pressed while the step runs
		default:
			return false
		}
	}, 1)
	if done || asked == 0 {
		t.Errorf("frame returned %v after asking %d times; want it abandoned", done, asked)
	}
	s.stop()
	close(solver.release)
	<-s.done
	if calls.Load() != 0 {
		t.Errorf("AfterStep ran %d times for an abandoned frame after stop", calls.Load())
	}
}

// A state that stops being finite halts the simulation: paused, with the scene's file and
// line on screen and in the log, no AfterStep for it, no further steps until reset.
func TestNonFiniteHalts(t *testing.T) {
	var log bytes.Buffer
	s := startTestSim(t, "testdata/drag.xml", true, &log)
	var traced []int
	query(s, func(s *sim) {
		s.afterStep = func(w *contact.World) error { traced = append(traced, w.Steps); return nil }
	})
	s.frame(never, 1)
	query(s, func(s *sim) { s.setup.World.Bodies[0].V = mgl64.Vec3{math.NaN(), 0, 0} })
	s.frame(never, 1)
	snap := s.shots.latest()
	const want = "testdata/drag.xml:6: body 0: position (NaN, 0.5, 0) not finite at step 2 (t = 0.0333333 s)"
	if snap.Halt == nil || snap.Halt.Error() != want || !snap.Paused || snap.Steps != 2 {
		t.Fatalf("halt %v, paused %v at step %d; want %q, paused at step 2", snap.Halt, snap.Paused, snap.Steps, want)
	}
	if !strings.Contains(log.String(), "stopped: "+want) {
		t.Errorf("log %q lacks the reason", log.String())
	}
	s.do(togglePause)
	s.do(stepOnce)
	s.frame(never, 1)
	if snap := s.shots.latest(); snap.Steps != 2 || snap.Halt == nil {
		t.Errorf("after space and n: step %d, halt %v; want it to stay at step 2", snap.Steps, snap.Halt)
	}
	if len(traced) != 1 || traced[0] != 1 {
		t.Errorf("AfterStep saw steps %v, want only the finite step 1", traced)
	}
	s.do(reset)
	s.do(togglePause)
	s.frame(never, 1)
	if snap := s.shots.latest(); snap.Halt != nil || snap.Steps != 1 {
		t.Errorf("after r and space: step %d, halt %v; want a fresh run at step 1", snap.Steps, snap.Halt)
	}
}

// A world stopped on a state that is not finite shows no NaN or Inf of its own: the energy in
// the statistics and the title, and the selected body's velocity in the inspector, are dashes.
func TestHaltShowsNoNaN(t *testing.T) {
	s := startTestSim(t, "testdata/drag.xml", true, &bytes.Buffer{})
	s.frame(never, 1)
	s.do(selectBody(0, s.shots.latest().Scene))
	query(s, func(s *sim) { s.setup.World.Bodies[0].V = mgl64.Vec3{math.NaN(), 0, 0} })
	s.frame(never, 1)
	snap := s.shots.latest()
	lines, title := statusText(snap, 60, 0.1)
	inspector := inspectorLines(0, snap.Info)
	all := strings.Join(append(append(lines, title), inspector...), "\n")
	if snap.Halt == nil || notFinite.MatchString(all) || !strings.Contains(all, "energy "+notShown+" J") ||
		!strings.Contains(all, "v "+notShown+" ") || !strings.Contains(title, "(stopped)") {
		t.Errorf("halted on %v, the HUD reads:\n%s\nwant it stopped, the energy and velocity shown as %s, and no NaN or Inf", snap.Halt, all, notShown)
	}
}

// The viewer prints the warnings tumble sim prints: a mesh wound inward, bodies overlapping.
func TestViewerWarns(t *testing.T) {
	dir := t.TempDir()
	inward := "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 2 3\nf 1 4 2\nf 1 3 4\nf 2 4 3\n"
	scene := `<scene><duration time="1"/><body mesh="cube"/><body mesh="cube" position="0.2 0 0"/></scene>`
	for name, text := range map[string]string{"inward.obj": inward, "pile.xml": scene} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, want := range map[string]string{
		"inward.obj": "warning: mesh " + filepath.Join(dir, "inward.obj") + " is wound inward; its triangles were reversed",
		"pile.xml":   "warning: " + filepath.Join(dir, "pile.xml") + ":1: body 1 overlaps body 0 (line 1) at the start",
	} {
		var log bytes.Buffer
		startTestSim(t, filepath.Join(dir, name), true, &log)
		if !strings.Contains(log.String(), want) {
			t.Errorf("%s: log %q, want %q", name, log.String(), want)
		}
	}
}

// The viewer warns as tumble sim does when a step exceeds a budget: 40 cubes at one point
// make 780 pairs in contact, more than the 520 contacts their budget allows, on every step;
// the log says so once, naming a pair of bodies with their lines.
func TestViewerWarnsOfBudget(t *testing.T) {
	path := filepath.Join(t.TempDir(), "heap.xml")
	text := "<scene><duration time=\"1\"/><plane/>\n" + strings.Repeat("<body mesh=\"cube\" position=\"0 0.5 0\"/>\n", 40) + "</scene>\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	s := startTestSim(t, path, true, &log)
	for range 3 {
		s.frame(never, 1)
	}
	want := regexp.MustCompile(`warning: ` + regexp.QuoteMeta(path) + `:\d+: body \d+ and body \d+ \(line \d+\): dropped at step 1 .* budget of 520 contacts between bodies`)
	if said := want.FindAllString(log.String(), -1); len(said) != 1 {
		t.Errorf("the contact budget is said %d times in the log, want once:\n%s", len(said), log.String())
	}
}
