package collide

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// The step the tests detect in: the default time step (s) and speculative margin (m).
const (
	dt     = 1.0 / 60
	margin = 0.01
)

// step is the step of the tests' detection number detection.
func step(detection int) *Step { return &Step{H: dt, Margin: margin, Detection: detection} }

// newBody returns b as the narrow phase reads it, with its shape from shapes and a turn and
// pose of its own (turn sets the turn).
func newBody(shapes *Shapes, b *body.Body) *Body {
	return &Body{Body: b, Shape: shapes.For(b.Mesh), Turn: new(mgl64.Mat3), Pose: new(Pose)}
}

// turn sets b's turn for its angular velocity over a step of dt, as a step's stages do.
func turn(b *Body) { *b.Turn = body.Exp(b.Omega.Mul(dt)) }

// gaussianVectors returns a function that draws vectors of independent standard normal
// coordinates from rng, scaled by its argument.
func gaussianVectors(rng *rand.Rand) func(scale float64) mgl64.Vec3 {
	return func(scale float64) mgl64.Vec3 {
		return mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(scale)
	}
}

// sameBits reports whether a and b are the same vector, bit for bit.
func sameBits(a, b mgl64.Vec3) bool {
	return math.Float64bits(a[0]) == math.Float64bits(b[0]) && math.Float64bits(a[1]) == math.Float64bits(b[1]) &&
		math.Float64bits(a[2]) == math.Float64bits(b[2])
}
