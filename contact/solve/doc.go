// Package solve is the velocity-level contact solver of the 3D step: the contact manifolds
// of a step prepared once as constraints, then swept by projected Gauss–Seidel.
//
// A Contacts holds the bodies' inverse masses, world inverse inertias, levels in the contact
// graph and velocities, and one prepared constraint per manifold, in the order the sweeps
// visit them. A constraint keeps, per point, the angular Jacobians r × d of its normal and
// two friction rows for both bodies, the same premultiplied by the inverse inertia, each
// row's effective mass, the normal row's bias and the accumulated impulses; per manifold the
// normal, the tangents, the friction coefficient and the Delassus matrix of its normal rows;
// beside it, for a manifold that resists rolling, three angular rows (rolling.go). Nothing
// of it is built again within a step: the sweeps only read it and update impulses
// and velocities.
//
// The solve is the one docs/contact.md describes ("The solver"): impulses accumulated and
// clamped on the total (Catto 2005), warm started; each manifold's friction rows first, point
// by point, then its rolling rows, then its normal rows together as one small exact LCP (a block: Box2D's block
// solver generalised to four points, pgs.SolveBlock); the manifolds bottom-up; the sweeps
// stop once none changes a row's relative velocity by more than a tolerance, and otherwise
// the next-to-last sweep is a shock-propagation sweep (Guendelman, Bridson and Fedkiw 2003)
// that treats the lower body of every contact between bodies of different levels as
// infinitely heavy, and the last a plain sweep that gives every contact back its two sides.
// Then the exact stage (Exact, exact.go) solves each island cheap to factor directly, on the
// active set the sweeps found, and keeps the answer where it meets the bounds. The position
// pass (Position) solves the normal rows alone again for pseudo-velocities.
//
// Units are SI, y up; a row's relative velocity is d·(v_B + ω_B × r_B) − d·(v_A + ω_A × r_A)
// along its direction d, and a positive impulse pushes B along d and A against it. Every
// product is rounded before it is summed (package body/rounded's rule), so that every build
// gives the same bits.
package solve
