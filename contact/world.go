package contact

import (
	"fmt"

	"github.com/tumble-physics/tumble/body"
)

// World is the simulated 3D world: its bodies, the fixed planes they collide with, and the
// Settings of its time step. SI units, y up. Make one with NewWorld; the zero World has no
// valid settings.
//
// Bodies are named two ways. A BodyID, returned when a body is added, names it for as long
// as it is in the world, and every result of the World names bodies by it (contacts, touch
// events, ray hits). Its index in Bodies is its place in scene order, the order the bodies
// were added in (ID and Index convert): the trace files and reports of the command tumble
// use it. Removing a body moves the bodies after it down by one place and leaves every
// other BodyID as it was.
//
// What may be called from which goroutine is in the package documentation ("Goroutines"):
// reads side by side, changes alone.
type World struct {
	// Settings may be changed between steps (w.Dt = …); Step checks them. A change of
	// Gravity, or EnableSleep turned off, wakes every sleeping body at the next step.
	Settings

	// Bodies in scene order. Read and change the bodies' state freely between steps (or use
	// SetPose, SetVelocity and the Apply methods, which also wake them); add bodies with
	// CreateBody or AddBody and remove them with RemoveBody. A body appended to the slice by
	// hand is taken by the next Step (which refuses nil, a body in the slice twice, and a
	// slice shorter than the bodies added).
	Bodies []*body.Body
	// Planes are the fixed, infinite planes the bodies collide with; append to, change or
	// remove from it before or between steps: Step checks each plane (Plane gives the
	// ranges) and wakes the sleeping bodies a change reaches.
	Planes []Plane
	// Materials holds per body, at the body's index, its friction and restitution; bodies
	// past its end have DefaultMaterial. SetMaterial changes one (and checks it); Step
	// checks those set by hand.
	Materials []Material

	// Time is the simulated time in seconds: Steps × Dt.
	Time float64
	// Steps counts the time steps taken.
	Steps int
	// Stats describes the last step's contacts and solve.
	Stats Stats
	// TimeStages makes Step time its stages into Stats.Stages (a dozen clock readings a
	// step). Default false.
	TimeStages bool

	contacts contactState // manifolds and scratch kept from step to step
	sleep    sleepState   // which bodies sleep, and their manifolds
	handles  handles      // the bodies' BodyIDs (handles.go)
	touch    touchState   // the touching pairs and their events (events.go)
	query    queryState   // the queries' cache (query.go)
	seen     seenState    // the planes, gravity and sleep setting the last step saw (edits.go)
}

// Step advances the world by Dt: gravity and the bodies' forces, contacts found and solved
// (docs/architecture.md lists the stages, docs/contact.md explains them), positions
// integrated, islands at rest put to sleep. Afterwards Time, Stats, Manifolds, Contacts and
// TouchEvents describe the step.
//
// It returns an error when the settings or a plane are invalid (the world is then left as
// it was), when the solver failed (Stats.Err; the step then went on with the velocities it
// had), or when a body's state is no longer finite after the step (a *NotFiniteError, the
// one CheckFinite gives): stop there, or reset the world, rather than step on with NaN.
func (w *World) Step() error {
	if err := w.check(); err != nil {
		return err
	}
	w.noticeEdits()
	w.step()
	w.updateTouches()
	if err := w.CheckFinite(); err != nil {
		return err
	}
	if w.Stats.Err != nil {
		return fmt.Errorf("contact: step %d: the solver failed: %w", w.Steps, w.Stats.Err)
	}
	return nil
}

// check returns an error for settings out of range, a plane that cannot be one, a
// coefficient out of range, or a body Step cannot take (nil, or in Bodies twice); it gives
// the bodies appended to Bodies their BodyIDs.
func (w *World) check() error {
	if err := w.Settings.check(); err != nil {
		return err
	}
	if err := w.sync("Step"); err != nil {
		return err
	}
	return w.checkSurfaces("Step")
}

// KineticEnergy is the total kinetic energy of the bodies, joules (fixed bodies have none).
func (w *World) KineticEnergy() float64 {
	e := 0.0
	for _, b := range w.Bodies {
		e += b.KineticEnergy()
	}
	return e
}
