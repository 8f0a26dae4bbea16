package contact_test

import (
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/contact/scene"
)

// sceneWorld returns the world of scene text src.
func sceneWorld(t *testing.T, src string) *contact.World {
	t.Helper()
	sc, err := scene.Parse(strings.NewReader(src), t.Name())
	if err != nil {
		t.Fatal(err)
	}
	w, err := sc.World()
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// A ring lands at 6 m/s on one that hovers 3 cm above a third ring (or above the floor),
// out of the reach detection gives its velocity before the solve: the solve shares the
// landing's momentum and pushes it down onto what lies below within the step. The reach
// guard detects that contact after the solve: no ring is ever 1 cm inside another or the
// floor.
func TestPushedRingMeetsRingBelow(t *testing.T) {
	for _, c := range []struct{ name, below string }{
		{"ring", `<body name="low" mesh="torus" density="500" position="0 0.25 0"/>
  <body name="mid" mesh="torus" density="500" position="0.1 0.78 0" rotation="0.05 0 0.03"/>
  <body name="top" mesh="torus" density="500" position="0.05 1.3 0.1" rotation="0 0 -0.04" velocity="0 -6 0"/>`},
		{"floor", `<body name="mid" mesh="torus" density="500" position="0.1 0.28 0" rotation="0.05 0 0.03"/>
  <body name="top" mesh="torus" density="500" position="0.05 0.8 0.1" rotation="0 0 -0.04" velocity="0 -6 0"/>`},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := sceneWorld(t, `<scene><duration time="1"/><plane point="0 0 0" normal="0 1 0"/>`+c.below+`</scene>`)
			pen := newPenetration(w)
			worst, at := 0.0, 0
			for i := range 60 {
				mustStep(t, w)
				if d := pen.worst(w); d > worst {
					worst, at = d, i
				}
			}
			t.Logf("deepest %.2f mm (step %d)", 1e3*worst, at)
			if worst > 0.01 {
				t.Errorf("a ring went %.1f mm deep at step %d, want < 10 mm", 1e3*worst, at)
			}
		})
	}
}
