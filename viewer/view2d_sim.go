package viewer

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"time"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	contact "github.com/tumble-physics/tumble/contact/planar"
)

// sim2D is a FOSSSim scene running in the window: its system, built and stepped by the code
// tumble 2d run uses (fosssim.Scene.System with contact/planar's Responses, then
// planar.System.Step), the mouse's pull, and the pause. It lives on the window's thread: a
// step of a course scene takes microseconds (1.4 ms for the largest), so the window steps
// between frames and draws the system itself, with no snapshots handed between threads.
type sim2D struct {
	path      string // what the scene was read from: a file, or a built-in scene's name
	scene     *fosssim.Scene
	sys       *planar.System
	response  *contact.Response // nil for a scene without collision handling
	pull      *pull2D           // the held body, nil when none
	perturbed bool              // a pull acted on this run: it is no longer the scene's own
	paused    bool
	once      bool // take one step although paused (the n key)
	// runOn lets the run go past the scene's <duration>, where it otherwise pauses (atEnd):
	// space there, or exactSteps, Options.Frames asking for exactly that many steps.
	runOn, atEnd, exactSteps bool
	err                      error // the failed step: the run stays paused on it until reset
	clock                    Clock
	stepTime                 time.Duration // wall time spent stepping
	steps                    int           // steps taken over every run, for the closing statistics
	load                     func(path string) (*fosssim.Scene, error)
	afterStep                func(*planar.System) error
	log                      io.Writer
	started                  time.Time // when the run began, for the log's stamps
	warned                   map[string]bool
}

// newSim2D starts the run of scene, read from path by opt.Open2D, which r (reset) reads it
// with again; Options.AfterStep2D sees the initial state.
func newSim2D(path string, scene *fosssim.Scene, opt *Options, started time.Time) (*sim2D, error) {
	s := &sim2D{load: opt.Open2D, afterStep: opt.AfterStep2D, log: opt.Log, started: started, warned: map[string]bool{},
		exactSteps: opt.Frames > 0 && opt.Movie == ""}
	if err := s.open(path, scene); err != nil {
		return nil, err
	}
	return s, s.observe()
}

// open makes scene, read from path, the run: its initial state, at step 0, unpulled, still
// paused if it was, but running if it had paused at its end. A scene whose system cannot be
// built is an error, and the run stays.
func (s *sim2D) open(path string, scene *fosssim.Scene) error {
	sys, err := scene.System(contact.Responses(scene.Name, s.warn))
	if err != nil {
		return err
	}
	s.path, s.scene, s.sys, s.pull, s.perturbed, s.err = path, scene, sys, nil, false, nil
	s.response, _ = sys.Response.(*contact.Response)
	s.clock = Clock{Dt: sys.Dt, MaxLag: maxLag}
	s.paused = s.paused && !s.atEnd
	s.runOn, s.atEnd = s.exactSteps, false
	logAt(s.log, s.started, 0, "opened %s: %s", filepath.Base(path), bodyCount(len(sys.Bodies)))
	return nil
}

// warn logs each of the contact response's warnings once.
func (s *sim2D) warn(msg string) {
	if !s.warned[msg] {
		s.warned[msg] = true
		fmt.Fprintf(s.log, "warning: %s\n", msg)
	}
}

// observe calls afterStep on the current state, unless the run has stopped on a failed step.
func (s *sim2D) observe() error {
	if s.afterStep == nil || s.err != nil {
		return nil
	}
	return s.afterStep(s.sys)
}

// step advances the system one time step. A failed step (a solver that failed, a state no
// longer finite) stops the run: it stays paused on its error, told as tumble 2d run tells it
// (the body's line for a state that is not finite), logged and shown, until reset.
func (s *sim2D) step() {
	if s.err != nil {
		return
	}
	start := time.Now()
	err := s.sys.Step()
	s.stepTime += time.Since(start)
	s.steps++
	if err != nil {
		s.err, s.paused = s.scene.StepError(err, s.sys.Steps), true
		fmt.Fprintf(s.log, "stopped: %v\n", s.err)
	}
}

// frame takes a frame's steps and returns afterStep's error, which ends the run. Given
// steps (Options.Frames: one, or a recording's worth) it takes that many, none while paused
// but for n, and calls afterStep after each, or once if it took none; with none given it
// takes the steps the wall time owes, elapsed seconds since the last frame, and calls
// afterStep after each. The run pauses at the end of the scene's duration (ended) unless told
// to run on.
func (s *sim2D) frame(elapsed float64, steps int) error {
	if steps > 0 {
		for k := range steps {
			if !s.once && (s.paused || s.stopAtEnd()) {
				if k > 0 {
					return nil
				}
				break
			}
			s.once = false
			s.step()
			if err := s.observe(); err != nil || k == steps-1 {
				return err
			}
		}
		return s.observe()
	}
	if !s.paused { // time paused is not owed
		s.clock.Tick(elapsed)
	}
	for s.once || !s.paused && !s.stopAtEnd() && s.clock.Due() {
		s.once = false
		s.step()
		if err := s.observe(); err != nil {
			return err
		}
	}
	return nil
}

// ended reports whether the run has reached the end of the scene's <duration>, the
// ⌈duration/dt⌉ steps tumble 2d run takes.
func (s *sim2D) ended() bool { return s.sys.Steps >= s.scene.Steps() }

// stopAtEnd pauses the run when it reaches the end of the scene (the first time, unless it
// runs on), and reports whether it did: past the scene's duration FOSSSim's model goes on,
// but the scene's own run is over (resting bodies sink, since its responses correct
// velocities only).
func (s *sim2D) stopAtEnd() bool {
	if s.runOn || !s.ended() {
		return false
	}
	if !s.atEnd {
		logAt(s.log, s.started, s.sys.Time(), "end of %s at t = %g s, its duration: paused (space runs on, r restarts)",
			filepath.Base(s.path), s.sys.Time())
	}
	s.paused, s.atEnd = true, true
	return true
}

// resume toggles the pause (space); at the end of the scene it runs on past it.
func (s *sim2D) resume() {
	s.paused = !s.paused
	if !s.paused && s.ended() {
		s.runOn = true
	}
}

// reset reads the scene again (so that an edit to its file shows) and restarts its own run
// at step 0, still paused if it was; a file that no longer reads is logged, and its last good
// scene restarts instead.
func (s *sim2D) reset() error {
	scene, err := s.load(s.path)
	if err != nil {
		fmt.Fprintf(s.log, "reset: %v; restarting the scene as it was\n", err)
		scene = s.scene
	}
	if err := s.open(s.path, scene); err != nil {
		return err
	}
	return s.observe()
}

// hold makes p the held body, nil to let go: the pull is one of the system's forces only
// while held, after the scene's own; holding makes the run no longer the scene's own.
func (s *sim2D) hold(p *pull2D) {
	s.pull = p
	s.sys.Forces = slices.Clip(s.scene.Forces) // appending never writes into the scene's
	if p != nil {
		s.sys.Forces = append(s.sys.Forces, p)
		s.perturbed = true
	}
}
