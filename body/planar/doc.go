// Package planar simulates FOSSSim's two-dimensional rigid bodies: polygons of point masses
// with a radius, moved by gravity, springs and wind under symplectic or explicit Euler, with
// an optional contact response after each step.
//
// Conventions: SI units, y up, angles in radians counter-clockwise, column vectors. A body's
// orientation θ maps body space to world space by R(θ) = [[cos θ, −sin θ], [sin θ, cos θ]];
// body-space vertices are relative to the centre of mass.
//
// The package reproduces the FOSSSim course reference (theme 3) to its grading tolerance,
// and its mass properties bit for bit: every floating-point expression here is written in
// the reference's order of operations (../shared/scenes2d/REFERENCE.md). Reordering a sum
// or turning a multiply by a reciprocal into a division changes the last bits, and the
// contact scenes that sit exactly on the edge of touching depend on those bits.
package planar
