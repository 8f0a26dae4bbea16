package contact_test

import "testing"

// The exact stage reaches the stacks it is for and leaves the large islands to the sweeps:
// every step of an awake tower40 and massratio either solves its island exactly or keeps
// the sweeps' answer because it already meets the stage's conditions (once the stack has
// settled, warm started from an exact answer), and pyramid20's one island of 590 manifolds
// is over the budget.
func TestExactStageReach(t *testing.T) {
	for _, c := range []struct {
		scene          string
		exact, skipped int // islands a step, every step
	}{{"tower40", 1, 0}, {"massratio", 1, 0}, {"pyramid20", 0, 1}} {
		_, w := loadWorld(t, c.scene)
		w.EnableSleep = false
		var cost, held int
		for range 60 {
			mustStep(t, w)
			st := w.Stats.Exact
			if st.Islands+st.Held != c.exact || st.Skipped != c.skipped || st.Unsettled != 0 {
				t.Fatalf("%s, step %d: %+v; want %d solved or held and %d over the budget", c.scene, w.Steps, st, c.exact, c.skipped)
			}
			cost += st.Cost
			held += st.Held
		}
		t.Logf("%s: %d island(s) a step solved exactly or held (held in %d of 60 steps), %d over the budget; %d multiplications factoring a step",
			c.scene, c.exact, held, c.skipped, cost/60)
	}
}
