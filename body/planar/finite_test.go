package planar

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A step whose result is not finite stops with the first such body, the quantity, the step
// and the time: a spring stiff beyond float64 throws its body to infinity in one step.
func TestStepStopsOnNonFinite(t *testing.T) {
	s := &System{Dt: 0.01, Integrator: SymplecticEuler,
		Bodies: []Body{box(t, 0, 0, 1, 1, mgl64.Vec2{}, 0), box(t, 3, 0, 1, 1, mgl64.Vec2{}, 0)}}
	s.Forces = []Force{&Spring{I: 1, J: World, PJ: mgl64.Vec2{0, 0}, K: 1e308}}
	err := s.Step()
	var nf *NotFiniteError
	if !errors.As(err, &nf) || nf.Body != 1 || nf.What != "position" || err.Error() != "body 1: position (-Inf, NaN) not finite at step 1 (t = 0.01 s)" {
		t.Fatalf("error %v, want body 1's position not finite at step 1", err)
	}
	s.Forces = nil
	s.Bodies[1] = box(t, 3, 0, 1, 1, mgl64.Vec2{}, math.NaN())
	if err := s.Step(); err == nil || err.Error() != "body 1: orientation NaN not finite at step 2 (t = 0.02 s)" {
		t.Fatalf("error %v, want body 1's orientation not finite at step 2", err)
	}
}
