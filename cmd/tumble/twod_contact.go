package main

import (
	"fmt"
	"os"

	"tumble/body/planar"
	"tumble/body/planar/fosssim"
	"tumble/body/planar/render"
	contact "tumble/contact/planar"
)

// newContactResponse2D builds the contact response of scenes with
// <rigidbodycollisionhandling> (package contact/planar): the course's lcp,
// velocity-projection, gr-lcp and gr-velocity-projection, and Tumble's pgs. Its warnings
// (contacts it skips where the reference would produce NaN) go to standard error.
func newContactResponse2D(c fosssim.CollisionHandling) (planar.Response, error) {
	r, err := contact.New(c)
	if err != nil {
		return nil, err
	}
	r.Warn = func(msg string) {
		fmt.Fprintf(os.Stderr, "tumble 2d: warning: line %d, %s response: %s\n", c.Line, c.Response, msg)
	}
	return r, nil
}

// contactMarks is a render.Marker: the contacts that the course's detector finds in a state,
// each drawn at the midpoint of its two surface points with its normal (from the lower- to
// the higher-numbered body).
func contactMarks() render.Marker {
	var d contact.Detector
	return func(bodies []planar.Body) []render.Mark {
		var marks []render.Mark
		for _, c := range d.Detect(bodies) {
			p0, p1 := c.Points(bodies)
			marks = append(marks, render.Mark{P: p0.Add(p1).Mul(0.5), N: c.N})
		}
		return marks
	}
}
