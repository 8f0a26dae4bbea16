package viewer

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact"
)

// startTestSim runs the simulation goroutine on a scene; with frames it steps only when told.
func startTestSim(t *testing.T, scene string, frames bool, log *bytes.Buffer) *sim {
	t.Helper()
	setup, err := Open(scene)
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Open: Open, Log: log}
	if frames {
		opt.Frames = 1 << 30
	}
	s := startSim(setup, opt, 1, time.Now())
	t.Cleanup(s.stop)
	return s
}

// query runs f on the simulation goroutine, between steps, and waits for it.
func query(s *sim, f func(*sim)) {
	done := make(chan struct{})
	s.do(func(s *sim) { f(s); close(done) })
	<-done
}

// stepped returns a scene's world after n steps taken here, on the test's goroutine.
func stepped(t *testing.T, scene string, n int) *contact.World {
	t.Helper()
	setup, err := Open(scene)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		setup.World.Step()
	}
	return setup.World
}

// samePoses reports the first body whose pose in the snapshot differs from the world's.
func samePoses(t *testing.T, snap *Snapshot, w *contact.World) {
	t.Helper()
	if len(snap.P) != len(w.Bodies) {
		t.Fatalf("snapshot of %d bodies, world of %d", len(snap.P), len(w.Bodies))
	}
	for i, b := range w.Bodies {
		if snap.P[i] != b.P || snap.R[i] != b.R {
			t.Fatalf("step %d, body %d: snapshot pose %v %v, stepped here %v %v", snap.Steps, i, snap.P[i], snap.R[i], b.P, b.R)
		}
	}
}

// On its own goroutine, keeping to wall time or one step per frame, the simulation is the same
// bit for bit as stepping the world here, and each snapshot shows one whole step: the window
// never sees a half-stepped world.
func TestSimulationGoroutine(t *testing.T) {
	const scene = "testdata/shot.xml"
	var log bytes.Buffer
	s := startTestSim(t, scene, false, &log)
	seen := 0
	for seen < 20 { // the renderer's side: take snapshots as they come
		time.Sleep(time.Millisecond)
		snap := s.shots.latest()
		if snap.Steps > seen {
			seen = snap.Steps
			samePoses(t, snap, stepped(t, scene, snap.Steps))
			if math.Abs(snap.Time-float64(snap.Steps)/60) > 1e-9 {
				t.Errorf("snapshot at step %d has time %g s", snap.Steps, snap.Time)
			}
		}
	}

	f := startTestSim(t, scene, true, &log)
	var traced []int
	query(f, func(s *sim) {
		s.afterStep = func(w *contact.World) error { traced = append(traced, w.Steps); return nil }
	})
	for range 7 {
		f.frame(never, 1)
	}
	f.do(togglePause)
	f.frame(never, 1)
	f.frame(never, 1)
	snap := f.shots.latest()
	if snap.Steps != 7 || !snap.Paused || snap.TotalSteps != 7 {
		t.Errorf("7 frames, pause, 2 frames: step %d (paused %v, %d steps taken), want 7, paused", snap.Steps, snap.Paused, snap.TotalSteps)
	}
	samePoses(t, snap, stepped(t, scene, 7))
	query(f, func(*sim) {})
	if want := []int{1, 2, 3, 4, 5, 6, 7, 7, 7}; !slices.Equal(traced, want) {
		t.Errorf("AfterStep saw steps %v, want %v: once a frame, paused or not", traced, want)
	}
}

// Files dropped on the window (the GLFW drop callback hands their names to dropFiles) add
// their OBJ meshes as DropMesh places them, and ignore other files.
func TestDropFiles(t *testing.T) {
	const scene = "testdata/tetra.obj"
	var log bytes.Buffer
	s := startTestSim(t, scene, true, &log)
	s.do(dropOBJ("testdata/tetra.obj", Drop{}))
	s.do(dropOBJ("testdata/missing.obj", Drop{}))
	s.frame(never, 1)
	snap := s.shots.latest()
	want := stepped(t, scene, 0)
	m := want.Bodies[0].Mesh
	if _, err := DropMesh(want, m, Drop{}); err != nil {
		t.Fatal(err)
	}
	want.Step()
	samePoses(t, snap, want)
	query(s, func(*sim) {})
	if out := log.String(); !strings.Contains(out, "dropped testdata/tetra.obj") || !strings.Contains(out, "drop: ") || strings.Contains(out, "drag.xml") {
		t.Errorf("log %q: want the tetrahedron dropped, the missing file's error, the scene file ignored", out)
	}
}

// A body asleep on the floor wakes when picked, and the picking spring lifts it: picked at the
// middle of its top face and pulled 1 m up, it hangs below the target by the spring's stretch
// under its weight, g/ω², once the critically damped spring has settled.
func TestPickedSleepingBodyWakes(t *testing.T) {
	var log bytes.Buffer
	s := startTestSim(t, "testdata/shot.xml", true, &log)
	asleep := false
	for range 120 {
		s.frame(never, 1)
		if query(s, func(s *sim) { asleep = sleeping(s.setup.World, 0) }); asleep {
			break
		}
	}
	if !asleep {
		t.Fatal("the box on the floor did not fall asleep in 2 s")
	}
	snap := s.shots.latest()
	top := mgl64.Vec3{0, 0.5, 0}
	hit := snap.R[0].Mul3x1(top).Add(snap.P[0])
	g := NewGrab(0, hit, snap.R[0].Transpose().Mul3x1(top), mgl64.Vec3{0, 0, -1})
	g.Target = hit.Add(mgl64.Vec3{0, 1, 0})
	s.do(hold(&g, snap.Scene))
	s.frame(never, 1)
	var woke bool
	query(s, func(s *sim) { woke = !sleeping(s.setup.World, 0) })
	for range 119 {
		s.frame(never, 1)
	}
	snap = s.shots.latest()
	point := snap.R[0].Mul3x1(top).Add(snap.P[0])
	want := g.Target[1] - 9.81/(grabOmega*grabOmega)
	if !woke || math.Abs(point[1]-want) > 0.01 || point.Sub(g.Target).Len() > 0.1 {
		t.Errorf("picked point at %v after 2 s of pulling (awake after one step: %v), want it awake and at height %.3f m below the target %v", point, woke, want, g.Target)
	}
	t.Logf("picked point %.4f m high, want %.4f m", point[1], want)
	s.do(hold(nil, snap.Scene))
	query(s, func(*sim) {})
	if !strings.Contains(log.String(), "release body 0 at step") {
		t.Errorf("log %q lacks the release", log.String())
	}
}

// never is a frame's abandon function that never abandons.
func never() bool { return false }
