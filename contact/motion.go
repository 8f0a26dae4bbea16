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
	i, err := w.index(id)
	if err != nil {
		return err
	}
	if !allFinite(position[:]) {
		return fmt.Errorf("contact: SetPose: position %v is not finite", position)
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
// velocities.
func (w *World) SetVelocity(id BodyID, v, omega mgl64.Vec3) error {
	b, err := w.moving(id)
	if b != nil {
		b.V, b.Omega = v, omega
	}
	return err
}

// ApplyForce adds force (world, N) acting at the world point at to the body named id for the
// next step, and wakes it with its island: the force through the centre of mass, and the
// torque (at − P) × force about it. Forces act for one step: Step applies and clears them,
// so a steady force is applied before every step. Fixed bodies ignore forces.
func (w *World) ApplyForce(id BodyID, force, at mgl64.Vec3) error {
	b, err := w.moving(id)
	if b != nil {
		b.Force = b.Force.Add(force)
		b.Torque = b.Torque.Add(rounded.Cross(at.Sub(b.P), force))
	}
	return err
}

// ApplyTorque adds torque (world, N·m) about the centre of mass of the body named id for the
// next step, and wakes it with its island. As with ApplyForce, it acts for one step.
func (w *World) ApplyTorque(id BodyID, torque mgl64.Vec3) error {
	b, err := w.moving(id)
	if b != nil {
		b.Torque = b.Torque.Add(torque)
	}
	return err
}

// ApplyImpulse changes the velocities of the body named id at once by the impulse (world,
// N·s) acting at the world point at, as a blow would: v += impulse / m and
// ω += I⁻¹ ((at − P) × impulse), with I the inertia tensor in world axes. It wakes the body
// with its island. Fixed bodies ignore impulses.
func (w *World) ApplyImpulse(id BodyID, impulse, at mgl64.Vec3) error {
	b, err := w.moving(id)
	if b != nil {
		b.V = b.V.Add(impulse.Mul(b.InvMass))
		b.Omega = b.Omega.Add(rounded.MulVec(b.InvInertiaWorld(), rounded.Cross(at.Sub(b.P), impulse)))
	}
	return err
}

// moving returns the body named id, woken with its island, or nil for a fixed body, and an
// error when id names no body.
func (w *World) moving(id BodyID) (*body.Body, error) {
	i, err := w.index(id)
	if err != nil || w.Bodies[i].Fixed {
		return nil, err
	}
	w.wake(i)
	return w.Bodies[i], nil
}
