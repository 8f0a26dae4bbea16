package planar

import "github.com/go-gl/mathgl/mgl64"

// Response handles contact after each integration step: it detects contacts on the new
// positions and changes the bodies' velocities V and Omega (never X or Theta, no second
// pass). Contact handling (package contact/planar) implements it; a System with a nil
// Response has no collisions.
type Response interface {
	// Respond resolves the contacts of s's bodies in their current state. An error stops
	// the run (a solver that failed, a state that is no longer finite).
	Respond(s *System) error
}

// System is a set of bodies with the forces on them, stepped with a fixed time step.
type System struct {
	Bodies     []Body
	Forces     []Force // evaluated in this order
	Integrator Integrator
	Dt         float64 // time step (s)
	Response   Response
	Steps      int // steps taken since the start
}

// Time returns the simulated time (s): Steps·Dt.
func (s *System) Time() float64 { return float64(s.Steps) * s.Dt }

// Step advances the system by Dt: it clears the force accumulators, lets every force add
// its part on the start-of-step state, integrates every free body, then calls the contact
// Response if there is one. A state that is no longer finite afterwards is a
// *NotFiniteError naming the first such body.
func (s *System) Step() error {
	for i := range s.Bodies {
		s.Bodies[i].F = [2]float64{}
		s.Bodies[i].Tau = 0
	}
	for _, f := range s.Forces {
		f.Accumulate(s.Bodies)
	}
	for i := range s.Bodies {
		if !s.Bodies[i].Fixed {
			s.Integrator.advance(&s.Bodies[i], s.Dt)
		}
	}
	s.Steps++
	if s.Response != nil {
		if err := s.Response.Respond(s); err != nil {
			return err
		}
	}
	return s.checkFinite()
}

// PotentialEnergy returns the total potential energy U (J) of the conservative forces,
// summed in force order.
func (s *System) PotentialEnergy() float64 {
	u := 0.0
	for _, f := range s.Forces {
		u += f.Potential(s.Bodies)
	}
	return u
}

// Momentum returns the total linear momentum Σ M V (kg m/s) of all bodies, fixed ones with
// the velocity their scene gave them (as the trajectory records them).
func (s *System) Momentum() mgl64.Vec2 {
	var p mgl64.Vec2
	for i := range s.Bodies {
		q := s.Bodies[i].Momentum()
		p[0] += q[0]
		p[1] += q[1]
	}
	return p
}

// AngularMomentum returns the total angular momentum about the world origin (kg m²/s):
// Σ L_cm + L_spin over all bodies.
func (s *System) AngularMomentum() float64 {
	l := 0.0
	for i := range s.Bodies {
		l += s.Bodies[i].OrbitalAngularMomentum() + s.Bodies[i].SpinAngularMomentum()
	}
	return l
}

// KineticEnergy returns the total kinetic energy (J) of all bodies.
func (s *System) KineticEnergy() float64 {
	t := 0.0
	for i := range s.Bodies {
		t += s.Bodies[i].TranslationalEnergy() + s.Bodies[i].SpinEnergy()
	}
	return t
}
