package planar

// Force is an external force field on the bodies. The System evaluates its forces in slice
// order on the start-of-step state; the reference's order is all gravity forces, then all
// springs, then all winds, and the last bits of F and τ depend on it.
type Force interface {
	// Accumulate adds the force (N) and torque (N m) it exerts on every free body to that
	// body's F and Tau. Fixed bodies take no forces.
	Accumulate(bodies []Body)
	// Potential returns the force's potential energy (J) in the bodies' current state, 0 for
	// a non-conservative force.
	Potential(bodies []Body) float64
}
