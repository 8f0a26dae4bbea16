// Package fosssim reads FOSSSim's rigid-body scene XML (the course simulator's theme 3
// format) into planar bodies and forces, as that simulator reads it, and rejects what it
// cannot run with one "file:line: problem" error.
package fosssim

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
)

// Scene is a parsed FOSSSim rigid-body scene.
type Scene struct {
	Name        string // file name, for messages
	Description string // <description text>
	Duration    float64
	Dt          float64
	Integrator  planar.Integrator
	// Bodies are the rigid bodies in file order, in their initial state.
	Bodies []planar.Body
	// Forces are in the reference's evaluation order: every <rigidbodygravityforce>, then
	// every <rigidbodyspringforce>, then every <rigidbodywindforce>, each in file order.
	Forces []planar.Force
	// Collision is the <rigidbodycollisionhandling> element, nil when the scene has none.
	Collision *CollisionHandling
	Display   Display
	// BodyLines holds the line of each body's <rigidbody> element, for messages.
	BodyLines []int
}

// StepError returns an error of step number step of the scene's system in the scene's
// terms: a body whose state is no longer finite with the file and the line of its
// <rigidbody> ("scene.xml:9: body 0: velocity (NaN, 0) not finite at step 12 (t = 0.12
// s)"), any other with the file and the step.
func (s *Scene) StepError(err error, step int) error {
	var nf *planar.NotFiniteError
	if errors.As(err, &nf) && nf.Body < len(s.BodyLines) {
		return fmt.Errorf("%s:%d: body %d: %s", s.Name, s.BodyLines[nf.Body], nf.Body, nf.Problem())
	}
	return fmt.Errorf("%s: step %d: %w", s.Name, step, err)
}

// CollisionHandling is a scene's <rigidbodycollisionhandling detection response
// [iterations]> element.
type CollisionHandling struct {
	Detection  string // "all-pairs", the only detector
	Response   string // one of Responses
	Iterations int    // PGS sweeps per solve; only for response "pgs" (default 10)
	Line       int    // line of the element, for messages
}

// Responses are the contact responses a scene may name: the course's four and Tumble's pgs.
var Responses = []string{"lcp", "velocity-projection", "gr-lcp", "gr-velocity-projection", "pgs"}

// DefaultPGSIterations is the number of PGS sweeps when response="pgs" gives none: the
// project's default of 10 sweeps per solve.
const DefaultPGSIterations = 10

// MaxIterations bounds <rigidbodycollisionhandling iterations>, so that a typo cannot make
// one step take hours.
const MaxIterations = 1000

// MaxPointsPerEdge bounds <rigidbodywindforce pointsperedge>, the wind's samples per edge and
// step (the course's scenes use 2 and 4): pointsperedge="1000000000" made a step of a
// square take minutes.
const MaxPointsPerEdge = 1000

// Color is an RGB colour with channels in [0, 1].
type Color [3]float64

// Display holds the elements that only change how a scene is drawn. Colour slices are
// indexed by body or spring; a nil entry means the default.
type Display struct {
	// Viewport is the square (centre Cx, Cy, half-size Size, metres) to show; zero Size
	// means fit the bodies.
	Cx, Cy, Size float64
	Background   *Color
	BodyColors   []*Color
	SpringColors []*Color
}

// ErrNoContact is wrapped by System's error for a scene with collision handling when no
// function builds its contact response.
var ErrNoContact = errors.New("no contact response was given for the scene's collision handling")

// NewResponse builds the contact Response for a scene's collision handling (package
// contact/planar provides one); without it a scene that asks for collisions cannot run.
type NewResponse func(c CollisionHandling) (planar.Response, error)

// Steps returns the number of steps of a run, ⌈Duration/Dt⌉, as the course simulator counts.
func (s *Scene) Steps() int { return int(math.Ceil(s.Duration / s.Dt)) }

// Springs returns the scene's springs in file order.
func (s *Scene) Springs() []*planar.Spring {
	var out []*planar.Spring
	for _, f := range s.Forces {
		if sp, ok := f.(*planar.Spring); ok {
			out = append(out, sp)
		}
	}
	return out
}

// System returns a new system in the scene's initial state (its own copy of the bodies, so
// a scene can be run many times; the forces, which hold no state, are shared). If the scene has collision handling, newResponse builds
// its Response; a nil newResponse is then an error rather than a run without collisions.
func (s *Scene) System(newResponse NewResponse) (*planar.System, error) {
	sys := &planar.System{
		Bodies:     make([]planar.Body, len(s.Bodies)),
		Forces:     s.Forces,
		Integrator: s.Integrator,
		Dt:         s.Dt,
	}
	for i, b := range s.Bodies {
		b.Vertices = append([]mgl64.Vec2(nil), b.Vertices...)
		sys.Bodies[i] = b
	}
	if c := s.Collision; c != nil {
		if newResponse == nil {
			return nil, fmt.Errorf("%s:%d: collision response %q is not available: %w", s.Name, c.Line, c.Response, ErrNoContact)
		}
		r, err := newResponse(*c)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", s.Name, c.Line, err)
		}
		sys.Response = r
	}
	return sys, nil
}
