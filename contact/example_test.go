package contact_test

import (
	"bytes"
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/contact/scene"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/inertia"
)

// builtin reads one of the built-in meshes (tumble meshes lists them).
func builtin(name string) *inertia.Mesh {
	obj, err := data.Mesh(name)
	if err != nil {
		log.Fatal(err)
	}
	m, err := inertia.ReadOBJ(bytes.NewReader(obj), name)
	if err != nil {
		log.Fatal(err)
	}
	return m
}

// Load a scene file (here the built-in drop scene: a torus dropped onto the floor) and run
// it for its duration, as tumble sim does.
func Example_scene() {
	sc, err := scene.Builtin("drop") // or scene.Load("path/to/scene.xml")
	if err != nil {
		log.Fatal(err)
	}
	w, err := sc.World()
	if err != nil {
		log.Fatal(err)
	}
	for range sc.Steps() {
		if err := w.Step(); err != nil {
			log.Fatal(sc.StepError(err)) // names the body's line in the file
		}
	}
	donut := w.Bodies[0]
	fmt.Printf("after %.0f s the %s rests at y = %.3f m, asleep: %v\n",
		w.Time, sc.Bodies[0].Name, donut.P[1], w.Sleeping(w.ID(0)))
	// Output: after 5 s the donut rests at y = 0.250 m, asleep: true
}

// Build a stack of three cubes in code and step it until it sleeps.
func Example_stack() {
	w := contact.NewWorld(contact.DefaultSettings())
	w.Planes = append(w.Planes, contact.Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5})
	def := contact.DefaultBodyDef() // 1000 kg/m³, at rest, friction 0.5
	def.Mesh = builtin("cube")      // 1 m on a side
	var ids []contact.BodyID
	for k := range 3 {
		def.Position = mgl64.Vec3{0.05 * float64(k), 0.6 + 1.1*float64(k), 0} // a little apart
		id, err := w.CreateBody(def)
		if err != nil {
			log.Fatal(err)
		}
		ids = append(ids, id)
	}
	for w.SleepingBodies() < len(ids) {
		if err := w.Step(); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("asleep after %.2f s\n", w.Time)
	for _, id := range ids {
		fmt.Printf("%v at y = %.3f m\n", id, w.Body(id).P[1])
	}
	// Output:
	// asleep after 0.75 s
	// body#1 at y = 0.500 m
	// body#2 at y = 1.500 m
	// body#3 at y = 2.500 m
}

// Read an OBJ file's mass properties, and drop it onto the floor.
func Example_massProperties() {
	m, err := inertia.LoadOBJ("../data/meshes/torus.obj") // relative to this package
	if err != nil {
		log.Fatal(err)
	}
	props, err := inertia.Compute(m, 500, inertia.Options{}) // at 500 kg/m³
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("volume %.4f m³, mass %.1f kg, principal moments %.1f %.1f %.1f kg m²\n",
		props.Volume, props.Mass, props.PrincipalMoments[0], props.PrincipalMoments[1], props.PrincipalMoments[2])

	w := contact.NewWorld(contact.DefaultSettings())
	w.Planes = append(w.Planes, contact.Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5})
	def := contact.DefaultBodyDef()
	def.Mesh, def.Density, def.Position = m, 500, mgl64.Vec3{0, 1, 0}
	id, err := w.CreateBody(def)
	if err != nil {
		log.Fatal(err)
	}
	for range 180 {
		if err := w.Step(); err != nil {
			log.Fatal(err)
		}
	}
	b := w.Body(id)
	fmt.Printf("the body has the same mass, %.1f kg; after 3 s it lies at y = %.3f m\n", b.Mass, b.P[1])
	// Output:
	// volume 1.1747 m³, mass 587.4 kg, principal moments 314.7 314.7 611.9 kg m²
	// the body has the same mass, 587.4 kg; after 3 s it lies at y = 0.250 m
}

// Cast a ray straight down onto a box lying on the floor, and beside it onto the floor.
func ExampleWorld_CastRay() {
	w := contact.NewWorld(contact.DefaultSettings())
	w.Planes = append(w.Planes, contact.Plane{Normal: mgl64.Vec3{0, 1, 0}})
	def := contact.DefaultBodyDef()
	def.Mesh, def.Position = builtin("box"), mgl64.Vec3{0, 1, 0} // 1 × 2 × 0.5 m, on end
	box, err := w.CreateBody(def)
	if err != nil {
		log.Fatal(err)
	}
	for _, x := range []float64{0.2, 2} {
		hit, ok := w.CastRay(mgl64.Vec3{x, 5, 0}, mgl64.Vec3{0, -1, 0}, 100)
		switch {
		case !ok:
			fmt.Println("nothing")
		case hit.Body == box:
			fmt.Printf("the box at %.2f, %.2f m away, normal %.0f\n", hit.Point, hit.Distance, hit.Normal)
		default:
			fmt.Printf("plane %d at %.2f, %.2f m away\n", hit.Plane, hit.Point, hit.Distance)
		}
	}
	// Output:
	// the box at [0.20 2.00 0.00], 3.00 m away, normal [0 1 0]
	// plane 0 at [2.00 0.00 0.00], 5.00 m away
}

// Read the contacts of the last step: a box resting on the floor is held up by its four
// corners, whose impulses over a step add up to its weight times the step.
func ExampleWorld_Contacts() {
	w := contact.NewWorld(contact.DefaultSettings())
	w.Planes = append(w.Planes, contact.Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5})
	def := contact.DefaultBodyDef()
	def.Mesh, def.Position = builtin("cube"), mgl64.Vec3{0, 0.5, 0}
	box, err := w.CreateBody(def)
	if err != nil {
		log.Fatal(err)
	}
	for range 10 {
		if err := w.Step(); err != nil {
			log.Fatal(err)
		}
	}
	for _, c := range w.Contacts(nil) {
		// The box is side A, the floor side B; the impulse on the box over a step, over
		// the step, is the mean force holding it up.
		up := c.ImpulseOnA()[1] / w.Dt
		fmt.Printf("%v on plane %d: %d points, %.0f N up (weight %.0f N)\n",
			c.A, c.Plane, c.N, up, w.Body(box).Mass*9.81)
	}
	// Output: body#1 on plane 0: 4 points, 9810 N up (weight 9810 N)
}

// Watch a box land and leave: touch events say when a pair begins and ends touching.
func ExampleWorld_TouchEvents() {
	w := contact.NewWorld(contact.DefaultSettings())
	w.Planes = append(w.Planes, contact.Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5})
	def := contact.DefaultBodyDef()
	def.Mesh, def.Position = builtin("cube"), mgl64.Vec3{0, 1.5, 0}
	box, err := w.CreateBody(def)
	if err != nil {
		log.Fatal(err)
	}
	for w.Steps < 180 {
		if w.Steps == 90 { // thrown up at 1.5 s
			if err := w.SetVelocity(box, mgl64.Vec3{0, 3, 0}, mgl64.Vec3{}); err != nil {
				log.Fatal(err)
			}
		}
		if err := w.Step(); err != nil {
			log.Fatal(err)
		}
		ev := w.TouchEvents()
		for _, t := range ev.Begin {
			fmt.Printf("%.2f s: %v begins touching plane %d\n", w.Time, t.A, t.Plane)
		}
		for _, t := range ev.End {
			fmt.Printf("%.2f s: %v stops touching plane %d\n", w.Time, t.A, t.Plane)
		}
	}
	// Output:
	// 0.45 s: body#1 begins touching plane 0
	// 1.52 s: body#1 stops touching plane 0
	// 2.10 s: body#1 begins touching plane 0
}
