package planar

import (
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

// Body is a rigid polygon of point masses: the set of points within Radius of the polygon
// through its vertices (a two-vertex body is a capsule). Its state is the centre of mass X,
// the orientation θ, the velocity V of the centre of mass and the angular velocity ω.
type Body struct {
	// Vertices are the polygon's corners in body space (m, relative to the centre of mass),
	// in the order of the scene. Edge e runs from vertex e to vertex (e+1) mod n.
	Vertices []mgl64.Vec2
	// M is the total mass (kg), the sum of the vertex masses.
	M float64
	// I is the moment of inertia about the centre of mass (kg m²): Σ m |x − X|² over the
	// vertices, point masses without a radius term.
	I float64
	// Radius (m) thickens the polygon for contact and drawing; it adds no mass.
	Radius float64
	// Fixed bodies never move and take no forces; they keep the velocity they were given,
	// which the output reports and contact responses read (the reference does the same).
	Fixed bool

	X     mgl64.Vec2 // centre of mass, world (m)
	Theta float64    // orientation (rad), 0 at the start
	V     mgl64.Vec2 // velocity of the centre of mass (m/s)
	Omega float64    // angular velocity (rad/s, counter-clockwise)

	// F (N) and Tau (N m) accumulate the forces of one step; System.Step clears them.
	F   mgl64.Vec2
	Tau float64
}

// NewBody builds a body at rest orientation θ = 0 from world-space vertex positions p and
// vertex masses m (kg), with the given radius (m), initial velocity v (m/s) and angular
// velocity omega (rad/s). It needs at least two vertices, positive masses and radius, and
// vertices that do not all coincide (else I = 0 and no torque could be integrated).
func NewBody(p []mgl64.Vec2, m []float64, radius float64, v mgl64.Vec2, omega float64, fixed bool) (Body, error) {
	if len(p) != len(m) {
		return Body{}, fmt.Errorf("%d vertices but %d masses", len(p), len(m))
	}
	if len(p) < 2 {
		return Body{}, fmt.Errorf("a body needs at least 2 vertices, got %d", len(p))
	}
	for i, mi := range m {
		if !(mi > 0) {
			return Body{}, fmt.Errorf("vertex %d has mass %g, must be positive", i, mi)
		}
	}
	if !(radius > 0) {
		return Body{}, fmt.Errorf("radius %g must be positive", radius)
	}
	M, X, I := MassProperties(p, m)
	if !finite(M, X[0], X[1], I) {
		return Body{}, fmt.Errorf("mass %g kg, centre of mass (%g, %g) m, moment of inertia %g kg m²: the vertex masses and positions are too large for float64 numbers", M, X[0], X[1], I)
	}
	if !(I > 0) {
		return Body{}, errors.New("all vertices coincide: the moment of inertia is zero")
	}
	b := Body{Vertices: make([]mgl64.Vec2, len(p)), M: M, I: I, Radius: radius, Fixed: fixed, X: X, V: v, Omega: omega}
	for i, q := range p {
		b.Vertices[i] = mgl64.Vec2{q[0] - X[0], q[1] - X[1]}
	}
	return b, nil
}

// Rotation returns R(θ) of the body's current orientation.
func (b *Body) Rotation() Rotation { return RotationOf(b.Theta) }

// WorldVertex returns vertex i in world space, R r̃ᵢ + X, for the rotation r = b.Rotation()
// (passed in so that loops over the vertices compute it once).
func (b *Body) WorldVertex(r Rotation, i int) mgl64.Vec2 {
	w := r.Apply(b.Vertices[i])
	return mgl64.Vec2{w[0] + b.X[0], w[1] + b.X[1]}
}

// State is the part of a body that changes during a run: what the output files record.
type State struct {
	X     mgl64.Vec2
	Theta float64
	V     mgl64.Vec2
	Omega float64
}

// State returns the body's current state.
func (b *Body) State() State { return State{X: b.X, Theta: b.Theta, V: b.V, Omega: b.Omega} }

// SetState puts the body in state s (used to grade one step from a reference state).
func (b *Body) SetState(s State) { b.X, b.Theta, b.V, b.Omega = s.X, s.Theta, s.V, s.Omega }
