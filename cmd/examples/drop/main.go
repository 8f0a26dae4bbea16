// Command drop drops a cube onto the floor and prints where it comes to rest: the shortest
// program of Tumble's Go API, as README.md shows it.
package main

import (
	"bytes"
	"fmt"
	"log"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/inertia"
)

func main() {
	obj, err := data.Mesh("cube") // a built-in mesh; inertia.LoadOBJ reads an OBJ file
	if err != nil {
		log.Fatal(err)
	}
	cube, err := inertia.ReadOBJ(bytes.NewReader(obj), "cube")
	if err != nil {
		log.Fatal(err)
	}
	w := contact.NewWorld(contact.DefaultSettings()) // 1/60 s steps, gravity 9.81 m/s² down
	w.Planes = append(w.Planes, contact.Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5})
	def := contact.DefaultBodyDef() // 1000 kg/m³, at rest
	def.Mesh, def.Position = cube, mgl64.Vec3{0, 3, 0}
	id, err := w.CreateBody(def)
	if err != nil {
		log.Fatal(err)
	}
	for range 120 {
		if err := w.Step(); err != nil {
			log.Fatal(err)
		}
	}
	fmt.Printf("after %.0f s the cube rests at y = %.3f m\n", w.Time, w.Body(id).P[1])
}
