package contact_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact"
)

// A body created through the API moves as the same body read from a scene file, bit for bit:
// the built-in fling scene (a torus thrown with spin at the floor) against its twin in code.
func TestCreateBodyMatchesScene(t *testing.T) {
	w := contact.NewWorld(contact.DefaultSettings())
	w.Planes = []contact.Plane{{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5}}
	def := contact.DefaultBodyDef()
	def.Mesh, def.Density = builtin("torus"), 500
	def.Position, def.Orientation = mgl64.Vec3{0, 2, 0}, body.Exp(mgl64.Vec3{0.6, 0, 0.3})
	def.Velocity, def.AngularVelocity = mgl64.Vec3{2, -3, 0}, mgl64.Vec3{6, 3, 0}
	if _, err := w.CreateBody(def); err != nil {
		t.Fatal(err)
	}
	_, scene := loadWorld(t, "fling")
	for range 120 {
		mustStep(t, w)
		mustStep(t, scene)
	}
	a, b := w.Bodies[0], scene.Bodies[0]
	if a.P != b.P || a.R != b.R || a.V != b.V || a.Omega != b.Omega || a.Mass != b.Mass {
		t.Errorf("after 2 s: at %v moving %v; the scene's at %v moving %v", a.P, a.V, b.P, b.V)
	}
}
