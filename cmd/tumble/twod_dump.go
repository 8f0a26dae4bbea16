package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/tumble-physics/tumble/body/planar"
	contact "github.com/tumble-physics/tumble/contact/planar"
	"github.com/tumble-physics/tumble/internal/plural"
)

// dumpContacts makes the run print the matrices of its first contact solve at a step ≥ from
// (A, b, M, −M q̇⁻, N, λ, q̇⁺ in the course's basis), the values the course's handouts and
// scene comments print, then where its contacts are. It returns a function that reports, after the run, whether
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
		fmt.Fprintf(w, "step %d (t = %g s): %s, %s response, %s\n\n", rec.Step, float64(rec.Step)*sys.Dt,
			plural.Count(len(rec.Contacts), "contact", "contacts"), r.Name, plural.Count(rec.Stats.Iterations, "solver iteration", "solver iterations"))
		if werr = m.Write(w); werr == nil {
			werr = writeContacts(w, rec)
		}
	}
	return func() error {
		if werr == nil && !done {
			return fmt.Errorf("--dump: no step from %d on had contacts", from)
		}
		return werr
	}, nil
}

// writeContacts lists a solve's contacts in N's column order: the two bodies, the contact's
// midpoint (m), its normal (from the first body toward the second) and its impulse λ (N s),
// where tumble 2d render --contacts and the viewer draw it.
func writeContacts(w io.Writer, rec *contact.Record) error {
	if _, err := fmt.Fprintln(w, "contacts: bodies i0 i1, point x y (m), normal from i0 to i1, λ (N s) ="); err != nil {
		return err
	}
	for k, c := range rec.Contacts {
		p := c.Midpoint(rec.Bodies)
		if _, err := fmt.Fprintf(w, "%d: %d %d  %.17g %.17g  %.17g %.17g  %.10g\n", k, c.I0, c.I1, p[0], p[1], c.N[0], c.N[1], rec.Problem.Lambda[k]); err != nil {
			return err
		}
	}
	return nil
}
