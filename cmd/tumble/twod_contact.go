package main

import (
	contact "tumble/contact/planar"
)

// newContactResponse2D builds the contact response of scenes with
// <rigidbodycollisionhandling>: the course's lcp, velocity-projection, gr-lcp and
// gr-velocity-projection, and Tumble's pgs (package contact/planar).
var newContactResponse2D = contact.NewResponse
