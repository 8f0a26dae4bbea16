package contact

import (
	"math"
	"testing"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/internal/bodytest"

	"github.com/go-gl/mathgl/mgl64"
)

// boxBody returns a free box of the given size (m) and mass (kg), centred at pos.
var boxBody = bodytest.Box

// floorWorld returns a world at dt = 1/60 with 10 iterations and a floor through the origin.
func floorWorld(friction float64, bodies ...*body.Body) *World {
	w := worldOf(mgl64.Vec3{0, -9.81, 0}, bodies...)
	w.Planes = []Plane{{Normal: mgl64.Vec3{0, 1, 0}, Friction: friction}}
	return w
}

// worldOf returns a world with the default settings but gravity g, holding bodies.
func worldOf(g mgl64.Vec3, bodies ...*body.Body) *World {
	w := NewWorld(DefaultSettings())
	w.Gravity, w.Bodies = g, bodies
	return w
}

// mustStep steps w and fails the test on an error.
func mustStep(t testing.TB, w *World) {
	t.Helper()
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
}

// defaults are the default settings, for tests that compare with a tolerance.
var defaults = DefaultSettings()

// icosphere returns a free icosphere of radius r and mass m at pos (bodytest.Icosphere).
var icosphere = bodytest.Icosphere

// lowest returns the height of b's lowest vertex.
func lowest(b *body.Body) float64 {
	y := math.Inf(1)
	for _, v := range b.Mesh.Vertices {
		y = min(y, b.WorldPoint(v)[1])
	}
	return y
}

// torus returns a free torus about the y axis of mass m at pos (bodytest.Torus).
var torus = bodytest.Torus

// builtinMesh reads a built-in mesh (bodytest.Mesh).
var builtinMesh = bodytest.Mesh

// cylinderPoints returns a cylinder of radius r and height 2 with k points around each cap
// and the caps' centres (bodytest.CylinderPoints).
var cylinderPoints = bodytest.CylinderPoints

// energy returns the kinetic plus gravitational potential energy of the world's bodies (J),
// with the potential measured from y = 0.
func energy(w *World) float64 {
	e := 0.0
	for _, b := range w.Bodies {
		e += b.KineticEnergy() - b.Mass*w.Gravity.Dot(b.P)
	}
	return e
}

// checkSweeps fails t if the last step ran a solve of more than w.Iterations sweeps, or
// more guard rounds than it may.
func checkSweeps(t *testing.T, w *World, what string) {
	t.Helper()
	st, n := &w.Stats, w.Iterations
	if len(st.Residuals) > n || st.PositionIterations > n || st.GuardRounds > guardRounds ||
		st.Iterations > (st.GuardRounds+1)*n || st.Sweeps != st.Iterations+st.PositionIterations {
		t.Fatalf("%sIterations %d: step %d ran %d velocity sweeps in %d guard rounds (the last solve %d), %d position sweeps, %d sweeps in all",
			what, n, w.Steps, st.Iterations, st.GuardRounds, len(st.Residuals), st.PositionIterations, st.Sweeps)
	}
}
