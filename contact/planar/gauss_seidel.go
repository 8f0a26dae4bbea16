package planar

import "tumble/pgs"

// GaussSeidel is Tumble's "pgs" response (not in the course): the LCP of the "lcp" response
// solved by the project's projected Gauss–Seidel with Iterations sweeps over the contacts in
// the set's order, starting from zero impulses. It converges to the LCP's velocities as the
// sweeps grow; with few sweeps it leaves some approach velocity, which is the price of its
// fixed cost (compare it with the exact solvers on the same scenes).
type GaussSeidel struct {
	pgs.GaussSeidel
}
