// Package contact holds the World, the set of rigid bodies Tumble simulates, and its time
// step: collision detection against planes (hull corners, manifolds of at most four points
// with persistent ids) and the constraint rows handed to package pgs (docs/contact.md).
// Scene files are read into a World by the sub-package contact/scene.
package contact

import (
	"github.com/go-gl/mathgl/mgl64"

	"tumble/body"
	"tumble/pgs"
)

// DefaultIterations is the number of PGS sweeps over the constraint rows per time step when a
// scene does not say: the project's budget (docs/architecture.md).
const DefaultIterations = 10

// World is the simulated 3D world: its bodies and the settings of its time step. SI units,
// y up.
type World struct {
	// Bodies in scene order; their indices are the body indices of outputs and traces.
	Bodies []*body.Body
	// Gravity is the acceleration of gravity, m/s², world frame (scenes default to 0 −9.81 0).
	Gravity mgl64.Vec3
	// Dt is the time step in seconds, > 0.
	Dt float64
	// Iterations is the number of PGS sweeps over the constraint rows per step, ≥ 1
	// (DefaultIterations unless the scene or the caller says otherwise).
	Iterations int
	// Time is the simulated time in seconds: Steps × Dt.
	Time float64
	// Steps counts the time steps taken.
	Steps int

	// Planes are the fixed planes the bodies collide with (docs/contact.md).
	Planes []Plane
	// Materials holds per body, at the body's index, its friction and restitution; bodies
	// past its end have DefaultMaterial.
	Materials []Material
	// Solver resolves the contact rows each step; nil means projected Gauss–Seidel
	// (pgs.GaussSeidel) with Iterations sweeps.
	Solver pgs.Solver
	// Stats describes the last step's contacts and solve.
	Stats Stats

	// NoSleep keeps every body awake. By default the bodies of an island that has been at
	// rest for TimeToSleep fall asleep (sleep.go, docs/contact.md).
	NoSleep bool
	// Workers is how many goroutines share the stages of a step that run per pair, per body
	// or per manifold (the narrow phase, the row building, the guards, redetect, the
	// position update: docs/contact.md, "Stages on the workers"); 0 means one per core the
	// Go runtime may use (runtime.GOMAXPROCS). Every value gives the same bits.
	Workers int

	contacts contactState // manifolds and scratch kept from step to step
	sleep    sleepState   // which bodies sleep, and their manifolds
	shown    []Manifold   // Manifolds' result while some islands sleep
}

// KineticEnergy is the total kinetic energy of the bodies, joules (fixed bodies have none).
func (w *World) KineticEnergy() float64 {
	e := 0.0
	for _, b := range w.Bodies {
		e += b.KineticEnergy()
	}
	return e
}
