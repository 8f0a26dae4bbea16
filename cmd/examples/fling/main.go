// Command fling throws a torus at a stack of boxes, without a window, and reports what
// happened: which boxes it hit, how far each moved, and when everything came to rest. It is
// a small example of Tumble's Go API (docs/tutorial.md, "Script it in Go").
//
//	go run ./cmd/examples/fling [-speed 8] [-seconds 30]
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/inertia"
)

func main() {
	speed := flag.Float64("speed", 8, "the torus's speed toward the boxes, m/s")
	seconds := flag.Float64("seconds", 30, "the longest to wait for everything to rest, s")
	flag.Parse()
	if err := fling(os.Stdout, *speed, *seconds); err != nil {
		fmt.Fprintln(os.Stderr, "fling:", err)
		os.Exit(1)
	}
}

// fling runs the throw and writes its report to out.
func fling(out io.Writer, speed, seconds float64) error {
	w := contact.NewWorld(contact.DefaultSettings())
	w.Planes = append(w.Planes, contact.Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5})

	// A stack of four 1 m cubes of light wood (100 kg each), 4 m away along x.
	def := contact.DefaultBodyDef()
	cube, err := builtin("cube")
	if err != nil {
		return err
	}
	def.Mesh, def.Density = cube, 100
	var boxes []contact.BodyID
	for k := range 4 {
		def.Position = mgl64.Vec3{4, 0.5 + float64(k), 0}
		id, err := w.CreateBody(def)
		if err != nil {
			return err
		}
		boxes = append(boxes, id)
	}

	// A torus standing on its rim, flung at the stack with a blow behind its centre.
	torus, err := builtin("torus")
	if err != nil {
		return err
	}
	def = contact.DefaultBodyDef()
	def.Mesh, def.Density = torus, 500
	def.Position, def.Orientation = mgl64.Vec3{0, 1.5, 0}, body.Exp(mgl64.Vec3{1.5708, 0, 0})
	ring, err := w.CreateBody(def)
	if err != nil {
		return err
	}
	r := w.Body(ring)
	if err := w.ApplyImpulse(ring, mgl64.Vec3{speed * r.Mass, 0, 0}, r.P.Add(mgl64.Vec3{0, 0.2, 0})); err != nil {
		return err
	}

	start := make(map[contact.BodyID]mgl64.Vec3)
	for _, id := range boxes {
		start[id] = w.Body(id).P
	}
	hit := map[contact.BodyID]float64{} // box → when the torus first touched it, s
	for w.SleepingBodies() < len(w.Bodies) && w.Time < seconds {
		if err := w.Step(); err != nil {
			return err
		}
		for _, t := range w.TouchEvents().Begin {
			if t.B != contact.NoBody && (t.A == ring || t.B == ring) {
				box := t.A
				if box == ring {
					box = t.B
				}
				if _, seen := hit[box]; !seen {
					hit[box] = w.Time
				}
			}
		}
	}

	fmt.Fprintf(out, "torus flung at %g m/s (%.0f kg)\n", speed, r.Mass)
	for k, id := range boxes {
		b := w.Body(id)
		when := "not hit"
		if t, ok := hit[id]; ok {
			when = fmt.Sprintf("hit at %.2f s", t)
		}
		fmt.Fprintf(out, "box %d: %s, moved %.2f m, now at height %.2f m\n", k+1, when, b.P.Sub(start[id]).Len(), b.P[1])
	}
	if w.SleepingBodies() == len(w.Bodies) {
		fmt.Fprintf(out, "everything at rest after %.2f s\n", w.Time)
	} else {
		fmt.Fprintf(out, "still moving after %.2f s (kinetic energy %.3g J)\n", w.Time, w.KineticEnergy())
	}
	return nil
}

// builtin reads one of Tumble's built-in meshes (tumble meshes lists them).
func builtin(name string) (*inertia.Mesh, error) {
	obj, err := data.Mesh(name)
	if err != nil {
		return nil, err
	}
	return inertia.ReadOBJ(bytes.NewReader(obj), name)
}
