package viewer

import (
	"sync"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/inertia"
)

// Snapshot is what the renderer needs of the world at one instant: the simulation goroutine
// fills one after each step, and the renderer draws from it while the next steps run.
type Snapshot struct {
	Scene  int    // counts the scenes opened: a new value means a new world
	Name   string // the scene's name
	Source string // what the scene was opened from (Options.Open's argument)
	Planes []contact.Plane
	// Per body, in the world's order: its mesh (shared with the world, never changed), whether
	// it is fixed, and its pose (world = R·v + P, m).
	Meshes []*inertia.Mesh
	Fixed  []bool
	R      []mgl64.Mat3
	P      []mgl64.Vec3
	// Marks are the contact points of the last step: all of them while c shows them, else
	// those of the selected body.
	Marks []contactMark
	// manifolds is fill's scratch, kept so that a frame allocates nothing.
	manifolds []contact.Contact

	Time     float64 // simulated time, s
	Steps    int     // steps of this world
	Contacts int     // contact points of the last step
	Energy   float64 // kinetic plus gravitational potential energy, J
	Paused   bool
	Params   params // the world's settings
	// BaseGravity is the scene's gravity (m/s²) and GravityScale the world's over it.
	BaseGravity  mgl64.Vec3
	GravityScale float64
	TimeScale    float64 // simulated seconds per wall second asked for
	// Rate is simulated seconds per wall second over the last half second, divided by the
	// time scale: 1 when the simulation keeps up, less when its steps take longer than
	// their share of wall time (0 while paused or before it is known).
	Rate float64
	// Selected is the inspected body (−1: none), Info what the inspector shows of it, and
	// Material the friction, restitution and rolling resistance the panel shows: the
	// selected body's, or the first body's when the panel sets all bodies'.
	Selected int
	Info     bodyInfo
	Material contact.Material
	// Note is the simulation's last line for the screen (a scene that failed to open, a
	// warning), and Notes counts them: a new count means a new note.
	Note  string
	Notes int
	// TotalSteps and StepTime count every step the goroutine took, over all scenes, and the
	// wall time spent in them.
	TotalSteps int
	StepTime   time.Duration
	Err        error // an error that ends the run (Options.AfterStep's)
	// Halt is why the simulation stopped and stays paused (a state that is not finite),
	// shown on screen; nil while it runs.
	Halt error
}

// bodyInfo is what the inspector shows of a body.
type bodyInfo struct {
	Name, Mesh string
	Mass       float64    // kg
	Moments    mgl64.Vec3 // principal moments of inertia, ascending, kg m²
	V, Omega   mgl64.Vec3 // velocity (m/s) and angular velocity (rad/s), world
	Contacts   int        // contact points touching it
	Sleeping   bool
	Fixed      bool
}

// contactMark is one contact point as drawn: where it is, the contact normal (from body A to
// B) and whether it pushed in the last step.
type contactMark struct {
	At, Normal mgl64.Vec3
	Pushed     bool
}

// fill copies the world's state into s, reusing its slices: the contact marks of every
// manifold with all, else of those of body sel (−1: none).
func (s *Snapshot) fill(w *contact.World, all bool, sel int) {
	s.Planes = append(s.Planes[:0], w.Planes...)
	s.Meshes, s.Fixed, s.R, s.P = s.Meshes[:0], s.Fixed[:0], s.R[:0], s.P[:0]
	for _, b := range bodies(w) {
		s.Meshes = append(s.Meshes, b.Mesh)
		s.Fixed = append(s.Fixed, b.Fixed)
		s.R = append(s.R, b.R)
		s.P = append(s.P, b.P)
	}
	s.Marks = s.Marks[:0]
	if all || sel >= 0 {
		s.manifolds = w.Manifolds(s.manifolds[:0])
		id := w.ID(sel)
		for _, m := range s.manifolds {
			if !all && m.A != id && m.B != id {
				continue
			}
			b := w.Body(m.A)
			for _, p := range m.Points[:m.N] {
				s.Marks = append(s.Marks, contactMark{At: b.R.Mul3x1(p.LocalA).Add(b.P), Normal: m.Normal, Pushed: p.NormalImpulse > 0})
			}
		}
	}
	s.Time, s.Steps, s.Contacts, s.Params = w.Time, w.Steps, w.Stats.Contacts, readParams(w)
	s.Energy = energy(w)
}

// tripleBuffer hands snapshots from one writer to one reader without either waiting for the
// other: the writer fills its back slot and swaps it with the middle one; the reader swaps
// its front slot with the middle one when that holds a newer snapshot. The lock guards only
// the swaps, never the filling or the drawing.
type tripleBuffer struct {
	mu                  sync.Mutex
	slots               [3]Snapshot
	back, middle, front int
	fresh               bool // the middle slot holds a snapshot the reader has not taken
}

func newTripleBuffer() *tripleBuffer { return &tripleBuffer{back: 0, middle: 1, front: 2} }

// writing returns the writer's slot to fill.
func (t *tripleBuffer) writing() *Snapshot { return &t.slots[t.back] }

// publish hands the filled slot to the reader.
func (t *tripleBuffer) publish() {
	t.mu.Lock()
	t.back, t.middle = t.middle, t.back
	t.fresh = true
	t.mu.Unlock()
}

// latest returns the newest published snapshot; it stays the reader's, unchanged, until the
// next call.
func (t *tripleBuffer) latest() *Snapshot {
	t.mu.Lock()
	if t.fresh {
		t.front, t.middle = t.middle, t.front
		t.fresh = false
	}
	t.mu.Unlock()
	return &t.slots[t.front]
}
