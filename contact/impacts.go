package contact

// impactMarks says, per manifold of a list (this step's, the last step's or the dormant
// ones), whether an impact made it: a point of it approached faster than impactSpeed. Such
// a manifold does not warm start the next step: an impact's impulses are far larger than
// what the contact needs a step later, and sweeps that start from them and do not converge
// push the bodies apart (a box landing on a box gained 0.03 J in a step). A manifold past
// the end of the marks is no impact's, so that manifolds appended fresh need no mark.
type impactMarks []bool

// of reports whether manifold i is an impact's.
func (f impactMarks) of(i int) bool { return i < len(f) && f[i] }

// sized returns the marks of a list of n manifolds, one each: those of f, then false.
func (f impactMarks) sized(n int) impactMarks {
	for len(f) < n {
		f = append(f, false)
	}
	return f[:n]
}
