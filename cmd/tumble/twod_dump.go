package main

import (
	"errors"
	"fmt"
	"io"

	"tumble/body/planar"
	contact "tumble/contact/planar"
)

// dumpContacts makes the run print the matrices of its first contact solve at a step ≥ from
// (A, b, M, −M q̇⁻, N, λ, q̇⁺ in the course's basis), the values the course's handouts and
// scene comments print. It returns a function that reports, after the run, whether
// anything was printed.
func dumpContacts(sys *planar.System, from int, w io.Writer) (func() error, error) {
	r, ok := sys.Response.(*contact.Response)
	if !ok {
		return nil, errors.New("--dump: the scene has no <rigidbodycollisionhandling>")
	}
	var werr error
	done := false
	r.Observe = func(rec *contact.Record) {
		if done || rec.Step < from {
			return
		}
		done = true
		m := contact.MatricesOf(rec)
		fmt.Fprintf(w, "step %d (t = %g s): %d contacts, %s response, %d solver iterations\n\n",
			rec.Step, float64(rec.Step)*sys.Dt, len(rec.Contacts), r.Name, rec.Stats.Iterations)
		werr = m.Write(w)
	}
	return func() error {
		if werr == nil && !done {
			return fmt.Errorf("--dump: no step from %d on had contacts", from)
		}
		return werr
	}, nil
}
