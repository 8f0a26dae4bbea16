package viewer

import (
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/inertia"
)

// sim runs the simulation on its own goroutine, so a step slower than a frame (pile1000's
// tens of milliseconds) slows the simulation, not the window. The goroutine owns the world:
// the window reads it only through the snapshots it publishes, and changes it only through
// commands, functions the goroutine runs between steps.
type sim struct {
	cmds  chan func(*sim)
	shots *tripleBuffer
	done  chan struct{}
	// turn is held by each step and by the window while it draws: the two take turns at
	// the cores, so a step runs as fast as it does headless instead of sharing them with the
	// GL driver's threads (llvmpipe draws on every core).
	turn sync.Mutex
	// quit is set by stop: the goroutine takes no step and calls no AfterStep after it.
	// observing is held while AfterStep runs, so that stop can wait for that (short) call,
	// never for a step (which may take seconds).
	quit      atomic.Bool
	observing sync.Mutex

	// Owned by the simulation goroutine.
	setup        *Setup
	scene        int
	clock        Clock
	frames       bool       // one step per frame (Options.Frames): no pace to keep
	timeScale    float64    // simulated seconds per wall second asked for
	baseGravity  mgl64.Vec3 // the scene's gravity, m/s²
	gravityScale float64    // the world's gravity over the scene's
	paused       bool
	once         bool  // take one step although paused (the n key)
	grab         *Grab // the held body, pulled toward its target every step
	showContacts bool
	selected     int               // the inspected body, −1 for none
	info         bodyInfo          // what does not change of the selected body
	manifolds    []contact.Contact // liveInfo's scratch
	lastDrop     int               // the body dropped last, −1 for none
	workers      int               // World.Workers, the count tumble sim steps with
	totalSteps   int
	stepTime     time.Duration
	rate         rateMeter
	started      time.Time // wall clock at the start, for the log's stamps
	note         string    // the last line for the screen, numbered by notes
	notes        int
	err          error
	halt         error // a state that is not finite: the world stays paused until reset
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

// startSim starts the simulation goroutine on setup, its steps shared among workers
// goroutines, its log stamped with the wall time since started. With Options.Frames it
// steps only when frame says so, once per frame; otherwise it keeps to wall time with a Clock.
func startSim(setup *Setup, opt Options, workers int, started time.Time) *sim {
	s := &sim{cmds: make(chan func(*sim), commandQueue), shots: newTripleBuffer(), done: make(chan struct{}),
		open: opt.Open, afterStep: opt.AfterStep, log: opt.Log, timeScale: 1, started: started,
		workers: workers, frames: opt.Frames > 0}
	s.show(setup)
	s.publish()
	go s.run()
	return s
}

// do sends a command to the simulation goroutine.
func (s *sim) do(cmd func(*sim)) { s.cmds <- cmd }

// stop ends the simulation: once it returns, no AfterStep runs (it waits for one under way)
// and no step starts. It does not wait for a step under way, which may take seconds (the
// first of a huge mesh): the goroutine ends when that step does, and the window closes now.
func (s *sim) stop() {
	s.observing.Lock()
	s.quit.Store(true)
	s.observing.Unlock()
	close(s.cmds)
}

// frame takes this frame's steps (none while paused, but n still steps once), calling
// AfterStep after each (once when none is taken), publishes the world, and returns when done:
// runs with Options.Frames are reproducible. While it waits it calls abandon every few
// milliseconds (the window polls its events there) and returns false as soon as that says
// to stop waiting.
func (s *sim) frame(abandon func() bool, steps int) bool {
	reply := make(chan struct{})
	s.do(func(s *sim) {
		for k := range steps {
			if s.paused && !s.once {
				if k == 0 {
					s.observe()
				}
				break
			}
			s.step()
			s.once = false
			s.observe()
		}
		s.publish()
		close(reply)
	})
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-reply:
			return true
		case <-tick.C:
			if abandon() {
				return false
			}
		}
	}
}

func (s *sim) run() {
	defer close(s.done)
	runtime.LockOSThread()
	if s.frames {
		for cmd := range s.cmds {
			cmd(s)
		}
		return
	}
	last := time.Now()
	wait := time.NewTimer(time.Hour)
	for {
		now := time.Now()
		s.clock.Tick(now.Sub(last).Seconds() * s.timeScale)
		last = now
		if s.quit.Load() {
			return
		}
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
		wait.Reset(time.Duration(float64(s.clock.Wait()) / s.timeScale))
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

// step advances the world one time step, the held body pulled by the picking spring, and
// checks that its state is still finite: if not, the world stays paused, with the reason on
// screen (Snapshot.Halt) and in the log, until it is reset or another scene opens.
func (s *sim) step() {
	if s.halt != nil || s.quit.Load() {
		return
	}
	w := s.setup.World
	if g := s.grab; g != nil {
		wake(w, g.Body) // a held body is not at rest, however still
		b := bodies(w)[g.Body]
		f, t := g.Pull(b.Mass, b.R, b.P, b.V, b.Omega)
		b.Force = b.Force.Add(f)
		b.Torque = b.Torque.Add(t)
	}
	s.turn.Lock()
	start := time.Now()
	err := s.setup.step()
	s.stepTime += time.Since(start)
	s.turn.Unlock()
	s.totalSteps++
	for _, o := range s.setup.overflows() {
		s.tell("warning: %s", o)
	}
	if err != nil {
		s.halt, s.paused = err, true
		s.logf("stopped: %v", err)
	}
}

// observe calls Options.AfterStep; its error stops the run. It calls nothing once stop has
// been called, nor with a state that is not finite.
func (s *sim) observe() {
	s.observing.Lock()
	defer s.observing.Unlock()
	if s.afterStep != nil && s.err == nil && s.halt == nil && !s.quit.Load() {
		s.err = s.afterStep(s.setup.World)
	}
}

// publish hands the world's state to the window.
func (s *sim) publish() {
	w := s.setup.World
	snap := s.shots.writing()
	snap.fill(w, s.showContacts, s.selected)
	snap.Scene, snap.Name, snap.Source, snap.Paused = s.scene, s.setup.Name, s.setup.Source, s.paused
	snap.TimeScale, snap.Rate = s.timeScale, s.rate.update(w.Time, s.timeScale, s.paused || s.frames)
	snap.BaseGravity, snap.GravityScale = s.baseGravity, s.gravityScale
	snap.Selected = s.selected
	snap.Material = bodyMaterial(w, max(s.selected, 0))
	if s.selected >= 0 {
		snap.Info = s.liveInfo()
	}
	snap.Note, snap.Notes = s.note, s.notes
	snap.TotalSteps, snap.StepTime, snap.Err, snap.Halt = s.totalSteps, s.stepTime, s.err, s.halt
	s.shots.publish()
}

// show makes setup the simulated world.
func (s *sim) show(setup *Setup) {
	s.setup, s.grab, s.selected, s.lastDrop, s.halt = setup, nil, -1, -1, nil
	setWorkers(setup.World, s.workers)
	s.scene++
	s.clock = Clock{Dt: readParams(setup.World).Dt, MaxLag: maxLag}
	s.baseGravity, s.gravityScale = gravity(setup.World), 1
	s.rate = rateMeter{}
	s.logf("opened %s: %s", setup.Name, bodyCount(len(bodies(setup.World))))
	for _, w := range setup.Warnings {
		s.tell("warning: %s", w)
	}
}

// logf writes a line to the log stamped with the wall and simulated time.
func (s *sim) logf(format string, args ...any) {
	logAt(s.log, s.started, s.setup.World.Time, format, args...)
}

// logAt writes a line to log stamped with the wall time since started and the simulated
// time t (s): what a test reads to tell what the window did when.
func logAt(log io.Writer, started time.Time, t float64, format string, args ...any) {
	fmt.Fprintf(log, "[wall %.3f s, t %.4f s] %s\n", time.Since(started).Seconds(), t, fmt.Sprintf(format, args...))
}

// tell logs a line and puts it on screen.
func (s *sim) tell(format string, args ...any) {
	s.note, s.notes = fmt.Sprintf(format, args...), s.notes+1
	s.logf("%s", s.note)
}

// rateMeter measures simulated seconds per wall second over half-second windows.
type rateMeter struct {
	since      time.Time
	simulated  float64 // simulated time at since
	rate, last float64
}

// update counts the simulated time t reached now and returns the rate of the last whole
// window, divided by the time scale (0 when off: paused, or one step per frame).
func (r *rateMeter) update(t, scale float64, off bool) float64 {
	now := time.Now()
	if off || r.since.IsZero() || t < r.simulated {
		r.since, r.simulated, r.rate = now, t, 0
		return 0
	}
	if wall := now.Sub(r.since).Seconds(); wall >= 0.5 {
		r.rate = (t - r.simulated) / wall / scale
		r.since, r.simulated = now, t
	}
	return r.rate
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
			s.tell("open %s: %v", name, err)
			s.publish()
			return
		}
		s.show(setup)
		s.publish()
	}
}

// reset opens the current scene again, from its file: edits to it show.
func reset(s *sim) { openScene(s.setup.Source)(s) }

// setParams returns the command that changes the world's settings by f, logged as what.
func setParams(what string, f func(*params)) func(*sim) {
	return func(s *sim) {
		w := s.setup.World
		p := readParams(w)
		f(&p)
		p.Iterations = max(p.Iterations, 1)
		p.apply(w)
		s.clock.Dt = p.Dt
		for i := range bodies(w) { // a body asleep would not feel the new gravity or step
			wake(w, i)
		}
		s.logf("set %s", what)
		s.publish()
	}
}

// setGravityScale returns the command that sets the world's gravity to k times the scene's.
func setGravityScale(k float64) func(*sim) {
	return func(s *sim) {
		s.gravityScale = k
		g := s.baseGravity.Mul(k)
		setParams(fmt.Sprintf("gravity %gx: %.4g %.4g %.4g m/s2", k, g[0], g[1], g[2]), func(p *params) { p.Gravity = g })(s)
	}
}

// setMaterial returns the command that changes by f the friction and restitution of the
// selected body, or of every body when none is.
func setMaterial(what string, f func(*contact.Material)) func(*sim) {
	return func(s *sim) {
		w := s.setup.World
		for i := range bodies(w) {
			if s.selected < 0 || i == s.selected {
				m := bodyMaterial(w, i)
				f(&m)
				if err := setBodyMaterial(w, i, m); err != nil {
					s.logf("%v", err)
					return
				}
			}
		}
		who := "all bodies"
		if s.selected >= 0 {
			who = fmt.Sprintf("body %d", s.selected)
		}
		s.logf("set %s of %s", what, who)
		s.publish()
	}
}

// setTimeScale returns the command that makes the simulation run x simulated seconds per
// wall second.
func setTimeScale(x float64) func(*sim) {
	return func(s *sim) {
		s.timeScale = x
		s.rate = rateMeter{}
		s.logf("set time scale %gx", x)
		s.publish()
	}
}

// stepTimeScale returns the command that moves the time scale d stops along timeScales.
func stepTimeScale(d int) func(*sim) {
	return func(s *sim) {
		i := min(max(nearest(timeScales, s.timeScale)+d, 0), len(timeScales)-1)
		setTimeScale(timeScales[i])(s)
	}
}

// toggleGravity turns gravity off, or back to the scene's.
func toggleGravity(s *sim) {
	k := 0.0
	if s.gravityScale == 0 {
		k = 1
	}
	setGravityScale(k)(s)
}

// toggleContacts starts or stops publishing the contact points.
func toggleContacts(s *sim) { s.showContacts = !s.showContacts; s.publish() }

// selectBody returns the command that makes body i the inspected one (−1: none), logging
// what the inspector shows. scene is the scene the window picked in.
func selectBody(i, scene int) func(*sim) {
	return func(s *sim) {
		if scene != s.scene || i >= len(bodies(s.setup.World)) {
			return
		}
		s.selected = i
		if i >= 0 {
			s.info = inspect(s.setup, i)
			s.logf("select body %d: %s", i, strings.Join(inspectorLines(i, s.liveInfo()), "; "))
		}
		s.publish()
	}
}

// hold returns the command that makes g the held body (nil: let go). scene is the scene the
// window picked in: a grab made in a world since replaced is dropped.
func hold(g *Grab, scene int) func(*sim) {
	return func(s *sim) {
		if scene != s.scene {
			return
		}
		if g == nil && s.grab != nil {
			b := bodies(s.setup.World)[s.grab.Body]
			fmt.Fprintf(s.log, "release body %d at step %d, velocity %.3f m/s\n", s.grab.Body, s.setup.World.Steps, b.V.Len())
		}
		s.grab = g
	}
}

// dropOBJ returns the command that loads an OBJ file and drops it into the scene as d says.
func dropOBJ(path string, d Drop) func(*sim) {
	return func(s *sim) {
		m, err := inertia.LoadOBJ(path)
		if err == nil {
			_, err = DropMesh(s.setup.World, m, d)
		}
		if err != nil {
			s.tell("drop: %v", err)
			s.publish()
			return
		}
		for _, w := range m.Warnings {
			s.tell("warning: %s", w)
		}
		s.lastDrop = len(bodies(s.setup.World)) - 1
		s.logf("dropped %s", path)
		s.publish()
	}
}

// rescaleDrop returns the command that scales the body dropped last by factor about its
// centre of mass, lifting it so that it reaches no lower than before.
func rescaleDrop(factor float64) func(*sim) {
	return func(s *sim) {
		i := s.lastDrop
		if i < 0 {
			s.tell("scale: nothing dropped yet (drop an OBJ file on the window)")
			s.publish()
			return
		}
		w, err := rescaled(s.setup.World, i, factor)
		if err != nil {
			s.tell("scale: %v", err)
			s.publish()
			return
		}
		s.setup.World = w
		setWorkers(w, s.workers)
		if s.selected == i {
			s.info = inspect(s.setup, i)
		}
		s.tell("scaled body %d by %g", i, factor)
		s.publish()
	}
}

// lowest returns the lowest height, world metres, of mesh vertices v turned by R.
func lowest(v []mgl64.Vec3, R mgl64.Mat3) float64 {
	low := 0.0
	for k, p := range v {
		if y := R.Mul3x1(p)[1]; k == 0 || y < low {
			low = y
		}
	}
	return low
}
