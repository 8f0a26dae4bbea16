package contact

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
)

// A body made by CreateBody has the mass properties of its mesh at the density asked (or
// the mass), centred on its centre of mass, in the pose and motion of its definition.
func TestCreateBody(t *testing.T) {
	w := NewWorld(DefaultSettings())
	def := DefaultBodyDef()
	def.Mesh = builtinMesh(t, "box")
	def.Mass = 6
	def.Position = mgl64.Vec3{1, 2, 3}
	def.Orientation = body.Exp(mgl64.Vec3{0, 0.3, 0})
	def.Velocity, def.AngularVelocity = mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 2, 0}
	def.Material = Material{Friction: 0.9, Restitution: 0.2}
	id, err := w.CreateBody(def)
	if err != nil {
		t.Fatal(err)
	}
	b := w.Body(id)
	lo, hi := aabb.Of(def.Mesh.Vertices).Lo, aabb.Of(def.Mesh.Vertices).Hi
	s := hi.Sub(lo)
	want := mgl64.Vec3{s[1]*s[1] + s[2]*s[2], s[0]*s[0] + s[2]*s[2], s[0]*s[0] + s[1]*s[1]}.Mul(6.0 / 12)
	for k := range 3 {
		if math.Abs(b.Inertia.At(k, k)-want[k]) > 1e-12*want[k] {
			t.Errorf("I[%d][%d] = %g, want m/12 (b² + c²) = %g", k, k, b.Inertia.At(k, k), want[k])
		}
	}
	if b.Mass != 6 || b.P != def.Position || b.R != def.Orientation || b.V != def.Velocity ||
		b.Omega != def.AngularVelocity || w.BodyMaterial(id) != def.Material {
		t.Errorf("body %+v, material %v: not as defined", b, w.BodyMaterial(id))
	}
	if c := aabb.Of(b.Mesh.Vertices); c.Lo.Add(c.Hi).Len() > 1e-12 {
		t.Errorf("the body's mesh is centred at %v, want its centre of mass at the origin", c.Lo.Add(c.Hi).Mul(0.5))
	}
	def.Fixed = true
	id, err = w.CreateBody(def)
	if err != nil || !w.Body(id).Fixed || w.Body(id).InvMass != 0 || w.Body(id).V != (mgl64.Vec3{}) {
		t.Errorf("fixed body: %v, %+v", err, w.Body(id))
	}
}

// CreateBody refuses what would not make a body, naming the problem, and adds nothing.
func TestCreateBodyRefuses(t *testing.T) {
	open := builtinMesh(t, "cube")
	open.Triangles = open.Triangles[1:]
	for _, tc := range []struct {
		name string
		edit func(*BodyDef)
		want string
	}{
		{"no mesh", func(d *BodyDef) { d.Mesh = nil }, "BodyDef.Mesh is nil"},
		{"open mesh", func(d *BodyDef) { d.Mesh = open }, "open mesh"},
		{"zero density", func(d *BodyDef) { d.Density = 0 }, "BodyDef.Density = 0 kg/m³: must be positive and at most 1e+10"},
		{"negative mass", func(d *BodyDef) { d.Mass = -1 }, "BodyDef.Mass = -1 kg: must be 0 (use Density) or between 1e-10 and 1e+10 kg"},
		// The limit is named, not "finite": 1e30 is a number, beyond what a step handles.
		{"mass 1e30", func(d *BodyDef) { d.Mass = 1e30 }, "BodyDef.Mass = 1e+30 kg: must be 0 (use Density) or between 1e-10 and 1e+10 kg"},
		// Its inverse inertia would round to 0: a body that cannot turn.
		{"mass 1e-300", func(d *BodyDef) { d.Mass = 1e-300 }, "between 1e-10 and 1e+10 kg"},
		{"density too small for the mesh", func(d *BodyDef) { d.Density = 1e-12 }, "= 1e-12 kg: the mass must be between 1e-10 and 1e+10 kg"},
		{"NaN velocity", func(d *BodyDef) { d.Velocity[1] = math.NaN() }, "must be finite"},
		{"zero orientation", func(d *BodyDef) { d.Orientation = mgl64.Mat3{} }, "BodyDef.Orientation: orientation"},
		{"mirror", func(d *BodyDef) { d.Orientation = mgl64.Diag3(mgl64.Vec3{1, 1, -1}) }, "not a rotation"},
		{"restitution 2", func(d *BodyDef) { d.Material.Restitution = 2 }, "CreateBody: Material.Restitution = 2: must be between 0 and 1"},
		{"rolling NaN", func(d *BodyDef) { d.Material.RollingResistance = math.NaN() }, "CreateBody: Material.RollingResistance = NaN: must be between 0 and 1"},
		{"negative friction", func(d *BodyDef) { d.Material.Friction = -0.1 }, "CreateBody: Material.Friction = -0.1: must be 0 or more and finite"},
		{"NaN friction", func(d *BodyDef) { d.Material.Friction = math.NaN() }, "Material.Friction = NaN"},
	} {
		w := NewWorld(DefaultSettings())
		def := DefaultBodyDef()
		def.Mesh = builtinMesh(t, "cube")
		tc.edit(&def)
		if _, err := w.CreateBody(def); err == nil || !strings.Contains(err.Error(), tc.want) || len(w.Bodies) != 0 {
			t.Errorf("%s: error %v (want %q), %d bodies", tc.name, err, tc.want, len(w.Bodies))
		}
	}
}

// An impulse at a point changes the velocities as a blow does, v += J/m and ω += I⁻¹ (r × J);
// a force at a point acts for one step as F and r × F, and is gone after it.
func TestApplyImpulseAndForce(t *testing.T) {
	w := NewWorld(DefaultSettings())
	w.Gravity = mgl64.Vec3{}
	id := create(t, w, builtinMesh(t, "cube"), mgl64.Vec3{0, 3, 0}) // 1000 kg, I = 1000/6
	if err := w.ApplyImpulse(id, mgl64.Vec3{0, 0, 10}, mgl64.Vec3{0.5, 3, 0}); err != nil {
		t.Fatal(err)
	}
	b := w.Body(id)
	if d := b.V.Sub(mgl64.Vec3{0, 0, 0.01}).Len() + b.Omega.Sub(mgl64.Vec3{0, -0.03, 0}).Len(); d > 1e-15 {
		t.Errorf("after the impulse: v %v ω %v, want (0, 0, 0.01) and (0, −0.03, 0)", b.V, b.Omega)
	}
	b.V, b.Omega = mgl64.Vec3{}, mgl64.Vec3{}
	if err := w.ApplyForce(id, mgl64.Vec3{600, 0, 0}, mgl64.Vec3{0, 3.5, 0}); err != nil {
		t.Fatal(err)
	}
	mustStep(t, w)
	h := w.Dt
	// F/m h along x; torque r × F = (0, 0.5, 0) × (600, 0, 0) = (0, 0, −300), ω = τ h / I.
	if d := b.V.Sub(mgl64.Vec3{0.6 * h, 0, 0}).Len() + b.Omega.Sub(mgl64.Vec3{0, 0, -1.8 * h}).Len(); d > 1e-12 {
		t.Errorf("after a step of the force: v %v ω %v, want (%g, 0, 0) and (0, 0, %g)", b.V, b.Omega, 0.6*h, -1.8*h)
	}
	v, omega := b.V, b.Omega
	mustStep(t, w)
	if b.V != v || b.Omega.Sub(omega).Len() > 1e-12 {
		t.Errorf("the force acted again on the next step: v %v ω %v", b.V, b.Omega)
	}
}

// Sleep puts a body's island to sleep at once; Wake wakes it; SetPose of the bottom of a
// sleeping stack wakes what rested on it, which falls; a fixed body ignores velocities.
func TestSleepWakeSetPose(t *testing.T) {
	w := floorOnly()
	cube := builtinMesh(t, "cube")
	low := create(t, w, cube, mgl64.Vec3{0, 0.5, 0})
	high := create(t, w, cube, mgl64.Vec3{0, 1.5, 0})
	for range 3 {
		mustStep(t, w)
	}
	if err := w.Sleep(high); err != nil || !w.Sleeping(low) || !w.Sleeping(high) {
		t.Fatalf("Sleep: %v; asleep %v %v, want the whole stack", err, w.Sleeping(low), w.Sleeping(high))
	}
	if err := w.Wake(low); err != nil || w.Sleeping(low) || w.Sleeping(high) {
		t.Fatalf("Wake: %v; asleep %v %v, want neither", err, w.Sleeping(low), w.Sleeping(high))
	}
	untilAsleep(t, w, 600)
	if err := w.SetPose(low, mgl64.Vec3{5, 0.5, 0}, mgl64.Ident3()); err != nil {
		t.Fatal(err)
	}
	if w.Sleeping(high) {
		t.Fatal("the cube on top sleeps in mid-air after the one under it was moved away")
	}
	untilAsleep(t, w, 600)
	if y := w.Body(high).P[1]; math.Abs(y-0.5) > 2e-3 {
		t.Errorf("the top cube came to rest at y = %.4f m, want 0.5 on the floor", y)
	}
	if err := w.SetPose(low, mgl64.Vec3{}, mgl64.Mat3{}); err == nil {
		t.Error("SetPose took a zero matrix for a rotation")
	}
	def := DefaultBodyDef()
	def.Mesh, def.Fixed, def.Position = cube, true, mgl64.Vec3{-5, 0.5, 0}
	wall, _ := w.CreateBody(def)
	if err := w.SetVelocity(wall, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{}); err != nil || w.Body(wall).V != (mgl64.Vec3{}) {
		t.Errorf("SetVelocity of a fixed body: %v, v %v", err, w.Body(wall).V)
	}
	var nb *NoBodyError
	gone := BodyID{world: w.serial(), n: 99}
	if err := w.SetVelocity(gone, mgl64.Vec3{}, mgl64.Vec3{}); !errors.As(err, &nb) || nb.ID != gone || nb.Call != "SetVelocity" {
		t.Errorf("SetVelocity of no body: %v", err)
	}
}

// Step refuses settings out of range and leaves the world as it was; a state that stops
// being finite is its *NotFiniteError.
func TestStepErrors(t *testing.T) {
	cube := builtinMesh(t, "cube")
	for _, edit := range []func(*World){
		func(w *World) { w.Dt = 0 },
		func(w *World) { w.Iterations = 0 },
		func(w *World) { w.Gravity[1] = math.Inf(-1) },
		func(w *World) { w.PositionCorrection = 2 },
		func(w *World) { w.Planes[0].Normal = mgl64.Vec3{} },
	} {
		w := floorOnly()
		create(t, w, cube, mgl64.Vec3{0, 2, 0})
		edit(w)
		if err := w.Step(); err == nil || w.Steps != 0 || w.Bodies[0].P[1] != 2 {
			t.Errorf("Step with %+v: error %v, %d steps, y %g", w.Settings, err, w.Steps, w.Bodies[0].P[1])
		}
	}
	w := floorOnly()
	id := create(t, w, cube, mgl64.Vec3{0, 2, 0})
	w.Body(id).V[0] = math.NaN()
	var nf *NotFiniteError
	if err := w.Step(); !errors.As(err, &nf) || nf.ID != id || nf.Body != 0 || nf.What != "position" {
		t.Errorf("Step of a NaN velocity: %v", err)
	}
}
