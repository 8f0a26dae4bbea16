package viewer

import "time"

// Clock turns wall-clock frame times into whole fixed simulation steps (an accumulator), so the
// simulation advances at its own time step whatever the frame rate.
type Clock struct {
	Dt float64 // simulation time step, s
	// MaxLag is the most wall time one frame may owe the simulation (s). A slow simulation
	// then runs slower than real time instead of taking ever longer frames to catch up.
	MaxLag float64
	owed   float64
}

// Steps adds elapsed seconds of wall time and returns how many steps are now due.
func (c *Clock) Steps(elapsed float64) int {
	c.owed += min(elapsed, c.MaxLag)
	n := int(c.owed / c.Dt)
	c.owed -= float64(n) * c.Dt
	return n
}

// Forgive drops the time still owed: the caller ran out of its frame budget before taking all
// the steps due, and the simulation falls behind real time rather than the UI freezing.
func (c *Clock) Forgive() { c.owed = 0 }

// Within takes up to n steps, stopping early once budget wall time has passed (at least one
// step is always taken when n > 0), and returns how many it took. When it stops early the
// time still owed is forgiven: the simulation falls behind real time and the UI keeps
// responding.
func (c *Clock) Within(n int, budget time.Duration, step func()) int {
	start := time.Now()
	for i := range n {
		step()
		if i < n-1 && time.Since(start) > budget {
			c.Forgive()
			return i + 1
		}
	}
	return n
}
