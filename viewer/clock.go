package viewer

import "time"

// Clock turns wall time into whole fixed simulation steps (an accumulator), so the simulation
// advances at its own time step whatever the frame rate.
type Clock struct {
	Dt float64 // simulation time step, s
	// MaxLag is the most simulated time the simulation may owe (s). A simulation slower than
	// real time then runs as fast as it can, slower than real time, instead of taking ever
	// longer bursts of steps to catch up.
	MaxLag float64
	owed   float64
}

// Tick adds elapsed seconds of simulated time (wall time times the time scale) to the time
// owed, keeping at most MaxLag.
func (c *Clock) Tick(elapsed float64) { c.owed = min(c.owed+elapsed, c.MaxLag) }

// Due reports whether a whole step is owed, and if so counts it as taken.
func (c *Clock) Due() bool {
	if c.owed < c.Dt {
		return false
	}
	c.owed -= c.Dt
	return true
}

// Wait returns the simulated time until the next step is due (0 if one is due now), as a
// duration: divide it by the time scale for the wall time to wait.
func (c *Clock) Wait() time.Duration {
	return time.Duration(max(c.Dt-c.owed, 0) * float64(time.Second))
}
