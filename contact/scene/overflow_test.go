package scene

import (
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/contact"
)

// A budget exceeded is told in the scene's terms: the first pair dropped by name and line; a
// body the scene did not make, by index.
func TestOverflowNamesBodies(t *testing.T) {
	s, err := Parse(strings.NewReader("<scene><duration time=\"1\"/>\n<body name=\"a\" mesh=\"cube\"/>\n\n<body mesh=\"cube\"/></scene>"), "s.xml")
	if err != nil {
		t.Fatal(err)
	}
	o := contact.Overflow{Budget: "contacts", Limit: 26, Dropped: 1, A: 0, B: 1, Step: 1, Time: 0.0166666667}
	const problem = "dropped at step 1 (t = 0.0166667 s) with 0 other pairs: the step's budget of 26 contacts between bodies was spent, " +
		"and dropped pairs pass through each other (said once; do bodies overlap?)"
	if got, want := s.Overflow(o), `s.xml:4: body 1 and body 0 "a" (line 2): `+problem; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	o.B = 2
	if got, want := s.Overflow(o), "bodies 0 and 2: "+problem; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
