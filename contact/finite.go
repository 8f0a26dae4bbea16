package contact

import (
	"fmt"
	"math"
	"strings"
)

// MaxStateValue bounds every component of a body's state that CheckFinite accepts: positions
// in m, velocities in m/s, angular velocities in rad/s, as MuJoCo's mjMAXVAL. No scene within
// docs/scenes.md's ranges gets near it short of diverging (or falling for years), and beyond
// it the numbers are a step or two from infinity.
const MaxStateValue = 1e10

// NotFiniteError reports the first body whose state CheckFinite refused.
type NotFiniteError struct {
	ID    BodyID     // the body
	Body  int        // its index in World.Bodies (scene order, as trace files number bodies)
	What  string     // "position", "orientation", "velocity" or "angular velocity"
	Value [9]float64 // the quantity's components: 3, or 9 for the orientation (R by rows)
	Step  int        // World.Steps after the step that produced it
	Time  float64    // World.Time, s
}

// Error names the body by its index and says what is wrong with it.
func (e *NotFiniteError) Error() string {
	return fmt.Sprintf("body %d: %s", e.Body, e.Problem())
}

// Problem describes the error without the body: "velocity (NaN, 0, 1) not finite at step
// 12 (t = 0.2 s)", for callers that name the body themselves.
func (e *NotFiniteError) Problem() string {
	n := 3
	if e.What == "orientation" {
		n = 9
	}
	parts := make([]string, n)
	verdict := fmt.Sprintf("beyond ±%g (diverging)", MaxStateValue)
	for k, x := range e.Value[:n] {
		parts[k] = fmt.Sprintf("%g", x)
		if math.IsNaN(x) || math.IsInf(x, 0) {
			verdict = "not finite"
		}
	}
	return fmt.Sprintf("%s (%s) %s at step %d (t = %.6g s)", e.What, strings.Join(parts, ", "), verdict, e.Step, e.Time)
}

// CheckFinite returns a *NotFiniteError for the first body (in order) whose position,
// orientation, velocity or angular velocity has a component that is NaN, infinite or beyond
// ±MaxStateValue, and nil if there is none: the check MuJoCo makes after each step
// (mj_checkPos, mj_checkVel, mj_checkAcc), for the caller to stop the run where the trouble
// starts rather than carry NaN into every later step and every output. It reads each body
// once: its cost is nothing next to a step's.
func (w *World) CheckFinite() error {
	for i, b := range w.Bodies {
		for _, q := range []struct {
			what string
			v    []float64
		}{{"position", b.P[:]}, {"orientation", b.R[:]}, {"velocity", b.V[:]}, {"angular velocity", b.Omega[:]}} {
			if allFinite(q.v) {
				continue
			}
			e := &NotFiniteError{ID: w.idOf(i), Body: i, What: q.what, Step: w.Steps, Time: w.Time}
			if q.what == "orientation" {
				r := b.R.Transpose() // by rows: mgl64 stores columns
				copy(e.Value[:], r[:])
			} else {
				copy(e.Value[:], q.v)
			}
			return e
		}
	}
	return nil
}

// finite reports whether x is a number within ±MaxStateValue (NaN is not).
func finite(x float64) bool { return x >= -MaxStateValue && x <= MaxStateValue }

func allFinite(xs []float64) bool {
	for _, x := range xs {
		if !finite(x) {
			return false
		}
	}
	return true
}
