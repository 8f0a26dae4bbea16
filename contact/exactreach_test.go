package contact_test

import "testing"

// The exact stage reaches the stacks it is for and leaves the large islands to the sweeps:
// every step of an awake tower40 and massratio solves its island exactly, and pyramid20's
// one island of 590 manifolds is over the budget.
func TestExactStageReach(t *testing.T) {
	for _, c := range []struct {
		scene          string
		exact, skipped int // islands a step, every step
	}{{"tower40", 1, 0}, {"massratio", 1, 0}, {"pyramid20", 0, 1}} {
		_, w := loadWorld(t, c.scene)
		w.EnableSleep = false
		var cost int
		for range 60 {
			mustStep(t, w)
			st := w.Stats.Exact
			if st.Islands != c.exact || st.Skipped != c.skipped || st.Unsettled != 0 {
				t.Fatalf("%s, step %d: %+v; want %d solved and %d over the budget", c.scene, w.Steps, st, c.exact, c.skipped)
			}
			cost += st.Cost
		}
		t.Logf("%s: %d island(s) solved exactly a step, %d over the budget; %d multiplications factoring a step", c.scene, c.exact, c.skipped, cost/60)
	}
}
