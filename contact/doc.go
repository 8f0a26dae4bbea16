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
// which names the body until RemoveBody takes it out, in that World only: Valid tells
// whether a BodyID still names a body, and a BodyID of another World names none. Every
// result of the API names bodies by BodyID (contacts, touch events, ray hits, …).
// World.Bodies lists the bodies in scene order, the order they were added; ID and Index turn
// an index there into a BodyID and back (the trace files of the command tumble name bodies
// by that index, which moves down when a body before them is removed). SetPose,
// SetVelocity, ApplyForce, ApplyTorque and ApplyImpulse change a body between steps and
// wake it.
//
// # Sleeping
//
// With Settings.EnableSleep, an island of touching bodies that has stayed slower than the
// sleep speeds for TimeToSleep falls asleep: it costs nothing and its state stays exactly as
// it was until an awake body touches it, Wake is called, or something it rests on is moved
// or removed. A change to the planes, to gravity, to a body's material, or turning
// EnableSleep off wakes the sleeping bodies it affects at the next Step.
//
// # Contacts, events and queries
//
// After a step, Contacts lists the touching pairs with their points, normal and impulses,
// TouchEvents the pairs that began and ended touching in it, and Stats sums the step up.
// CastRay finds the first surface along a ray and OverlapBox the bodies in a box, against
// the bodies' exact triangles.
//
// # Goroutines
//
// A World is not safe for concurrent use, except for reading. Its read-only methods may be
// called from any number of goroutines at once, as long as no goroutine changes the World
// meanwhile: CastRay, OverlapBox, Contacts, Manifolds, TouchEvents, Body, ID, Index, Valid,
// Sleeping, SleepingBodies, BodyMaterial, KineticEnergy and CheckFinite, and reading the
// World's fields (Settings, Bodies and the bodies' state, Planes, Materials, Time, Steps,
// Stats). Everything else changes the World: Step, CreateBody, AddBody, RemoveBody, SetPose,
// SetVelocity, the Apply methods, SetMaterial, Wake, Sleep, Overflows (which hands its
// reports out once), and writing a field. A change must not overlap any other call on the
// same World, reads included: a reader that runs during a Step sees bodies half moved, and
// the race detector reports it. Step shares its own work among Settings.Workers goroutines
// and returns when they are done. Separate Worlds may step at once in separate goroutines:
// what they share (the distance fields of equal non-convex meshes) is built under a lock.
//
// A program that steps in one goroutine and reads in others (a viewer, a server answering
// queries) guards the World with a sync.RWMutex: Step and every change under Lock, the
// reads under RLock, so that readers run side by side between steps (docs/tutorial.md shows
// it); or, after each step, copies what its readers need under its own lock, as the viewer
// of the command tumble does.
//
// # Errors and determinism
//
// A bad argument is refused at its call with an error naming the call, the field and the
// range allowed (CreateBody, AddBody, SetMaterial, SetPose, SetVelocity, the Apply methods,
// a BodyID that names no body); what the caller sets by hand (Settings, Planes, Materials,
// Bodies) is checked by Step, which returns such an error before it moves anything. Step
// also returns an error for a failed solve, or a state that is no longer finite (a
// *NotFiniteError naming the body): a run stops there instead of carrying NaN forward. No
// method panics on bad input. The same world stepped the same way gives the same bits on
// every run and with any number of Workers.
//
// How a step finds and solves its contacts, and why, is in docs/contact.md; the stages are
// listed in docs/architecture.md.
package contact
