package contact_test

import "testing"

// Two runs of the large scenes end in bit-identical states: pile1000 through its first
// landings (in 2.5 s a box falls 31 m: the layers that started below that have landed, about
// 2,300 contacts) and large_pyramid's first steps, both with the narrow phase shared among goroutines, whose
// scheduling differs from run to run.
func TestLargeScenesDeterministic(t *testing.T) {
	for _, c := range []struct {
		scene string
		steps int
	}{{"pile1000", 150}, {"large_pyramid", 4}} {
		t.Run(c.scene, func(t *testing.T) {
			var hashes [2]uint64
			for run := range hashes {
				_, w := loadWorld(t, c.scene)
				for range c.steps {
					mustStep(t, w)
				}
				if run == 0 && w.Stats.Manifolds == 0 {
					t.Fatalf("%s: no contact after %d steps: the test would not test the narrow phase", c.scene, c.steps)
				}
				hashes[run] = stateHash(w)
			}
			if hashes[0] != hashes[1] {
				t.Errorf("%s: runs end in states with hashes %x and %x", c.scene, hashes[0], hashes[1])
			}
		})
	}
}
