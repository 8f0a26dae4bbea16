// Command bowling runs the tutorial's scene, a ball rolling down a ramp into a row of
// dominoes, and prints when the ball touches a domino: the program docs/tutorial.md shows.
// Run it from the repository root:
//
//	go run ./cmd/examples/bowling
package main

import (
	"fmt"
	"log"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/contact/scene"
)

func main() {
	sc, err := scene.Load("docs/tutorial/bowling.xml")
	if err != nil {
		log.Fatal(err) // names the line of a mistake
	}
	w, err := sc.World()
	if err != nil {
		log.Fatal(err)
	}
	ball := w.ID(1) // bodies are numbered in the file's order, from 0
	for range sc.Steps() {
		if err := w.Step(); err != nil {
			log.Fatal(sc.StepError(err)) // a state that is no longer finite, with its body's line
		}
		for _, t := range w.TouchEvents().Begin { // A was added before B: the ball before the dominoes
			if t.A == ball && t.B != contact.NoBody {
				fmt.Printf("%.2f s: the ball hits %s\n", w.Time, sc.Bodies[w.Index(t.B)].Name)
			}
		}
	}
}
