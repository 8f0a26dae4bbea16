package contact_test

import "testing"

// lockedStates are the final-state hashes (stateHash) of scenes whose contact solve is
// large or deep: pile1000 through its first landings, the pyramid, the tallest tower and
// the tori. They pin every step's results to the bit, so that a change meant to be only
// faster (the solver's kernels, the row building: docs/contact.md, "Solver speed") shows
// if it moves a single bit. A change meant to change the trajectories updates the table
// with the hashes the failure prints.
var lockedStates = []struct {
	scene string
	steps int
	hash  uint64
}{
	{"pyramid20", 120, 0xcd526209a8e5d5b8},
	{"tower40", 120, 0x40963b44d3c2f4a2},
	{"tori50", 60, 0x9428f701c8b9e6a5},
	{"pile1000", 150, 0xabee5689f79b0819},
}

func TestStatesLocked(t *testing.T) {
	for _, c := range lockedStates {
		t.Run(c.scene, func(t *testing.T) {
			_, w := loadWorld(t, c.scene)
			for range c.steps {
				w.Step()
			}
			if h := stateHash(w); h != c.hash {
				t.Errorf("%s after %d steps: state hash %#x, locked %#x", c.scene, c.steps, h, c.hash)
			}
		})
	}
}
