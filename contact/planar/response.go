package planar

import (
	"fmt"
	"math"

	rigid "github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/internal/plural"
	"github.com/tumble-physics/tumble/pgs"
)

// Response is the contact handling of a planar System (it implements rigid.Response): after
// each integration step it detects the contacts on the new positions, builds their problem
// and lets Solver change the free bodies' velocities. Positions are never corrected.
type Response struct {
	// Name is the scene's response name, for messages.
	Name string
	// Solver is the contact response proper.
	Solver pgs.Solver
	// Warn, when set, receives a message the first time contacts are skipped for each of the
	// two reasons (a vertex exactly on an edge; two fixed bodies touching).
	Warn func(msg string)
	// Observe, when set, is called after every solve that had contacts, with the solve's
	// record (valid during the call only).
	Observe func(*Record)

	det                    Detector
	prob                   pgs.Problem
	before                 []float64
	warnedTouch, warnedFix bool
}

// Record is what one contact solve saw and did, for dumps and tests.
type Record struct {
	Step     int          // the system's step count after the integration
	Bodies   []rigid.Body // the bodies after the solve (V and ω are q̇⁺)
	Contacts Set
	// Problem holds the rows (N's columns), the mass blocks and, after the solve, the
	// impulses λ and the new velocities q̇⁺.
	Problem *pgs.Problem
	// Before holds the velocities q̇⁻ before the solve, DOF per body.
	Before []float64
	Stats  pgs.Stats
}

// NewResponse builds the Response a scene's <rigidbodycollisionhandling> asks for: one of
// fosssim.Responses. It has the type fosssim.NewResponse.
func NewResponse(c fosssim.CollisionHandling) (rigid.Response, error) {
	return New(c)
}

// New is NewResponse returning the concrete type.
func New(c fosssim.CollisionHandling) (*Response, error) {
	var s pgs.Solver
	switch c.Response {
	case "lcp":
		s = &LCP{}
	case "velocity-projection":
		s = &VelocityProjection{}
	case "gr-lcp":
		s = &Reflections{Pass: &LCP{}}
	case "gr-velocity-projection":
		s = &Reflections{Pass: &VelocityProjection{}}
	case "pgs":
		s = &GaussSeidel{GaussSeidel: pgs.GaussSeidel{Iterations: c.Iterations}}
	default:
		return nil, fmt.Errorf("unknown collision response %q", c.Response)
	}
	return &Response{Name: c.Response, Solver: s}, nil
}

// Responses is the fosssim.NewResponse of every run of a scene (tumble 2d run, regress and
// render, and the viewer): it builds the Response a scene's collision handling names, whose
// warnings go to warn, when not nil, as "scene:line: response: message" (line being the
// collision handling's).
func Responses(scene string, warn func(string)) fosssim.NewResponse {
	return func(c fosssim.CollisionHandling) (rigid.Response, error) {
		r, err := New(c)
		if err != nil {
			return nil, err
		}
		if warn == nil {
			return r, nil
		}
		r.Warn = func(msg string) {
			warn(fmt.Sprintf("%s:%d: %s response: %s", scene, c.Line, c.Response, msg))
		}
		return r, nil
	}
}

// Contacts returns the contact set of the last step (valid until the next one).
func (r *Response) Contacts() Set { return r.det.Contacts }

// Impulses returns the normal impulse λ (N s, ≥ 0) the last step's solve gave each contact,
// in the order of Contacts (valid until the next step); nil when it had none.
func (r *Response) Impulses() []float64 {
	if len(r.det.Contacts) == 0 {
		return nil
	}
	return r.prob.Lambda[:len(r.det.Contacts)]
}

// Respond detects the contacts of s's bodies and resolves them. It fails if the solver does,
// or if a velocity comes out NaN or infinite.
func (r *Response) Respond(s *rigid.System) error {
	contacts := r.det.Detect(s.Bodies)
	r.warn()
	if len(contacts) == 0 {
		return nil
	}
	Build(&r.prob, s.Bodies, contacts)
	r.before = append(r.before[:0], r.prob.V...)
	st, err := r.Solver.Solve(&r.prob)
	if err != nil {
		return fmt.Errorf("%s response on %s: %w", r.Name, plural.Count(len(contacts), "contact", "contacts"), err)
	}
	for i, v := range r.prob.V {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s response on %s: velocity %d of body %d is %g", r.Name, plural.Count(len(contacts), "contact", "contacts"), i%DOF, i/DOF, v)
		}
	}
	Apply(&r.prob, s.Bodies)
	if r.Observe != nil {
		r.Observe(&Record{Step: s.Steps, Bodies: s.Bodies, Contacts: contacts, Problem: &r.prob, Before: r.before, Stats: st})
	}
	return nil
}

// warn reports the first skip of each kind.
func (r *Response) warn() {
	if r.Warn == nil {
		return
	}
	if r.det.Touching > 0 && !r.warnedTouch {
		r.warnedTouch = true
		r.Warn("a vertex lies exactly on an edge: its contact normal is undefined (NaN in the reference), so it is skipped")
	}
	if r.det.FixedContacts > 0 && !r.warnedFix {
		r.warnedFix = true
		r.Warn("contacts between two fixed bodies are skipped: no response can move them")
	}
}
