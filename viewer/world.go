package viewer

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/inertia"
)

// This file is the viewer's one door to the World's API: it alone builds worlds, reads and
// sets their Settings, adds bodies, changes materials and wakes bodies, so a change of the
// World's API touches it and nothing else of the viewer. The viewer names bodies by their
// index in World.Bodies, scene order, as its traces do.

// params are the World's settings the panel shows and changes.
type params struct {
	Gravity    mgl64.Vec3 // m/s², world frame
	Dt         float64    // time step, s
	Iterations int        // solver sweeps per step
	Sleep      bool       // islands at rest fall asleep
}

// readParams returns w's settings.
func readParams(w *contact.World) params {
	return params{Gravity: w.Gravity, Dt: w.Dt, Iterations: w.Iterations, Sleep: w.EnableSleep}
}

// apply sets w's settings to p.
func (p params) apply(w *contact.World) {
	w.Gravity, w.Dt, w.Iterations, w.EnableSleep = p.Gravity, p.Dt, p.Iterations, p.Sleep
}

// bodies returns w's bodies, in scene order.
func bodies(w *contact.World) []*body.Body { return w.Bodies }

// addBody appends b to w's bodies, with the default material.
func addBody(w *contact.World, b *body.Body) error {
	_, err := w.AddBody(b, contact.DefaultMaterial)
	return err
}

// wake wakes body i and its island.
func wake(w *contact.World, i int) { w.Wake(w.ID(i)) }

// sleeping reports whether body i is asleep.
func sleeping(w *contact.World, i int) bool { return w.Sleeping(w.ID(i)) }

// gravity returns w's acceleration of gravity, m/s².
func gravity(w *contact.World) mgl64.Vec3 { return w.Gravity }

// bodyMaterial returns body i's friction and restitution.
func bodyMaterial(w *contact.World, i int) contact.Material { return w.BodyMaterial(w.ID(i)) }

// setBodyMaterial changes body i's friction and restitution, and wakes what it touches.
func setBodyMaterial(w *contact.World, i int, m contact.Material) error {
	return w.SetMaterial(w.ID(i), m)
}

// setWorkers has w's step share its stages among n goroutines (one per core).
func setWorkers(w *contact.World, n int) { w.Workers = n }

// rescaled returns a world like w with body i scaled by factor about its centre of mass
// (its mesh and mass properties at the density it had), lifted so that it reaches no lower
// than before; the others keep their state. The world is built anew, so no cache of the
// step keeps the old shape.
func rescaled(w *contact.World, i int, factor float64) (*contact.World, error) {
	old := w.Bodies[i]
	unit, err := inertia.Compute(old.Mesh, 1, inertia.Options{})
	if err != nil {
		return nil, err
	}
	m := old.Mesh.Transformed(mgl64.Vec3{factor, factor, factor})
	props, err := inertia.Compute(m, old.Mass/unit.Volume, inertia.Options{})
	if err != nil {
		return nil, err
	}
	b := body.New(m, props)
	b.R, b.P, b.V, b.Omega = old.R, old.P, old.V, old.Omega
	if low, was := lowest(b.Mesh.Vertices, b.R), lowest(old.Mesh.Vertices, old.R); low < was {
		b.P[1] += was - low
	}
	nw := contact.NewWorld(w.Settings)
	nw.Time, nw.Steps, nw.Planes = w.Time, w.Steps, w.Planes
	for j, o := range w.Bodies {
		if j == i {
			o = b
		}
		if _, err := nw.AddBody(o, bodyMaterial(w, j)); err != nil {
			return nil, err
		}
	}
	return nw, nil
}

// floorWorld returns an empty world over the floor y = 0, with the scene format's defaults.
func floorWorld() *contact.World {
	floor := contact.Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: contact.DefaultMaterial.Friction, Restitution: contact.DefaultMaterial.Restitution,
		RollingResistance: contact.DefaultMaterial.RollingResistance}
	w := contact.NewWorld(contact.DefaultSettings())
	w.Planes = []contact.Plane{floor}
	return w
}

// energy returns the world's total mechanical energy (J): kinetic plus gravitational
// potential, zero at the origin.
func energy(w *contact.World) float64 {
	e := 0.0
	for _, b := range w.Bodies {
		if b.Fixed {
			continue
		}
		e += b.KineticEnergy() - b.Mass*w.Gravity.Dot(b.P)
	}
	return e
}
