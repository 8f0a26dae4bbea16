package planar

import (
	"fmt"
	"math"
)

// NotFiniteError is System.Step's error when a body's state has become NaN or infinite: the
// step stops there rather than carry NaN into every later step and into the trajectory.
type NotFiniteError struct {
	Body  int        // index in System.Bodies
	What  string     // "position", "orientation", "velocity" or "angular velocity"
	Value [2]float64 // the quantity's components (one for orientation and angular velocity)
	Step  int        // System.Steps after the step that produced it
	Time  float64    // s
}

func (e *NotFiniteError) Error() string { return fmt.Sprintf("body %d: %s", e.Body, e.Problem()) }

// Problem describes the error without the body: "velocity (NaN, 0) not finite at step 12
// (t = 0.12 s)", for callers that name the body themselves.
func (e *NotFiniteError) Problem() string {
	v := fmt.Sprintf("(%g, %g)", e.Value[0], e.Value[1])
	if e.What == "orientation" || e.What == "angular velocity" {
		v = fmt.Sprintf("%g", e.Value[0])
	}
	return fmt.Sprintf("%s %s not finite at step %d (t = %.6g s)", e.What, v, e.Step, e.Time)
}

// checkFinite returns a *NotFiniteError for the first body whose state is not finite.
func (s *System) checkFinite() error {
	for i := range s.Bodies {
		b := &s.Bodies[i]
		for _, q := range []struct {
			what string
			v    [2]float64
			n    int
		}{{"position", b.X, 2}, {"orientation", [2]float64{b.Theta}, 1}, {"velocity", b.V, 2}, {"angular velocity", [2]float64{b.Omega}, 1}} {
			if !finite(q.v[:q.n]...) {
				return &NotFiniteError{Body: i, What: q.what, Value: q.v, Step: s.Steps, Time: s.Time()}
			}
		}
	}
	return nil
}

// finite reports whether no x is NaN or infinite.
func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
