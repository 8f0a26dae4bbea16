package contact

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/inertia"
)

// create adds a free body of mesh m (density 1000 kg/m³) with its centre of mass at p.
func create(t testing.TB, w *World, m *inertia.Mesh, p mgl64.Vec3) BodyID {
	t.Helper()
	def := DefaultBodyDef()
	def.Mesh, def.Position = m, p
	id, err := w.CreateBody(def)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// floorOnly returns a world with the default settings and a floor through the origin.
func floorOnly() *World {
	w := NewWorld(DefaultSettings())
	w.Planes = []Plane{{Normal: mgl64.Vec3{0, 1, 0}, Friction: DefaultMaterial.Friction}}
	return w
}

// untilAsleep steps w until every free body sleeps, failing after n steps.
func untilAsleep(t testing.TB, w *World, n int) {
	t.Helper()
	free := 0
	for _, b := range w.Bodies {
		if !b.Fixed {
			free++
		}
	}
	for range n {
		mustStep(t, w)
		if w.SleepingBodies() == free {
			return
		}
	}
	t.Fatalf("%d of %d bodies asleep after %d steps", w.SleepingBodies(), free, n)
}
