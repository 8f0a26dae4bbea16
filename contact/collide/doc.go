// Package collide is the narrow phase of contact detection: what touches what, and where.
// It finds the contact points of a body against a plane and of two bodies (separating
// axes and clipping for two convex bodies, signed distance fields otherwise), reduces them
// to manifolds of at most four points whose ids persist from step to step, and computes
// how deep a point will be at the end of the step. It takes what it needs as arguments:
// each body's pose and velocities, its shape and its turn over the step, the step's length
// and speculative margin, and the pair's manifolds of the last step; it knows nothing of
// the World that steps the bodies (package contact), nor of how the contacts are solved.
//
// Everything it computes is the same to the bit on every run and build: every product is
// rounded before it is added (package body/rounded, docs/contact.md "Determinism").
package collide
