package contact

import "fmt"

// A step's memory grows with the pairs of bodies the broad phase finds and with the manifolds
// the narrow phase keeps, and bodies spawned at one point make every pair of them both: n²/2
// of each. As Jolt's PhysicsSystem::Init(…, maxBodyPairs, maxContactConstraints), a step has
// a budget of each (Settings.MaxPairs, Settings.MaxContacts). What lies beyond it is dropped for
// the step, never stored: the bodies of a dropped pair pass through each other. The first
// step that exceeds each budget is reported (World.Overflows). The defaults grow with the
// number of bodies, so that a step's memory is linear in them however they lie, and are far
// above what bodies that do not overlap need (docs/contact.md, "Budgets").
const (
	// PairsPerBody is the default pair budget per body: Settings.MaxPairs 0 means PairsPerBody
	// times the number of bodies. The shipped scenes reach 6.7 pairs per body at most (tori50
	// falling; pile1000 5.8), and a pair the narrow phase finds apart costs about a hundred
	// bytes.
	PairsPerBody = 64
	// ContactsPerBody is the default contact budget per body: Settings.MaxContacts 0 means
	// ContactsPerBody times the number of bodies. Cubes stacked face to face in a lattice,
	// each touching its 26 neighbours at faces, edges and corners, make 13 manifolds per body;
	// the shipped scenes reach 4 (tori50). A manifold and its rows cost about 10 kB in a step.
	ContactsPerBody = 13
	// budgetWindow is the fewest pairs the narrow phase detects between two counts of its
	// manifolds against the contact budget: the most that may be detected, and dropped,
	// beyond the pair that reaches it.
	budgetWindow = 1024
)

// pairBudget returns the most pairs of bodies the broad phase keeps in a step.
func (w *World) pairBudget() int {
	if w.MaxPairs > 0 {
		return w.MaxPairs
	}
	return PairsPerBody * len(w.Bodies)
}

// contactBudget returns the most manifolds between bodies the narrow phase finds in a step.
func (w *World) contactBudget() int {
	if w.MaxContacts > 0 {
		return w.MaxContacts
	}
	return ContactsPerBody * len(w.Bodies)
}

// Overflow reports the first step that found more than a budget allows.
type Overflow struct {
	// Budget is "pairs" (Settings.MaxPairs) or "contacts" (Settings.MaxContacts).
	Budget string
	// Limit is the budget in that step.
	Limit int
	// Dropped is how many pairs of bodies the step dropped: beyond the pair budget, the
	// pairs whose boxes overlap; after the pair that reached the contact budget, the broad
	// phase's pairs, touching or not (they were not detected).
	Dropped int
	// IDA and IDB name the bodies of the first pair dropped.
	IDA, IDB BodyID
	// A and B are their indices in World.Bodies at that step, A < B (a body removed since
	// moves the indices after it; the IDs stay).
	A, B int
	// Step is World.Steps after the step, and Time World.Time then, s.
	Step int
	Time float64
}

// Problem describes the overflow after the first pair dropped, for callers that name its
// bodies themselves: "dropped at step 1 (t = 0.0166667 s) with 486999 other pairs: the
// step's budget of 13000 contacts between bodies was spent, …".
func (o Overflow) Problem() string {
	what := "pairs of bodies that may touch"
	if o.Budget == "contacts" {
		what = "contacts between bodies"
	}
	return fmt.Sprintf("dropped at step %d (t = %.6g s) with %d other pairs: the step's budget of %d %s was spent, "+
		"and dropped pairs pass through each other (said once; do bodies overlap?)", o.Step, o.Time, o.Dropped-1, o.Limit, what)
}

// String names the first pair dropped by its BodyIDs (by its indices when it has none)
// and describes the overflow.
func (o Overflow) String() string {
	if o.IDA == NoBody {
		return fmt.Sprintf("bodies %d and %d: %s", o.A, o.B, o.Problem())
	}
	return fmt.Sprintf("bodies %v and %v: %s", o.IDA, o.IDB, o.Problem())
}

// budgetLog keeps the overflows not yet handed out, and which budgets have overflowed.
type budgetLog struct {
	pending  []Overflow
	reported [2]bool // pairs, contacts
}

// overflow records that the step under way dropped n pairs beyond the budget named, of
// limit, the first being first, if that budget has not overflowed before.
func (s *contactState) overflow(w *World, budget string, limit, n int, first [2]int32) {
	log := &s.budget
	k := 0
	if budget == "contacts" {
		k = 1
	}
	if log.reported[k] {
		return
	}
	log.reported[k] = true
	step := w.Steps + 1
	log.pending = append(log.pending, Overflow{Budget: budget, Limit: limit, Dropped: n,
		IDA: w.idOf(int(first[0])), IDB: w.idOf(int(first[1])),
		A: int(first[0]), B: int(first[1]), Step: step, Time: float64(step) * w.Dt})
}

// dropPairs drops the pairs from index keep of d.pairs on, after the pair that reached the
// contact budget, limit.
func (d *detector) dropPairs(s *contactState, w *World, keep, limit int) {
	np := &d.narrow
	s.overflow(w, "contacts", limit, len(d.pairs)-keep, d.pairs[keep])
	d.pairs, np.slots, np.axes = d.pairs[:keep], np.slots[:keep], np.axes[:keep]
}

// Overflows returns the budgets exceeded since the last call, each only the first time it
// was, oldest first, and forgets them: a caller that asks after every step, as it calls
// CheckFinite, warns of each budget once however many steps exceed it.
func (w *World) Overflows() []Overflow {
	log := &w.contacts.budget
	out := log.pending
	log.pending = nil
	return out
}
