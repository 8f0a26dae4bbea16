package contact

import (
	"testing"

	"tumble/body"
	"tumble/inertia"

	"github.com/go-gl/mathgl/mgl64"
)

// boxBody returns a free box of the given size (m) and mass (kg), centred at pos.
func boxBody(size mgl64.Vec3, mass float64, pos mgl64.Vec3) *body.Body {
	m := &inertia.Mesh{Name: "box"}
	for _, x := range []float64{-0.5, 0.5} {
		for _, y := range []float64{-0.5, 0.5} {
			for _, z := range []float64{-0.5, 0.5} {
				m.Vertices = append(m.Vertices, mgl64.Vec3{x * size[0], y * size[1], z * size[2]})
			}
		}
	}
	a, b, c := size[0]*size[0], size[1]*size[1], size[2]*size[2]
	i := mgl64.Vec3{mass / 12 * (b + c), mass / 12 * (a + c), mass / 12 * (a + b)}
	return &body.Body{Mesh: m, Mass: mass, InvMass: 1 / mass, Inertia: mgl64.Diag3(i),
		InvInertia: mgl64.Diag3(mgl64.Vec3{1 / i[0], 1 / i[1], 1 / i[2]}), R: mgl64.Ident3(), P: pos}
}

// floorWorld returns a world at dt = 1/60 with 10 iterations and a floor through the origin.
func floorWorld(friction float64, bodies ...*body.Body) *World {
	return &World{Bodies: bodies, Gravity: mgl64.Vec3{0, -9.81, 0}, Dt: 1.0 / 60, Iterations: 10,
		Planes: []Plane{{Normal: mgl64.Vec3{0, 1, 0}, Friction: friction}}}
}

var _ = testing.Short
