package contact

import (
	"fmt"
	"math"

	"github.com/tumble-physics/tumble/body/rounded"
)

// Coefficients enter a World through Materials (CreateBody's BodyDef, AddBody, SetMaterial,
// World.Materials) and Planes; each is checked where it enters, or by Step for the slices
// the caller fills by hand, so that a restitution of 2 (which would create energy at every
// bounce) or a negative friction is an error naming the field, not a solver failure at the
// first contact.

// coefficientProblem returns what is wrong with a friction, a restitution and a rolling
// resistance coefficient, the field and its range ("Friction = -1: must be 0 or more and
// finite"), or "" when all are in range: friction 0 or more and finite, restitution and
// rolling resistance between 0 and 1. (The caller
// names the element, only on error: Step checks every material of every step.)
func coefficientProblem(friction, restitution, rolling float64) string {
	switch {
	case !(friction >= 0 && friction <= math.MaxFloat64):
		return fmt.Sprintf("Friction = %g: must be 0 or more and finite", friction)
	case !(restitution >= 0 && restitution <= 1):
		return fmt.Sprintf("Restitution = %g: must be between 0 and 1 (above 1 a bounce would create energy)", restitution)
	case !(rolling >= 0 && rolling <= 1):
		return fmt.Sprintf("RollingResistance = %g: must be between 0 and 1 (a lever beyond the body's reach)", rolling)
	}
	return ""
}

// checkMaterial returns an error naming call and the field of m out of its range.
func checkMaterial(call string, m Material) error {
	if p := coefficientProblem(m.Friction, m.Restitution, m.RollingResistance); p != "" {
		return fmt.Errorf("contact: %s: Material.%s", call, p)
	}
	return nil
}

// checkSurfaces returns an error for a plane that cannot be one, or a coefficient of a
// plane or of World.Materials out of its range, naming call and the element, or for
// rolling resistance asked of a caller's Solver.
func (w *World) checkSurfaces(call string) error {
	rolls := false
	for k, pl := range w.Planes {
		rolls = rolls || pl.RollingResistance > 0
		if !allFinite(pl.Point[:]) || !allFinite(pl.Normal[:]) || rounded.Len(pl.Normal) == 0 {
			return fmt.Errorf("contact: %s: Planes[%d]: point %v and normal %v must be finite (within ±%g m), and the normal nonzero",
				call, k, pl.Point, pl.Normal, MaxStateValue)
		}
		if p := coefficientProblem(pl.Friction, pl.Restitution, pl.RollingResistance); p != "" {
			return fmt.Errorf("contact: %s: Planes[%d].%s", call, k, p)
		}
	}
	for i, m := range w.Materials {
		rolls = rolls || m.RollingResistance > 0
		if p := coefficientProblem(m.Friction, m.Restitution, m.RollingResistance); p != "" {
			return fmt.Errorf("contact: %s: Materials[%d].%s", call, i, p)
		}
	}
	if rolls && w.Solver != nil {
		return fmt.Errorf("contact: %s: RollingResistance needs the built-in solver: World.Solver's rows have no angular ones", call)
	}
	return nil
}
