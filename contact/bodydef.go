package contact

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/inertia"
)

// BodyDef describes a body for CreateBody: its shape, how heavy it is, where it starts and
// how it moves, and its surface. Start from DefaultBodyDef, whose zero-valued fields would
// otherwise make a frictionless body with no density and a zero orientation matrix.
type BodyDef struct {
	// Mesh is the body's surface: a closed triangle mesh (every edge shared by exactly two
	// triangles), in metres, in any frame; inertia.LoadOBJ and inertia.ReadOBJ read one.
	// The body gets a copy moved so that its centre of mass is at the origin of the body
	// frame, with the mesh's axes as the body's axes. A mesh wound inward is reversed in
	// the copy. The body collides with its exact triangles against rays, and with its
	// convex hull, or a distance field for a non-convex mesh, in the step.
	Mesh *inertia.Mesh
	// Density is the density of the uniform solid the mesh bounds, kg/m³, > 0 and at most
	// 1e10; the mass it gives the mesh's volume must lie between MinMass and MaxMass.
	// Default 1000 (water). Used when Mass is 0.
	Density float64
	// Mass is the body's mass, kg, between MinMass and MaxMass: when not 0 it sets the
	// density to Mass / volume, and Density is not read. Default 0.
	Mass float64
	// Position is where the centre of mass starts, world frame, metres. Default the origin.
	Position mgl64.Vec3
	// Orientation is the rotation R from the body frame (the mesh's axes) to the world
	// frame: a proper rotation matrix (RᵀR = I to 1e-9, det R = 1). Default the identity.
	// body.Exp makes one from a rotation vector (axis times angle, radians), as the scene
	// files' rotation attribute gives it.
	Orientation mgl64.Mat3
	// Velocity is the initial velocity of the centre of mass, world frame, m/s. Default 0.
	Velocity mgl64.Vec3
	// AngularVelocity is the initial angular velocity, world frame, rad/s. Default 0.
	AngularVelocity mgl64.Vec3
	// Material is the body's friction and restitution, in the ranges Material gives.
	// Default DefaultMaterial.
	Material Material
	// Fixed makes the body immovable (infinite mass): floors, walls and obstacles. Its
	// velocities are ignored. Default false.
	Fixed bool
}

// DefaultBodyDef returns a BodyDef of a free body of density 1000 kg/m³ at rest at the
// origin, unrotated, with DefaultMaterial, and no mesh yet.
func DefaultBodyDef() BodyDef {
	return BodyDef{Density: 1000, Orientation: mgl64.Ident3(), Material: DefaultMaterial}
}

// CreateBody adds a body made from def and returns its BodyID. Its mass properties come
// from its mesh (Mirtich's surface integrals, package inertia), computed as a scene file's
// are, so a body created here and the same body read from a scene move alike, bit for bit.
// The shapes the step collides it by (its convex hull, and a non-convex mesh's signed
// distance field) are built here rather than in the first Step that meets it: a large
// non-convex mesh takes its time now (docs/contact.md, "Non-convex bodies"). It returns an
// error, and adds nothing, for a nil or open mesh, a mass or density out of range (the
// body's mass, given or density × volume, must lie between MinMass and MaxMass), a state
// that is not finite, an orientation that is not a rotation, or a material out of range.
func (w *World) CreateBody(def BodyDef) (BodyID, error) {
	b, err := newBody(def)
	if err != nil {
		return NoBody, fmt.Errorf("contact: CreateBody: %w", err)
	}
	return w.add("CreateBody", b, def.Material)
}

// MinMass and MaxMass bound a body's mass, kg, as CreateBody checks it: within them the
// inverse mass and inertia, the momenta and the impulses a step computes stay far inside
// the range CheckFinite accepts (MaxStateValue); beyond them a body's inverse inertia
// rounds to 0 (a body that cannot turn) or its momentum to infinity.
const (
	MinMass = 1 / MaxStateValue
	MaxMass = MaxStateValue
)

// newBody returns the body def describes.
func newBody(def BodyDef) (*body.Body, error) {
	if def.Mesh == nil {
		return nil, fmt.Errorf("BodyDef.Mesh is nil: a body needs a closed triangle mesh")
	}
	mass, density := def.Mass, def.Density
	switch {
	case mass != 0 && !(mass >= MinMass && mass <= MaxMass):
		return nil, fmt.Errorf("BodyDef.Mass = %g kg: must be 0 (use Density) or between %g and %g kg", mass, MinMass, MaxMass)
	case mass == 0 && !(density > 0 && density <= MaxMass):
		return nil, fmt.Errorf("BodyDef.Density = %g kg/m³: must be positive and at most %g kg/m³ (or give Mass)", density, MaxMass)
	case !allFinite(def.Position[:]) || !allFinite(def.Velocity[:]) || !allFinite(def.AngularVelocity[:]):
		return nil, fmt.Errorf("BodyDef.Position %v, Velocity %v, AngularVelocity %v: each component must be finite, within ±%g",
			def.Position, def.Velocity, def.AngularVelocity, MaxStateValue)
	}
	if err := checkRotation(def.Orientation); err != nil {
		return nil, fmt.Errorf("BodyDef.Orientation: %w", err)
	}
	// Compute reverses an inward mesh's triangles in place: in a copy, not the caller's.
	m := *def.Mesh
	m.Triangles = slices.Clone(m.Triangles)
	unit, err := inertia.Compute(&m, 1, inertia.Options{})
	if err != nil {
		return nil, fmt.Errorf("BodyDef.Mesh: %w", err)
	}
	if mass > 0 {
		density = mass / unit.Volume
	}
	props := unit.AtDensity(density)
	if !(props.Mass >= MinMass && props.Mass <= MaxMass) {
		return nil, fmt.Errorf("BodyDef.Density = %g kg/m³ × the mesh's volume %g m³ = %g kg: the mass must be between %g and %g kg",
			density, unit.Volume, props.Mass, MinMass, MaxMass)
	}
	b := body.New(&m, props)
	b.P, b.R, b.V, b.Omega = def.Position, def.Orientation, def.Velocity, def.AngularVelocity
	if def.Fixed {
		b.Fix()
	}
	return b, nil
}

// checkRotation returns an error unless r is a proper rotation matrix to 1e-9.
func checkRotation(r mgl64.Mat3) error {
	d := rounded.Mul(r.Transpose(), r).Sub(mgl64.Ident3())
	off := 0.0
	for _, x := range d {
		off = max(off, math.Abs(x))
	}
	if det := rounded.Det(r); !(off <= 1e-9) || !(det > 0) {
		return fmt.Errorf("orientation %v is not a rotation matrix (RᵀR − I off by %.3g, det %.3g): it must be orthonormal to 1e-9 with det 1", r, off, det)
	}
	return nil
}

// AddBody adds b, a body built by the caller (body.New and its fields) with material m,
// and returns its BodyID. The World keeps b and moves it from then on, so b must not be in
// another World that steps too. It returns an error, and adds nothing, when b is nil, b is in
// the World already, or m is out of range (Material). CreateBody is the checked way to add a body from a mesh: AddBody takes b's
// mass properties and state as they are, and like CreateBody builds the shapes the step
// collides it by now.
func (w *World) AddBody(b *body.Body, m Material) (BodyID, error) {
	return w.add("AddBody", b, m)
}

// add is AddBody, its errors naming call.
func (w *World) add(call string, b *body.Body, m Material) (BodyID, error) {
	if err := w.sync(call); err != nil {
		return NoBody, err
	}
	if b == nil {
		return NoBody, fmt.Errorf("contact: %s: the body is nil", call)
	}
	if id, ok := w.handles.added[b]; ok {
		return NoBody, fmt.Errorf("contact: %s: the body is in the World already, as %v: a body can be added once", call, id)
	}
	if err := checkMaterial(call, m); err != nil {
		return NoBody, err
	}
	w.Bodies = append(w.Bodies, b)
	i := len(w.Bodies) - 1
	w.setMaterial(i, m)
	w.sync(call) // cannot fail: b is neither nil nor in the World
	w.contacts.buildShapes(b)
	return w.idOf(i), nil
}

// SetMaterial sets the friction and restitution of the body named id; contacts mix them
// with the other side's from the next step on. It wakes the body with its island, whose
// contacts change. It returns an error for an id of no body and for a coefficient out of
// range (Material).
func (w *World) SetMaterial(id BodyID, m Material) error {
	i, err := w.index("SetMaterial", id)
	if err == nil {
		err = checkMaterial("SetMaterial", m)
	}
	if err == nil {
		w.setMaterial(i, m)
		w.wakeTouching(i)
	}
	return err
}

// BodyMaterial returns the friction and restitution of the body named id (DefaultMaterial
// when id names no body).
func (w *World) BodyMaterial(id BodyID) Material {
	if i := w.Index(id); i >= 0 {
		return w.material(i)
	}
	return DefaultMaterial
}
