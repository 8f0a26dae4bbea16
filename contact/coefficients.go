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

// checkCoefficients returns an error naming the field, what + ".Friction" or what +
// ".Restitution", of a coefficient out of its range: friction 0 or more and finite,
// restitution between 0 and 1.
func checkCoefficients(what string, friction, restitution float64) error {
	switch {
	case !(friction >= 0 && friction <= math.MaxFloat64):
		return fmt.Errorf("%s.Friction = %g: must be 0 or more and finite", what, friction)
	case !(restitution >= 0 && restitution <= 1):
		return fmt.Errorf("%s.Restitution = %g: must be between 0 and 1 (above 1 a bounce would create energy)", what, restitution)
	}
	return nil
}

// checkMaterial returns an error naming call and the field of m out of its range.
func checkMaterial(call string, m Material) error {
	if err := checkCoefficients("Material", m.Friction, m.Restitution); err != nil {
		return fmt.Errorf("contact: %s: %w", call, err)
	}
	return nil
}

// checkSurfaces returns an error for a plane that cannot be one, or a coefficient of a
// plane or of World.Materials out of its range, naming call and the element.
func (w *World) checkSurfaces(call string) error {
	for k, pl := range w.Planes {
		if !allFinite(pl.Point[:]) || !allFinite(pl.Normal[:]) || rounded.Len(pl.Normal) == 0 {
			return fmt.Errorf("contact: %s: Planes[%d]: point %v and normal %v must be finite (within ±%g m), and the normal nonzero",
				call, k, pl.Point, pl.Normal, MaxStateValue)
		}
		if err := checkCoefficients(fmt.Sprintf("Planes[%d]", k), pl.Friction, pl.Restitution); err != nil {
			return fmt.Errorf("contact: %s: %w", call, err)
		}
	}
	for i, m := range w.Materials {
		if err := checkCoefficients(fmt.Sprintf("Materials[%d]", i), m.Friction, m.Restitution); err != nil {
			return fmt.Errorf("contact: %s: %w", call, err)
		}
	}
	return nil
}
