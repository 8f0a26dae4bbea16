package contact

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/collide"
	"github.com/tumble-physics/tumble/contact/internal/work"
	"github.com/tumble-physics/tumble/contact/levels"
	"github.com/tumble-physics/tumble/contact/solve"
	"github.com/tumble-physics/tumble/inertia"
)

// contactState is the contacts' part of a World. What its stages share is in three parts by
// how long it lives: what the next step reads (worldState), what a step builds for itself
// in the storage of the last one (stepContext), and what its stages work in while they run
// (stageScratch). A stage with state of its own holds it in a type of its own (detector,
// prepared, guards, positionPass), whose methods take the shared state as an argument.
// Nothing is allocated once a scene's sizes have been reached.
type contactState struct {
	worldState
	stepContext
	stageScratch
	// The stages with state of their own.
	detector detector     // detect.go
	prepared prepared     // prepare.go
	guards   guards       // guard.go, reachguard.go, ncguard.go
	position positionPass // positionpass.go, cornerrows.go
}

// worldState is what one step leaves for the next: the shapes, the manifolds and impulses
// that warm start the next step, the bodies' turns and the budgets' log.
type worldState struct {
	// hullsByShape holds the shapes by their meshes' content, shared by bodies whose
	// meshes are equal (collide.Shapes)
	hullsByShape collide.Shapes
	hulls        []*collide.Shape // per body
	meshes       []*inertia.Mesh  // per body: the mesh its hull was built from
	prev         []Manifold       // last step's manifolds, with their impulses
	prevAt       map[Pair]int     // their indices by pair
	turns        []mgl64.Mat3     // per body: exp(h[ω]×) for its current ω (turn)
	turnArgs     []mgl64.Vec3     // per body: the h ω its turn was computed from
	turnsStale   bool             // s.turns was resized: every turn is to be computed (sizeTurns)
	budget       budgetLog        // the first step that exceeded each budget (budget.go)
	tuner        workerTuner      // how many goroutines a step shares its stages among (workers.go)
}

// stepContext is what a step builds and its stages pass on, in order: the bodies' velocities
// around the kick, the manifolds, the contact graph's levels and the solve order, and the
// solver's problem.
type stepContext struct {
	pre      []float64      // per body: generalized velocity before the gravity kick (6)
	post     []float64      // per body: after the kick (6)
	pseudo   []float64      // per body: the position pass's pseudo-velocity (6)
	normals  []mgl64.Vec3   // per plane: its unit normal, once per step (prepare)
	posed    []collide.Pose // per body, posed once per detection when a pair asks (collide.Body.Posed)
	detected                // this step's manifolds and their spare candidates (perbody.go)
	graph    levels.Graph   // per body its level in the contact graph, the manifolds bottom-up (contact/levels)
	layout   solve.Layout   // lays graph.Order out in parts for a shared solve (levels.go)
	con      solve.Contacts // the built-in solver's problem (prepare.go)
	vel      callerRows     // the velocity solve of a caller's Solver (rows.go)
	clock    stageClock     // times the stages when World.TimeStages is set (stagetimes.go)
	workers  int            // the goroutines the step shares its stages among (narrowWorkers)
}

// stageScratch is what the stages work in: the goroutines that share them. A later step
// reads none of it.
type stageScratch struct {
	pool  work.Pool // the goroutines that share a stage's items (share)
	stage stage     // the stage the pool runs
}
