package planar

import "fmt"

// Integrator is a time-stepping scheme for the bodies' state. Forces are always evaluated on
// the start-of-step state.
type Integrator int

const (
	// SymplecticEuler updates the velocities first and moves with the new ones:
	// V += (F dt)(1/M), ω += (dt τ)/I, then X += V dt, θ += dt ω. It keeps the energy of
	// oscillators bounded.
	SymplecticEuler Integrator = iota
	// ExplicitEuler moves with the start-of-step velocities, then updates them the same way.
	// Its energy grows on oscillators (by the factor 1 + (ω dt)² per step on a spring).
	ExplicitEuler
)

// integratorNames are the names the scenes use, indexed by Integrator.
var integratorNames = [...]string{SymplecticEuler: "symplectic-euler", ExplicitEuler: "explicit-euler"}

// String returns the scene file's name for the integrator.
func (in Integrator) String() string {
	if in >= 0 && int(in) < len(integratorNames) {
		return integratorNames[in]
	}
	return fmt.Sprintf("Integrator(%d)", int(in))
}

// ParseIntegrator returns the integrator a scene names ("symplectic-euler" or
// "explicit-euler").
func ParseIntegrator(name string) (Integrator, error) {
	for i, n := range integratorNames {
		if n == name {
			return Integrator(i), nil
		}
	}
	return 0, fmt.Errorf("unknown integrator %q (want symplectic-euler or explicit-euler)", name)
}

// accelerate applies the accumulated force and torque over dt.
func (b *Body) accelerate(dt float64) {
	inv := 1 / b.M
	b.V[0] += float64(float64(b.F[0]*dt) * inv)
	b.V[1] += float64(float64(b.F[1]*dt) * inv)
	b.Omega += float64(dt*b.Tau) / b.I
}

// drift moves the body with its current velocities over dt.
func (b *Body) drift(dt float64) {
	b.X[0] += float64(b.V[0] * dt)
	b.X[1] += float64(b.V[1] * dt)
	b.Theta += float64(dt * b.Omega)
}

// advance integrates one free body over dt with the scheme in.
func (in Integrator) advance(b *Body, dt float64) {
	if in == ExplicitEuler {
		b.drift(dt)
		b.accelerate(dt)
		return
	}
	b.accelerate(dt)
	b.drift(dt)
}
