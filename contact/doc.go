// Package contact simulates rigid bodies in 3D: a World of bodies bounded by triangle meshes
// and of fixed planes, advanced in fixed time steps in which contacts are found and solved.
//
// Conventions: SI units (metres, kilograms, seconds; impulses in N·s), y up, right-handed
// coordinates. A body's frame has its origin at its centre of mass; its orientation R maps
// body coordinates to world coordinates.
//
// # A world in a few lines
//
//	w := contact.NewWorld(contact.DefaultSettings())
//	w.Planes = append(w.Planes, contact.Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5})
//	def := contact.DefaultBodyDef()
//	def.Mesh = mesh // from inertia.LoadOBJ
//	def.Position = mgl64.Vec3{0, 2, 0}
//	id, err := w.CreateBody(def)
//	…
//	for range 600 {
//		if err := w.Step(); err != nil { … }
//	}
//	fmt.Println(w.Body(id).P)
//
// Settings hold the time step, the solver's budget, gravity, sleeping and the contact
// tolerances, each documented with its unit, default and reason; change them on the World
// between steps. Scene files (docs/scenes.md) are read into a World by the package
// contact/scene.
//
// # Bodies
//
// CreateBody makes a body from a mesh and a BodyDef (density or mass, pose, velocities,
// material, fixed or free); AddBody adds one built with package body. Both return a BodyID,
// which names the body until RemoveBody takes it out. World.Bodies lists the bodies in scene
// order, the order they were added; outputs, traces and Manifolds name them by their index
// there, which moves down when a body before them is removed. SetPose, SetVelocity,
// ApplyForce, ApplyTorque and ApplyImpulse change a body between steps and wake it.
//
// # Sleeping
//
// With Settings.EnableSleep, an island of touching bodies that has stayed slower than the
// sleep speeds for TimeToSleep falls asleep: it costs nothing and its state stays exactly as
// it was until an awake body touches it, Wake is called, or something it rests on is moved
// or removed.
//
// # Contacts, events and queries
//
// After a step, Contacts lists the touching pairs with their points, normal and impulses,
// TouchEvents the pairs that began and ended touching in it, and Stats sums the step up.
// CastRay finds the first surface along a ray and OverlapBox the bodies in a box, against
// the bodies' exact triangles.
//
// # Errors and determinism
//
// Step returns an error for invalid settings, a failed solve, or a state that is no longer
// finite (a *NotFiniteError naming the body): a run stops there instead of carrying NaN
// forward. The same world stepped the same way gives the same bits on every run and with
// any number of Workers.
//
// How a step finds and solves its contacts, and why, is in docs/contact.md; the stages are
// listed in docs/architecture.md.
package contact
