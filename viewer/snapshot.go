package viewer

import (
	"sync"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"tumble/contact"
	"tumble/inertia"
)

// Snapshot is what the renderer needs of the world at one instant: the simulation goroutine
// fills one after each step, and the renderer draws from it while the next steps run.
type Snapshot struct {
	Scene  int    // counts the scenes opened: a new value means a new world
	Name   string // the scene's name
	Planes []contact.Plane
	// Per body, in the world's order: its mesh (shared with the world, never changed), whether
	// it is fixed, and its pose (world = R·v + P, m).
	Meshes []*inertia.Mesh
	Fixed  []bool
	R      []mgl64.Mat3
	P      []mgl64.Vec3
	// Marks are the contact points of the last step, filled only while they are shown.
	Marks []contactMark

	Time       float64 // simulated time, s
	Steps      int     // steps of this world
	Contacts   int     // contact points of the last step
	Iterations int     // solver sweeps per step
	Energy     float64 // kinetic plus gravitational potential energy, J
	Paused     bool
	// TotalSteps and StepTime count every step the goroutine took, over all scenes, and the
	// wall time spent in them.
	TotalSteps int
	StepTime   time.Duration
	Err        error // an error that ends the run (Options.AfterStep's)
}

// contactMark is one contact point as drawn: where it is, the contact normal (from body A to
// B) and whether it pushed in the last step.
type contactMark struct {
	At, Normal mgl64.Vec3
	Pushed     bool
}

// fill copies the world's state into s, reusing its slices.
func (s *Snapshot) fill(w *contact.World, marks bool) {
	s.Planes = append(s.Planes[:0], w.Planes...)
	s.Meshes, s.Fixed, s.R, s.P = s.Meshes[:0], s.Fixed[:0], s.R[:0], s.P[:0]
	for _, b := range w.Bodies {
		s.Meshes = append(s.Meshes, b.Mesh)
		s.Fixed = append(s.Fixed, b.Fixed)
		s.R = append(s.R, b.R)
		s.P = append(s.P, b.P)
	}
	s.Marks = s.Marks[:0]
	if marks {
		for _, m := range w.Manifolds() {
			b := w.Bodies[m.Pair.A]
			for _, p := range m.Points[:m.N] {
				s.Marks = append(s.Marks, contactMark{At: b.R.Mul3x1(p.LocalA).Add(b.P), Normal: m.Normal, Pushed: p.NormalImpulse > 0})
			}
		}
	}
	s.Time, s.Steps, s.Contacts, s.Iterations = w.Time, w.Steps, w.Stats.Contacts, w.Iterations
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
