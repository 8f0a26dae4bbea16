// Package planar is the contact handling of the 2D mode: FOSSSim's all-pairs vertex–edge
// detection on the bodies of package body/planar, the contact constraints it gives, and the
// course's contact responses as interchangeable pgs.Solvers, one file each (as Solver2D
// does): the exact LCP (lcp.go), velocity projection by the Goldfarb–Idnani QP
// (velocity_projection.go), generalized reflections around either (reflections.go) and
// Tumble's projected Gauss–Seidel (gauss_seidel.go).
//
// It reproduces the course's reference simulator (../shared/scenes2d/REFERENCE.md): the
// detection's floating-point expressions are written in the reference's order, the contact
// set has the reference's order and duplicate rule, and that order is the column order of N.
// Where the reference produces NaN (a vertex exactly on an edge, redundant contacts under the
// plain LCP) Tumble stays finite and says so.
//
// Conventions: SI units, y up, angles counter-clockwise, column vectors. A contact's normal
// points from its first body i0 toward its second body i1; the generalized velocity of a body
// is (vx, vy, ω) and its mass block diag(M, M, I).
package planar
