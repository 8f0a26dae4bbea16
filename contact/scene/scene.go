// Package scene reads Tumble's 3D scene files (XML; the format is described in
// docs/scenes.md) and builds the contact.World they describe.
//
// Units are SI (metres, kilograms, seconds, radians), y is up, vectors are three numbers
// separated by spaces. Every attribute has a default unless it says it is required.
// Unknown elements and attributes, malformed or non-finite numbers and out-of-range values
// are errors that name the file and line ("scene.xml:12: problem"): nothing is silently
// ignored.
package scene

import "github.com/go-gl/mathgl/mgl64"

// Scene is a parsed scene file: what its elements say, before any mesh is loaded.
type Scene struct {
	// Name is the file name used in messages (for built-in scenes "NAME.xml").
	Name string
	// Dir is the directory that relative mesh paths resolve against ("" for built-ins).
	Dir string
	// Description is <description text="…">: a line for humans. Default "".
	Description string
	// Duration is <duration time="…"> in seconds, > 0. Required.
	Duration float64
	// Dt is <integrator dt="…">, the time step in seconds, > 0. Default 1/60 s.
	Dt float64
	// Gravity is <gravity v="…">, the acceleration of gravity in m/s². Default 0 −9.81 0.
	Gravity mgl64.Vec3
	// Solver is <solver type="…" iterations="…">.
	Solver Solver
	// Planes are the <plane> elements in file order.
	Planes []Plane
	// Bodies are the <body> elements in file order.
	Bodies []Body
	// Warnings are problems World worked around (a mesh wound inward), for the user to see.
	Warnings []string
	// Progress, when not nil, is told by World when it starts and ends preparing a mesh of
	// LargeMesh triangles or more, which may take seconds: one line of text each time.
	Progress func(line string)
}

// Solver is the <solver> element: how contacts are resolved.
type Solver struct {
	// Type is the solver, "pgs" (projected Gauss–Seidel), the only one so far. Default "pgs".
	Type string
	// Iterations is the number of sweeps over the constraint rows per step, ≥ 1. Default 10.
	Iterations int
}

// Plane is a <plane> element: a fixed, infinite half-space bounded by the plane through
// Point with outward unit Normal (the side it points to is free space).
type Plane struct {
	// Point is a point of the plane in metres (attribute point). Default 0 0 0.
	Point mgl64.Vec3
	// Normal is the unit outward normal (attribute normal, normalised on reading; must not
	// be zero). Default 0 1 0.
	Normal mgl64.Vec3
	// Friction is the Coulomb friction coefficient, ≥ 0 (attribute friction). Default 0.5.
	Friction float64
	// Restitution is the coefficient of restitution, in [0, 1] (attribute restitution).
	// Default 0.
	Restitution float64
	// Rolling is the rolling resistance, in [0, 1] (attribute rolling; contact.Material's
	// RollingResistance). Default 0.
	Rolling float64
	// Line is where the element starts in the file, for messages.
	Line int
}

// Body is a <body> element: a rigid body made of a triangle mesh of uniform density.
type Body struct {
	// Name labels the body in outputs (attribute name). Default "".
	Name string
	// Mesh is a built-in mesh name (see data.MeshNames) or a path to an OBJ file relative to
	// the scene file (attribute mesh). Required.
	Mesh string
	// Density in kg/m³ (attribute density), > 0. Default 1000 (water) unless Mass is given;
	// 0 when Mass is given.
	Density float64
	// Mass in kg (attribute mass), > 0; the density is then mass / volume. Default 0 (unset).
	// Giving both density and mass is an error.
	Mass float64
	// Scale multiplies the mesh's coordinates per axis before its mass properties are
	// computed (attribute scale: one number for all axes or three), each > 0. Default 1 1 1.
	Scale mgl64.Vec3
	// Position is the centre of mass in world coordinates, metres (attribute position).
	// Default 0 0 0.
	Position mgl64.Vec3
	// Rotation is the orientation as a rotation vector, axis times angle in radians, the
	// argument of the exponential map: R = exp([rotation]×) (attribute rotation). Default 0 0 0.
	Rotation mgl64.Vec3
	// Velocity is the linear velocity of the centre of mass, world frame, m/s (attribute
	// velocity). Default 0 0 0.
	Velocity mgl64.Vec3
	// AngularVelocity is in the world frame, rad/s (attribute angularvelocity). Default 0 0 0.
	AngularVelocity mgl64.Vec3
	// Friction is the Coulomb friction coefficient, ≥ 0 (attribute friction). Default 0.5.
	Friction float64
	// Restitution is the coefficient of restitution, in [0, 1] (attribute restitution).
	// Default 0.
	Restitution float64
	// Rolling is the rolling resistance, in [0, 1] (attribute rolling; contact.Material's
	// RollingResistance). Default 0.
	Rolling float64
	// Fixed bodies never move: infinite mass (attribute fixed, "0" or "1"). Default 0.
	Fixed bool
	// Line is where the element starts in the file, for messages; 0 in a scene made rather
	// than read.
	Line int
	// massSetBy is the override (Apply) that last set the density, mass or scale, which World
	// names when the body's mass comes out of range.
	massSetBy Override
}

// Steps is the number of time steps that cover Duration, rounded to the nearest.
func (s *Scene) Steps() int {
	return int(s.Duration/s.Dt + 0.5)
}
