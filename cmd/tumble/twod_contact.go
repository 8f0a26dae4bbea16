package main

import (
	"fmt"
	"io"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/render"
	contact "github.com/tumble-physics/tumble/contact/planar"
)

// warnOnce returns a warn function that writes each distinct message once, as
// "command: warning: message", to w: a scene run more than once (graded step by step, then
// freely) warns once.
func warnOnce(w io.Writer, command string) func(string) {
	seen := map[string]bool{}
	return func(msg string) {
		if !seen[msg] {
			seen[msg] = true
			fmt.Fprintf(w, "%s: warning: %s\n", command, msg)
		}
	}
}

// contactMarks is a render.Marker: the contacts that the course's detector finds in a state,
// each drawn at its midpoint with its normal (from the lower- to the higher-numbered body).
func contactMarks() render.Marker {
	var d contact.Detector
	return func(bodies []planar.Body) []render.Mark {
		var marks []render.Mark
		for _, c := range d.Detect(bodies) {
			marks = append(marks, render.Mark{P: c.Midpoint(bodies), N: c.N})
		}
		return marks
	}
}
