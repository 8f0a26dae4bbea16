package main

import (
	"fmt"
	"os"

	"tumble/body/planar"
	"tumble/body/planar/fosssim"
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
