package scene

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// The ranges of scene values (docs/scenes.md, "Ranges"): wide enough for any scene on a human
// or engineering scale, narrow enough that nothing a step computes from them (momenta,
// energies, impulses, inertia products) comes near float64's limits. A value outside its
// range is an error naming it and the range.
const (
	minDt, maxDt           = 1e-6, 1.0 // s
	maxGravity             = 1e3       // m/s², the length of <gravity v>: about 100 g
	maxCoordinate          = 1e6       // m, each coordinate of a position or a plane's point
	maxSpeed               = 1e4       // m/s, the length of a body's velocity
	maxAngularSpeed        = 1e4       // rad/s, the length of a body's angular velocity
	minMass, maxMass       = 1e-6, 1e9 // kg: a milligram to a megatonne, given or density × volume
	minDensity, maxDensity = 1e-3, 1e6 // kg/m³
	minScale, maxScale     = 1e-4, 1e4 // each scale factor
	maxFriction            = 10        // Coulomb coefficient; rubber on rubber is about 1
	maxIterations          = 1000      // solver sweeps per step
	maxMassRatio           = 1e4       // above this between free bodies, a warning (massRatioWarning)
)

// within reads a number attribute that must lie in [lo, hi] (unit for the message), or def
// if absent.
func (e *element) within(attr string, def, lo, hi float64, unit string) (float64, error) {
	x, err := e.float(attr, def)
	if err == nil && !(x >= lo && x <= hi) {
		err = e.errorf(attr, "must be between %g and %g%s, got %g", lo, hi, unit, x)
	}
	return x, err
}

// coordinates checks that every coordinate of the vector attribute v lies within ±most.
func (e *element) coordinates(attr string, v mgl64.Vec3, most float64, unit string) error {
	for _, x := range v {
		if math.Abs(x) > most {
			return e.errorf(attr, "each coordinate must be within ±%g%s, got %g", most, unit, x)
		}
	}
	return nil
}

// length checks that the vector attribute v is no longer than most.
func (e *element) length(attr string, v mgl64.Vec3, most float64, unit string) error {
	// Scaled first, so that the length of a vector of 1e200s does not overflow.
	big := max(math.Abs(v[0]), math.Abs(v[1]), math.Abs(v[2]))
	if big > most || big > 0 && big*rounded.Len(v.Mul(1/big)) > most {
		return e.errorf(attr, "its length must be at most %g%s, got %s", most, unit, fmt.Sprintf("%g %g %g", v[0], v[1], v[2]))
	}
	return nil
}
