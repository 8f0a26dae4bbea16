// Package contact holds the World, the set of rigid bodies Tumble simulates, and its time
// step; the contact issue adds planes, collision detection and the constraint rows handed to
// package pgs. Scene files are read into a World by the sub-package contact/scene.
package contact

import (
	"github.com/go-gl/mathgl/mgl64"

	"tumble/body"
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
}

// Step advances the world by Dt in the stages of docs/architecture.md:
//
//  1. unconstrained velocities: gravity, external forces and torques, the gyroscopic term;
//  2. detect contacts (contact issue);
//  3. build the constraint rows, warm started from the last step (contact issue);
//  4. solve them with at most Iterations PGS sweeps (contact issue);
//  5. apply the impulses and integrate positions: p += h v, R ← exp(h[ω]×) R; then sleep
//     (contact issue).
//
// Until the contact issue lands a step is stage 1 then stage 5: the symplectic (exponential)
// Euler of free bodies. Fixed bodies never move (the body integrators leave them alone).
func (w *World) Step() {
	for _, b := range w.Bodies {
		b.IntegrateVelocity(w.Dt, w.Gravity)
	}
	for _, b := range w.Bodies {
		b.IntegratePosition(w.Dt)
	}
	w.Steps++
	// Multiplying rather than summing keeps Time exact to rounding however long the run.
	w.Time = float64(w.Steps) * w.Dt
}

// KineticEnergy is the total kinetic energy of the bodies, joules (fixed bodies have none).
func (w *World) KineticEnergy() float64 {
	e := 0.0
	for _, b := range w.Bodies {
		e += b.KineticEnergy()
	}
	return e
}
