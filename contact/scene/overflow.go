package scene

import (
	"fmt"

	"github.com/tumble-physics/tumble/contact"
)

// Overflow returns o, a budget that a step of the scene's world exceeded
// (contact.World.Overflows), as a warning in the scene's terms: the first pair of bodies
// dropped, with the lines of their <body> elements ("pile.xml:9: body 7 "crate" and body 2
// (line 4): dropped at step 1 …"). A pair with a body the scene did not make (one dropped
// into the viewer) is named by index.
func (s *Scene) Overflow(o contact.Overflow) string {
	if o.B >= len(s.Bodies) {
		return o.String()
	}
	return fmt.Sprintf("%s: %s and %s (line %d): %s", s.at(s.Bodies[o.B].Line), s.describe(o.B), s.describe(o.A), s.Bodies[o.A].Line, o.Problem())
}
