package collide

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// Body is one body as the narrow phase reads it.
type Body struct {
	*body.Body        // where it is and how it moves
	Shape      *Shape // its shape (Shapes.For; an empty Shape for a body without a mesh)
	// Turn is the body's rotation over the step, exp(h[ω]×), for its angular velocity.
	Turn *mgl64.Mat3
	// Pose keeps its hull placed where it is for the detection under way (Posed).
	Pose *Pose
}

// Step is what the narrow phase needs of the time step under way.
type Step struct {
	// H is the time step, s.
	H float64
	// Margin is the speculative margin, m: bodies make a contact this far apart, on top of
	// the distance they can close within the step.
	Margin float64
	// Detection numbers the detection under way: a Pose is valid for one. The caller
	// counts them.
	Detection int
}

// Posed returns b's polyhedron placed where b is (b.Pose), posing it the first time the
// detection numbered detection asks (a body in a pyramid meets six others). Its shape must
// be Solid.
func (b *Body) Posed(detection int) *Pose {
	q := b.Pose
	if q.detection != detection || q.poly != b.Shape.poly {
		q.pose(b.Shape.poly, b.R, b.P)
		q.detection = detection
	}
	return q
}
