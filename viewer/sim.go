package viewer

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"tumble/contact"
	"tumble/inertia"
)

// sim runs the simulation on its own goroutine, so a step slower than a frame (pile1000's
// tens of milliseconds) slows the simulation, not the window. The goroutine owns the world:
// the window reads it only through the snapshots it publishes, and changes it only through
// commands, functions the goroutine runs between steps.
type sim struct {
	cmds  chan func(*sim)
	shots *tripleBuffer
	done  chan struct{}

	// Owned by the simulation goroutine.
	setup        *Setup
	scene        int
	clock        Clock
	paused       bool
	once         bool  // take one step although paused (the n key)
	grab         *Grab // the held body, pulled toward its target every step
	showContacts bool
	totalSteps   int
	stepTime     time.Duration
	err          error
	open         func(name string) (*Setup, error)
	afterStep    func(w *contact.World) error
	log          io.Writer
}

// commandQueue is how many commands may wait for a step to end: a slow step must not block
// the window, which sends at most a few commands a frame.
const commandQueue = 256

// maxLag is the most wall time the simulation may owe: a slower simulation runs slower than
// real time rather than catching up in bursts that leave the picking spring behind.
const maxLag = 0.1 // s

// startSim starts the simulation goroutine on setup. With frames it steps only when frame
// says so, once per frame; otherwise it keeps to wall time with a Clock.
func startSim(setup *Setup, opt Options) *sim {
	s := &sim{cmds: make(chan func(*sim), commandQueue), shots: newTripleBuffer(), done: make(chan struct{}),
		open: opt.Open, afterStep: opt.AfterStep, log: opt.Log}
	s.show(setup)
	s.publish()
	go s.run(opt.Frames > 0)
	return s
}

// do sends a command to the simulation goroutine.
func (s *sim) do(cmd func(*sim)) { s.cmds <- cmd }

// stop ends the simulation goroutine and waits for it.
func (s *sim) stop() {
	close(s.cmds)
	<-s.done
}

// frame takes this frame's step (none while paused, but n still steps once), publishes the
// world and calls AfterStep, and returns when done: runs with Options.Frames are reproducible.
func (s *sim) frame() {
	reply := make(chan struct{})
	s.do(func(s *sim) {
		if !s.paused || s.once {
			s.step()
			s.once = false
		}
		s.observe()
		s.publish()
		close(reply)
	})
	<-reply
}

func (s *sim) run(frames bool) {
	defer close(s.done)
	// Its own thread at a lower priority: on a machine short of cores the window's thread
	// wins, and the simulation takes what is left.
	runtime.LockOSThread()
	lowerThreadPriority()
	if frames {
		for cmd := range s.cmds {
			cmd(s)
		}
		return
	}
	last := time.Now()
	wait := time.NewTimer(time.Hour)
	for {
		now := time.Now()
		s.clock.Tick(now.Sub(last).Seconds())
		last = now
		if s.once || !s.paused && s.clock.Due() {
			s.once = false
			s.step()
			s.observe()
			s.publish()
			if !s.drain() {
				return
			}
			continue
		}
		paused := s.paused
		wait.Reset(s.clock.Wait())
		if paused {
			wait.Stop()
		}
		select {
		case cmd, ok := <-s.cmds:
			if !ok {
				return
			}
			cmd(s)
			if !s.drain() {
				return
			}
			if paused { // time paused is not owed
				last = time.Now()
			}
		case <-wait.C:
		}
	}
}

// drain runs the commands waiting, and reports false once the channel is closed.
func (s *sim) drain() bool {
	for {
		select {
		case cmd, ok := <-s.cmds:
			if !ok {
				return false
			}
			cmd(s)
		default:
			return true
		}
	}
}

// step advances the world one time step, the held body pulled by the picking spring.
func (s *sim) step() {
	start := time.Now()
	w := s.setup.World
	if g := s.grab; g != nil {
		w.Wake(g.Body) // a held body is not at rest, however still
		b := w.Bodies[g.Body]
		f, t := g.Pull(b.Mass, b.R, b.P, b.V, b.Omega)
		b.Force = b.Force.Add(f)
		b.Torque = b.Torque.Add(t)
	}
	w.Step()
	s.stepTime += time.Since(start)
	s.totalSteps++
}

// observe calls Options.AfterStep; its error stops the run.
func (s *sim) observe() {
	if s.afterStep != nil && s.err == nil {
		s.err = s.afterStep(s.setup.World)
	}
}

// publish hands the world's state to the window.
func (s *sim) publish() {
	snap := s.shots.writing()
	snap.fill(s.setup.World, s.showContacts)
	snap.Scene, snap.Name, snap.Paused = s.scene, s.setup.Name, s.paused
	snap.TotalSteps, snap.StepTime, snap.Err = s.totalSteps, s.stepTime, s.err
	s.shots.publish()
}

// show makes setup the simulated world.
func (s *sim) show(setup *Setup) {
	s.setup, s.grab = setup, nil
	// The whole step stays on the simulation's low-priority thread: narrow-phase workers
	// would run at normal priority, beside the window's and the GL driver's threads.
	setup.World.Workers = 1
	s.scene++
	s.clock = Clock{Dt: setup.World.Dt, MaxLag: maxLag}
}

// The commands the window sends, run on the simulation goroutine. Each publishes what it
// changed, so that the window shows it even while paused.

// togglePause pauses or resumes.
func togglePause(s *sim) { s.paused = !s.paused; s.publish() }

// stepOnce pauses and has one step taken: at once, or with Options.Frames at the next frame.
func stepOnce(s *sim) { s.paused, s.once = true, true }

// openScene returns the command that replaces the world with the named scene, keeping the
// old one if the new one fails to load.
func openScene(name string) func(*sim) {
	return func(s *sim) {
		setup, err := s.open(name)
		if err != nil {
			fmt.Fprintf(s.log, "open %s: %v\n", name, err)
			return
		}
		s.show(setup)
		s.publish()
	}
}

// reset opens the current scene again.
func reset(s *sim) { openScene(s.setup.Source)(s) }

// addIterations returns the command that changes the solver's sweeps per step by d, keeping
// at least one.
func addIterations(d int) func(*sim) {
	return func(s *sim) {
		w := s.setup.World
		w.Iterations = max(w.Iterations+d, 1)
		s.publish()
	}
}

// toggleContacts starts or stops publishing the contact points.
func toggleContacts(s *sim) { s.showContacts = !s.showContacts; s.publish() }

// hold returns the command that makes g the held body (nil: let go). scene is the scene the
// window picked in: a grab made in a world since replaced is dropped.
func hold(g *Grab, scene int) func(*sim) {
	return func(s *sim) {
		if scene != s.scene {
			return
		}
		if g == nil && s.grab != nil {
			b := s.setup.World.Bodies[s.grab.Body]
			fmt.Fprintf(s.log, "release body %d at step %d, velocity %.3f m/s\n", s.grab.Body, s.setup.World.Steps, b.V.Len())
		}
		s.grab = g
	}
}

// dropFiles sends the command that drops each OBJ file of names into the scene (a window
// drop may carry other files too, which are ignored).
func (s *sim) dropFiles(names []string) {
	for _, n := range names {
		if strings.HasSuffix(strings.ToLower(n), ".obj") {
			s.do(dropOBJ(n))
		}
	}
}

// dropOBJ returns the command that loads an OBJ file and drops it into the scene.
func dropOBJ(path string) func(*sim) {
	return func(s *sim) {
		m, err := inertia.LoadOBJ(path)
		if err == nil {
			_, err = DropMesh(s.setup.World, m)
		}
		if err != nil {
			fmt.Fprintf(s.log, "drop: %v\n", err)
			return
		}
		fmt.Fprintf(s.log, "dropped %s\n", path)
		s.publish()
	}
}
