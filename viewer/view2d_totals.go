package viewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
)

// noise is how small a total may be, relative to the magnitudes it sums, before the screen
// takes it for rounding error and shows 0.
const noise = 1e-9

// totals2D are the totals the 2D HUD shows, rounding error removed: a box resting on a floor
// keeps velocities of about 1e-18 m/s, left over where the contact response cancels the g dt
// that gravity added, and a momentum of −1.388e-17 kg m/s is no result worth its digits.
type totals2D struct {
	P    mgl64.Vec2 // momentum, kg m/s
	L    float64    // angular momentum about the origin, kg m²/s
	T, U float64    // kinetic and potential energy, J
}

// totals returns the system's totals, each set to 0 when it lies within noise of the sum of
// the magnitudes that make it up. Those magnitudes count every body's velocity as at least
// the g dt a step of gravity gives it, the scale of what contact cancels.
func totals(sys *planar.System) totals2D {
	var g mgl64.Vec2
	for _, f := range sys.Forces {
		if gr, ok := f.(*planar.Gravity); ok {
			g = g.Add(gr.G)
		}
	}
	dv := g.Len() * sys.Dt
	var pScale, lScale, eScale float64
	for i := range sys.Bodies {
		b := &sys.Bodies[i]
		v := b.V.Len() + dv
		pScale += b.M * v
		lScale += b.M*b.X.Len()*v + b.I*math.Abs(b.Omega)
		eScale += 0.5*b.M*v*v + 0.5*b.I*b.Omega*b.Omega + b.M*math.Abs(g.Dot(b.X))
	}
	for _, f := range sys.Forces {
		if _, ok := f.(*planar.Gravity); !ok {
			eScale += math.Abs(f.Potential(sys.Bodies)) // a spring's ½ k (l − l0)² ≥ 0
		}
	}
	t, u := sys.KineticEnergy(), sys.PotentialEnergy()
	p := sys.Momentum()
	return totals2D{
		P: mgl64.Vec2{clean(p[0], pScale), clean(p[1], pScale)},
		L: clean(sys.AngularMomentum(), lScale),
		T: clean(t, eScale),
		U: clean(u, eScale),
	}
}

// clean returns x, or 0 when |x| is within noise of scale; −0 becomes 0. A value that is not
// finite stays as it is, for the screen to show as a dash.
func clean(x, scale float64) float64 {
	if math.Abs(x) <= noise*scale {
		return 0
	}
	return x
}
