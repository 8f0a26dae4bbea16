package contact

import "time"

// StageTimes is how long the stages of a step took, wall clock, when World.TimeStages is
// set (docs/architecture.md, "One time step"): what a profile by stage would show, for
// any scene and any number of workers, without a profiler. The durations are disjoint
// parts of Step, so their sum is at most the step's time.
type StageTimes struct {
	// Detection: the broad phase, the plane corners, the narrow phase, the contact graph's
	// levels, waking what an awake body touches.
	Detection time.Duration
	// Prepare: the constraints (or a caller's Solver's rows) prepared, on every velocity
	// round.
	Prepare time.Duration
	// Solve: the velocity sweeps and the exact stage, and the solved velocities handed to
	// the bodies, on every velocity round.
	Solve time.Duration
	// Guards: the reach, non-convex and corner guards after each velocity round.
	Guards time.Duration
	// Position: the position pass.
	Position time.Duration
	// Other: the rest of the step (the scratch sized, the kick, integration, the measures,
	// sleep).
	Other time.Duration
}

// Add returns the stages' times of t and u summed, stage by stage.
func (t StageTimes) Add(u StageTimes) StageTimes {
	return StageTimes{t.Detection + u.Detection, t.Prepare + u.Prepare, t.Solve + u.Solve,
		t.Guards + u.Guards, t.Position + u.Position, t.Other + u.Other}
}

// Total returns the sum of the stages' times.
func (t StageTimes) Total() time.Duration {
	return t.Detection + t.Prepare + t.Solve + t.Guards + t.Position + t.Other
}

// stageClock times a step's stages into Stats.Stages, when on.
type stageClock struct {
	on bool
	at time.Time
}

// start starts the clock for a step, on or not.
func (c *stageClock) start(on bool) {
	if c.on = on; on {
		c.at = time.Now()
	}
}

// lap adds the time since the last lap (or the start) to d.
func (c *stageClock) lap(d *time.Duration) {
	if c.on {
		now := time.Now()
		*d += now.Sub(c.at)
		c.at = now
	}
}
