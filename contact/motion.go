package contact

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
)

// SetPose moves the body named id to a new pose between steps: its centre of mass to
// position (world, m) and its orientation to r (body to world, a rotation matrix to 1e-9;
// body.Exp makes one from a rotation vector). Its velocities stay as they are. It wakes the
// body, its island and every body that touched it, which may have rested on it. A fixed body
// may be moved too (an obstacle put elsewhere): it still never moves by itself.
func (w *World) SetPose(id BodyID, position mgl64.Vec3, r mgl64.Mat3) error {
	i, err := w.index("SetPose", id)
	if err != nil {
		return err
	}
	if err := checkVector("SetPose", "position", position); err != nil {
		return err
	}
	if err := checkRotation(r); err != nil {
		return fmt.Errorf("contact: SetPose: %w", err)
	}
	w.wakeTouching(i)
	b := w.Bodies[i]
	b.P, b.R = position, r
	return nil
}

// SetVelocity sets the velocity of the body named id's centre of mass (world, m/s) and its
// angular velocity (world, rad/s), and wakes it with its island. A fixed body keeps its zero
// velocities. Each component must be finite, within ±MaxStateValue.
func (w *World) SetVelocity(id BodyID, v, omega mgl64.Vec3) error {
	b, err := w.moving("SetVelocity", id, "v", v, "omega", omega)
	if b != nil {
		b.V, b.Omega = v, omega
	}
	return err
}

// ApplyForce adds force (world, N) acting at the world point at to the body named id for the
// next step, and wakes it with its island: the force through the centre of mass, and the
// torque (at − P) × force about it. Forces act for one step: Step applies and clears them,
// so a steady force is applied before every step. Fixed bodies ignore forces. Each
// component must be finite, within ±MaxStateValue.
func (w *World) ApplyForce(id BodyID, force, at mgl64.Vec3) error {
	b, err := w.moving("ApplyForce", id, "force", force, "at", at)
	if b != nil {
		b.Force = b.Force.Add(force)
		b.Torque = b.Torque.Add(rounded.Cross(at.Sub(b.P), force))
	}
	return err
}

// ApplyTorque adds torque (world, N·m) about the centre of mass of the body named id for the
// next step, and wakes it with its island. As with ApplyForce, it acts for one step. Each
// component must be finite, within ±MaxStateValue.
func (w *World) ApplyTorque(id BodyID, torque mgl64.Vec3) error {
	b, err := w.moving("ApplyTorque", id, "torque", torque, "", mgl64.Vec3{})
	if b != nil {
		b.Torque = b.Torque.Add(torque)
	}
	return err
}

// ApplyImpulse changes the velocities of the body named id at once by the impulse (world,
// N·s) acting at the world point at, as a blow would: v += impulse / m and
// ω += I⁻¹ ((at − P) × impulse), with I the inertia tensor in world axes. It wakes the body
// with its island. Fixed bodies ignore impulses. Each component must be finite, within
// ±MaxStateValue.
func (w *World) ApplyImpulse(id BodyID, impulse, at mgl64.Vec3) error {
	b, err := w.moving("ApplyImpulse", id, "impulse", impulse, "at", at)
	if b != nil {
		b.V = b.V.Add(impulse.Mul(b.InvMass))
		b.Omega = b.Omega.Add(rounded.MulVec(b.InvInertiaWorld(), rounded.Cross(at.Sub(b.P), impulse)))
	}
	return err
}

// moving returns the body named id, woken with its island, or nil for a fixed body; or an
// error naming call when id names no body or the vector named a or b (b unnamed: none) is
// not finite.
func (w *World) moving(call string, id BodyID, a string, va mgl64.Vec3, b string, vb mgl64.Vec3) (*body.Body, error) {
	i, err := w.index(call, id)
	if err == nil {
		err = checkVector(call, a, va)
	}
	if err == nil && b != "" {
		err = checkVector(call, b, vb)
	}
	if err != nil || w.Bodies[i].Fixed {
		return nil, err
	}
	w.wake(i)
	return w.Bodies[i], nil
}

// checkVector returns an error naming call and the argument unless every component of v is
// finite, within ±MaxStateValue.
func checkVector(call, arg string, v mgl64.Vec3) error {
	if !allFinite(v[:]) {
		return fmt.Errorf("contact: %s: %s = %v: each component must be finite, within ±%g", call, arg, v, MaxStateValue)
	}
	return nil
}
