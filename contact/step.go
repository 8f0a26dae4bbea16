package contact

import (
	"runtime"
	"slices"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/collide"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
	"github.com/tumble-physics/tumble/contact/solve"
	"github.com/tumble-physics/tumble/pgs"

	"github.com/go-gl/mathgl/mgl64"
)

// Material is a body's surface: what its contacts mix with the other side's.
type Material struct {
	// Friction is the Coulomb coefficient μ ≥ 0 (see MixFriction). Default 0.5.
	Friction float64
	// Restitution is the coefficient e in [0, 1] (see MixRestitution). Default 0.
	Restitution float64
	// RollingResistance, in [0, 1], lets a contact resist its bodies' turning about the
	// points that carry it, as the patch of a real contact does: the angular impulse about
	// the normal and about each tangent is at most RollingResistance times the smaller
	// body's radius (its farthest hull corner from the centre of mass) times the contact's
	// normal impulse (see MixRolling; docs/contact.md, "Rolling resistance"). Default 0.
	RollingResistance float64
}

// DefaultMaterial is the material of a body that World.Materials does not cover: the
// scene format's defaults.
var DefaultMaterial = Material{Friction: 0.5, Restitution: 0}

// Stats describes the last step's contacts and solve.
type Stats struct {
	// Contacts is the number of manifold points that pushed (normal impulse > 0) or touch
	// after the step (within PenetrationSlop of their plane or of the other body): 4 for a
	// box at rest, although the block solver may put its weight on two diagonal corners.
	// Sleeping islands' points count as they did when the islands fell asleep, so the count
	// describes the world, awake or not: the touching points of what Contacts lists.
	Contacts int
	// Recycled is how many of the step's manifolds between two bodies were kept from the
	// last step without a narrow phase: their bodies had barely moved relative to each
	// other since the manifold was detected (docs/contact.md, "Recycling").
	Recycled int
	// Manifolds is the number of manifolds, speculative ones included, those of sleeping
	// islands among them: the number Manifolds lists.
	Manifolds int
	// MaxPenetration is the deepest a contact point lies inside a plane or another body, or
	// a hull corner behind a plane, after the step's position update, metres (0 when none
	// does).
	MaxPenetration float64
	// MaxPlanePenetration is the deepest a hull corner lies behind a plane after the step's
	// position update, metres (0 when none does): the part of MaxPenetration that planes see.
	MaxPlanePenetration float64
	// Rows is the number of constraint rows solved (3 per contact point of the awake
	// islands): unlike Contacts it counts work, which sleeping islands do not cost.
	Rows int
	// Iterations is the number of solver sweeps of the velocity solves (the guard rounds
	// included), in total; Residuals has the last solve's.
	Iterations int
	// Sweeps is every sweep of the step: the velocity solves' and the position pass's. With
	// the default solver each solve runs at most World.Iterations (docs/contact.md,
	// "Sweeps").
	Sweeps int
	// GuardRounds is the number of times the velocity solve was repeated because its
	// velocities would have left a corner deeper than the slop against a plane, or a guard
	// changed a manifold: at most 2 per step, none at rest (docs/contact.md).
	GuardRounds int
	// Residuals holds the last velocity solve's residual per sweep (m/s, see
	// pgs.GaussSeidel); it is overwritten by the next step.
	Residuals []float64
	// PositionRows and PositionIterations describe the position pass (0 when no contact was
	// deeper than PenetrationSlop).
	PositionRows, PositionIterations int
	// Exact describes the last velocity solve's exact stage: the islands it solved exactly
	// and those it left to the sweeps, and why (docs/contact.md, "The exact stage"). Zero
	// with a caller's Solver.
	Exact solve.ExactStats
	// Err is the solver's error, if it failed (the step then left velocities unconstrained).
	Err error
	// Stages is how long the step's stages took, when World.TimeStages is set (zero
	// otherwise).
	Stages StageTimes
}

// material returns body i's material.
func (w *World) material(i int) Material {
	if i < len(w.Materials) {
		return w.Materials[i]
	}
	return DefaultMaterial
}

// sweepTolerance (m/s) stops a solve's sweeps early once no row's relative velocity changes
// by more than this in a sweep: a settled stack costs a sweep or two, not Iterations. 1 µm/s
// moves a body 17 nm in a step.
const sweepTolerance = 1e-6

// exactBudget is the most multiplications the exact stage spends factoring one island
// (docs/contact.md, "The exact stage").
const exactBudget = 1 << 20

// step advances the world by Dt in a fixed list of stages (docs/architecture.md, "One time
// step"; the reasons, tests and tunables of each in docs/contact.md, "The step"):
//
//  1. prepare: size the scratch, find the hulls of new meshes and the planes' unit normals,
//     and hand back the manifolds of islands woken since the last step;
//  2. kick: gravity and the bodies' forces (body.IntegrateVelocity);
//  3. detect: the broad phase, each body against the planes and each pair through the
//     narrow phase, into manifolds of at most four points that keep their ids and impulses
//     from the last step; the contact graph's levels and the solve order (contact/levels);
//     sleeping islands that an awake body now touches wake;
//  4. velocity rounds: the constraints prepared and solved, the solved velocities checked by
//     the guards and solved again where they would go deep (velocityRounds);
//  5. position pass: split impulses remove depth beyond PenetrationSlop without adding
//     kinetic energy;
//  6. integrate positions, measure the step (Stats), and put to sleep the islands that have
//     rested for TimeToSleep (contact/island); a sleeping body is skipped by every stage
//     until an awake body touches its island, or Wake is called.
//
// The stages share their work among World.Workers goroutines, or, with Workers at 0, among
// as many as the world's timed trials chose for the step (workers.go).
func (w *World) step() {
	s := &w.contacts
	s.workers = 0 // narrowWorkers then answers World.Workers
	if w.Workers == 0 {
		s.workers = s.tuner.begin(runtime.GOMAXPROCS(0))
		defer func() { s.tuner.end(len(s.prev)) }()
	}
	st := &w.Stats.Stages
	*st = StageTimes{}
	s.clock.start(w.TimeStages)
	s.prepare(w)
	w.prepareSleep()
	s.kick(w)
	s.clock.lap(&st.Other)
	s.detector.run(s, w)
	w.wakeTouched()
	s.clock.lap(&st.Detection)
	s.velocityRounds(w)
	s.position.run(s, w, w.Iterations)
	s.clock.lap(&st.Position)
	w.Stats.Sweeps = w.Stats.Iterations + w.Stats.PositionIterations
	s.integrate(w)
	s.measure(w)
	w.fallAsleep()
	s.clock.lap(&st.Other)
	s.cur, s.prev = s.prev, s.cur
	w.Steps++
	w.Time = float64(w.Steps) * w.Dt // exact to rounding however long the run
}

// velocityRounds solves the step's velocities: it prepares the constraints, solves them (at
// most Iterations sweeps, then the exact stage) and hands the solved velocities to the
// bodies; then the guards look at what those velocities would do, and while one changed a
// manifold or a point would end deeper than the slop, the solve runs again from the kicked
// velocities, warm started from the impulses just found, at most guardRounds more times.
func (s *contactState) velocityRounds(w *World) {
	w.Stats.Err = nil
	w.Stats.Rows, w.Stats.Iterations, w.Stats.GuardRounds = 0, 0, 0
	w.Stats.Exact = solve.ExactStats{}
	s.guards.final = false
	for round := 0; len(s.cur) > 0; round++ {
		st, err := s.solveVelocities(w, round, w.Iterations)
		w.Stats.Rows, w.Stats.Iterations = s.rows(), w.Stats.Iterations+st.Iterations
		w.Stats.Residuals = append(w.Stats.Residuals[:0], st.Residuals...)
		w.Stats.GuardRounds = round
		if err != nil {
			w.Stats.Err = err
			s.clock.lap(&w.Stats.Stages.Solve)
			return
		}
		s.applyImpulses(w)
		s.clock.lap(&w.Stats.Stages.Solve)
		guarded := round < guardRounds
		again := guarded && s.guards.run(s, w)
		s.guards.final = guarded && !again
		s.clock.lap(&w.Stats.Stages.Guards)
		if !again {
			return
		}
		for i, b := range w.Bodies { // solve again from the unconstrained velocities
			v := s.post[6*i:]
			b.V, b.Omega = mgl64.Vec3{v[0], v[1], v[2]}, mgl64.Vec3{v[3], v[4], v[5]}
		}
	}
}

// solveVelocities runs round round of the step's velocity solve from the velocities after
// the kick: the built-in solver with at most sweeps sweeps, or the caller's Solver.
func (s *contactState) solveVelocities(w *World, round, sweeps int) (pgs.Stats, error) {
	if w.Solver != nil {
		s.vel.build(s, w)
		s.clock.lap(&w.Stats.Stages.Prepare)
		return w.Solver.Solve(&s.vel.Problem)
	}
	s.prepared.run(s, w, round)
	s.con.Share(&s.pool, w.narrowWorkers(), &s.layout)
	s.clock.lap(&w.Stats.Stages.Prepare)
	it := s.con.Solve(sweeps, sweepTolerance)
	w.Stats.Exact = s.con.Exact(exactBudget)
	return pgs.Stats{Iterations: it, Residuals: s.con.Residuals}, nil
}

// rows returns the number of constraint rows of the step: three per manifold point.
func (s *contactState) rows() int {
	n := 0
	for i := range s.cur {
		n += 3 * s.cur[i].N
	}
	return n
}

// prepare sizes the per-body scratch, finds the hull of any body it has not seen and the
// planes' unit normals.
func (s *contactState) prepare(w *World) {
	n := len(w.Bodies)
	s.pre = grow(s.pre, 6*n)
	s.post = grow(s.post, 6*n)
	s.pseudo = grow(s.pseudo, 6*n)
	for len(s.hulls) < n {
		s.hulls = append(s.hulls, nil)
		s.meshes = append(s.meshes, nil)
		s.posed = append(s.posed, collide.Pose{})
	}
	s.normals = s.normals[:0]
	for _, pl := range w.Planes {
		s.normals = append(s.normals, rounded.Normalize(pl.Normal))
	}
	for i, b := range w.Bodies {
		if s.meshes[i] != b.Mesh || s.hulls[i] == nil {
			s.meshes[i] = b.Mesh
			s.hulls[i] = &collide.Shape{Box: aabb.Empty}
			if b.Mesh != nil {
				s.hulls[i] = s.hullsByShape.For(b.Mesh)
			}
		}
	}
}

// grow returns s with length n and zeros, reusing its storage when large enough.
func grow(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// resized returns x with length n, its first min(len(x), n) elements kept.
func resized[T any](x []T, n int) []T {
	if n <= cap(x) {
		return x[:n]
	}
	return slices.Grow(x, n-len(x))[:n]
}
