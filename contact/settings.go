package contact

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/pgs"
)

// DefaultIterations is the number of solver sweeps over the constraint rows per time step in
// DefaultSettings, and when a scene file does not say: ten sweeps hold the built-in towers
// and pyramids (docs/contact.md says how they are spent).
const DefaultIterations = 10

// Settings are a World's parameters: its time step, solver, gravity, sleeping and the
// contact tolerances users may need to tune. Start from DefaultSettings and change what the
// simulation needs; the zero value is not a usable world (its time step is 0). A World's
// settings may be changed between steps (World embeds them: w.Gravity, w.Dt, …); Step
// refuses settings outside the ranges below with an error, before it moves anything.
//
// The defaults are chosen for bodies from a few centimetres to a few metres across, in SI
// units, at 60 steps per second. Bodies of another size L want the lengths
// (PenetrationSlop, SpeculativeMargin) scaled with L, the speeds (RestitutionThreshold, the
// sleep speeds) with √L (a fall from a height L reaches √(2gL)), and small ones a smaller
// Dt: about (1/240 s)·√(L / 1 m), 1/760 s for 10 cm cubes, 1/2400 s for 1 cm, 1/7600 s for
// 1 mm. Measured on towers of 3 to 10 cubes dropped onto the floor (2 s, sleeping off,
// TestSmallBodiesNeedASmallerStep): at the default 1/60 s metre cubes end 0.1–0.5% of their
// size low, while ten 10 cm cubes fall over, as do five 1 cm and three 1 mm cubes; at
// (1/60 s)·√(L / 1 m) 10 cm towers end as metre ones do at 1/60 s, but 1 mm towers still sink
// 4–17% of their size; at (1/240 s)·√(L / 1 m) every tower stands, less than 0.02% low.
type Settings struct {
	// Gravity is the acceleration of gravity, m/s², world frame (y is up). Default
	// (0, −9.81, 0). Any finite vector.
	Gravity mgl64.Vec3
	// Dt is the time step, s, > 0. Default 1/60: a step per frame of a 60 Hz display, for
	// bodies of a few centimetres and more (bodies of a millimetre want 1/7600 s: see
	// above). Every step advances the world by exactly Dt; halving it roughly halves the
	// sinking of stacks and the energy error of spinning bodies, at twice the cost.
	Dt float64
	// Iterations is the most sweeps of the default solver over the constraint rows in each
	// solve of a step: the velocity solve, each of its repeats (at most two) and the position
	// pass (docs/contact.md, "Sweeps"); a solve stops earlier once it has converged. ≥ 1;
	// default DefaultIterations (10). More sweeps make tall stacks and heavy-on-light
	// contacts stiffer; fewer are cheaper and softer.
	Iterations int
	// Solver resolves the contact rows each step. nil (the default) is projected
	// Gauss–Seidel with Iterations sweeps, block-solved normals and a shock sweep, which the
	// built-in scenes are tuned for; any pgs.Solver may replace it (each solve then runs to
	// the solver's own limits).
	Solver pgs.Solver
	// Workers is how many goroutines share the stages of a step that run per pair, per body
	// or per manifold, and the built-in solver's sweeps of a large problem, 0 to MaxWorkers
	// (256). 0 (the default) lets the world choose, by timing its own steps every few
	// seconds, between one goroutine and one per core the Go runtime may use
	// (runtime.GOMAXPROCS): on a machine whose cores pass data slowly, a small scene steps
	// faster on one (docs/contact.md, "How many goroutines"). Every value gives the same
	// result, bit for bit: only the time a step takes changes, and more workers than cores
	// only cost memory.
	Workers int

	// EnableSleep lets islands of bodies at rest fall asleep: a sleeping body is neither
	// integrated, detected nor solved, and its state stays exactly as it was until something
	// touches or wakes it. Default true: a settled pile then costs nearly nothing, and a
	// resting stack cannot creep. The speeds below decide what is at rest.
	EnableSleep bool
	// SleepLinearVelocity is the speed below which every point of a body must move for it to
	// count as at rest, m/s, ≥ 0: |v| + ρ|ω|, with ρ the farthest corner of its hull from its
	// centre of mass, as Box3D and Jolt judge rest by their bodies' points. Default 0.05:
	// 0.8 mm per step at 1/60 s, far above the micrometre drift of a resting stack and far
	// below motion anyone should see stop.
	SleepLinearVelocity float64
	// SleepAngularVelocity is the angular speed below which a body counts as at rest, rad/s,
	// ≥ 0. Default 0.1 (5.7°/s): for a body of radius above 0.5 m its points' speed decides;
	// this keeps a small body turning where anyone can see it from counting as at rest.
	SleepAngularVelocity float64
	// TimeToSleep is how long every body of an island must stay below both speeds before
	// the island falls asleep, s, > 0. Default 0.5: long enough that a body at the top of a
	// bounce, or rocking slowly (it stops for a step or two, not for half a second), does
	// not freeze in mid-air.
	TimeToSleep float64

	// PenetrationSlop is the depth the position correction leaves alone, m, ≥ 0. Default
	// 5e-4 (half a millimetre). Resting contacts sit at up to this depth; correcting less
	// than it would make them flicker between touching and apart.
	PenetrationSlop float64
	// PositionCorrection is the fraction of the depth beyond PenetrationSlop that the
	// position pass removes per step, in [0, 1]. Default 0.8: below 1 so that the linearized
	// correction does not overshoot; 0 leaves depth to the velocity solve alone. The
	// correction moves bodies without giving them velocity, so it never adds energy.
	PositionCorrection float64
	// SpeculativeMargin is the gap below which two surfaces (or a surface and a plane) make
	// a contact even when they approach slowly, m, ≥ 0, on top of the distance they can
	// close within the step. Default 0.01. A contact found before it touches keeps a
	// resting body's contact points, and the impulses carried from step to step, alive
	// while it rocks; a larger margin costs more contacts to solve.
	SpeculativeMargin float64
	// RestitutionThreshold is the approach speed below which contacts do not bounce, m/s,
	// ≥ 0. Default 1 (Box2D's; a drop from 5 cm). A body resting on the floor approaches it
	// at g·Dt/2 ≈ 0.08 m/s every step: bouncing that would make it jitter.
	RestitutionThreshold float64

	// MaxPairs is the most pairs of bodies whose boxes overlap that a step hands to the
	// narrow phase, and MaxContacts the most manifolds between bodies it keeps (contacts with
	// planes are not counted). Beyond them a step drops the rest, for that step only, and
	// World.Overflows reports the first step that does (budget.go). Default 0, meaning
	// PairsPerBody and ContactsPerBody times the number of bodies: a step's memory then
	// grows with the bodies, not with how they lie (n bodies spawned at one point would
	// otherwise make n²/2 pairs), and stays ten times above what the built-in scenes need.
	// ≥ 0.
	MaxPairs, MaxContacts int
}

// DefaultSettings returns the settings the built-in scenes run with: gravity (0, −9.81, 0),
// Dt = 1/60 s, DefaultIterations sweeps of the default solver, sleeping on, one worker per
// core, and the tolerances documented on each field of Settings.
func DefaultSettings() Settings {
	return Settings{
		Gravity:              mgl64.Vec3{0, -9.81, 0},
		Dt:                   1.0 / 60,
		Iterations:           DefaultIterations,
		EnableSleep:          true,
		SleepLinearVelocity:  0.05,
		SleepAngularVelocity: 0.1,
		TimeToSleep:          0.5,
		PenetrationSlop:      5e-4,
		PositionCorrection:   0.8,
		SpeculativeMargin:    0.01,
		RestitutionThreshold: 1,
	}
}

// NewWorld returns an empty world (no bodies, no planes, at time 0) with settings s. Add
// planes to World.Planes, bodies with CreateBody or AddBody, then call Step.
func NewWorld(s Settings) *World {
	return &World{Settings: s, handles: handles{world: worldSerials.Add(1)}}
}

// MaxWorkers is the most goroutines Settings.Workers may ask for. Each worker keeps its own
// scratch for a step's stages, and beyond the cores there are no more stages to share: 256
// is above any machine's core count that a step divides well among, and keeps a mistaken
// Workers (10⁶ would take gigabytes for a few bodies) an error rather than an allocation.
const MaxWorkers = 256

// workersRange is Settings.Workers's range, in words.
var workersRange = fmt.Sprintf("between 0 (one per core) and MaxWorkers (%d)", MaxWorkers)

// check returns an error naming the first setting outside its range, or nil.
func (s *Settings) check() error {
	for _, c := range []struct {
		name  string
		value float64
		ok    bool
		want  string
	}{
		{"Dt", s.Dt, s.Dt > 0 && finite(s.Dt), "positive and finite"},
		{"Iterations", float64(s.Iterations), s.Iterations >= 1, "at least 1"},
		{"Workers", float64(s.Workers), s.Workers >= 0 && s.Workers <= MaxWorkers, workersRange},
		{"MaxPairs", float64(s.MaxPairs), s.MaxPairs >= 0, "0 or more"},
		{"MaxContacts", float64(s.MaxContacts), s.MaxContacts >= 0, "0 or more"},
		{"SleepLinearVelocity", s.SleepLinearVelocity, s.SleepLinearVelocity >= 0 && finite(s.SleepLinearVelocity), "0 or more and finite"},
		{"SleepAngularVelocity", s.SleepAngularVelocity, s.SleepAngularVelocity >= 0 && finite(s.SleepAngularVelocity), "0 or more and finite"},
		{"TimeToSleep", s.TimeToSleep, s.TimeToSleep > 0 && finite(s.TimeToSleep), "positive and finite"},
		{"PenetrationSlop", s.PenetrationSlop, s.PenetrationSlop >= 0 && finite(s.PenetrationSlop), "0 or more and finite"},
		{"PositionCorrection", s.PositionCorrection, s.PositionCorrection >= 0 && s.PositionCorrection <= 1, "between 0 and 1"},
		{"SpeculativeMargin", s.SpeculativeMargin, s.SpeculativeMargin >= 0 && finite(s.SpeculativeMargin), "0 or more and finite"},
		{"RestitutionThreshold", s.RestitutionThreshold, s.RestitutionThreshold >= 0 && finite(s.RestitutionThreshold), "0 or more and finite"},
	} {
		if !c.ok {
			return fmt.Errorf("contact: Step: Settings.%s = %g: must be %s", c.name, c.value, c.want)
		}
	}
	if !allFinite(s.Gravity[:]) {
		return fmt.Errorf("contact: Step: Settings.Gravity = %v: each component must be finite, within ±%g", s.Gravity, MaxStateValue)
	}
	return nil
}
