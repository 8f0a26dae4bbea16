package collide

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// The corner loops (detection against planes, the deepest corner of measure, the position
// pass's deep corners) visit every hull corner of every body against every plane, although
// most bodies lie far from most planes. The bounds here let them skip corners that cannot
// pass their test, without changing the arithmetic of the ones that can: each is proven
// from the rounding error of the arithmetic it stands for, with a slack of 10⁻⁹ relative
// (the rounding is 10⁻¹⁶), and refuses (the corners are then visited as before) whenever a
// number is not finite.

// Beyond reports whether base + nb.Dot(c), computed in float64, is at least limit for every
// corner c of a hull whose corners lie within radius of its centre: the body's bounding
// sphere lies beyond limit along nb (|nb·c| ≤ |nb| |c|).
func Beyond(base float64, nb mgl64.Vec3, radius, limit float64) bool {
	gap := base - limit - float64(1e-9*(math.Abs(base)+math.Abs(limit)))
	return gap > 0 && gap < 1e100 && gap*gap >= rounded.Dot(nb, nb)*(radius*radius)*(1+1e-9)
}

// TurnedBound is a cheap stand-in for n·(turn (R c)), the offset along a plane's normal n
// that the position pass computes for each corner c of a body at the end of the step: through
// nb = (turn R)ᵀ n it costs a dot product per corner, and differs from the exact value by
// the rounding of either, which the tolerance of along covers.
type TurnedBound struct {
	tr    mgl64.Mat3 // turn R
	slack float64    // 10⁻¹² |turn|_F |R|_F radius: 10³ times the rounding, |n|ᵀ|turn||R||c| 10⁻¹⁵
}

// NewTurnedBound returns the bound for a body with rotation r, the step's turn, and corners
// within radius of its centre.
func NewTurnedBound(turn, r mgl64.Mat3, radius float64) TurnedBound {
	f := 0.0
	for k := range 9 {
		f += float64(turn[k]*turn[k]) + float64(r[k]*r[k])
	}
	// |turn|_F |R|_F ≤ (|turn|²_F + |R|²_F)/2
	return TurnedBound{tr: rounded.Mul(turn, r), slack: 1e-12 * f / 2 * radius}
}

// Along returns, for plane normal n and base (the centre's height above the plane), nb and
// tol such that a corner c with base + nb.Dot(c) ≥ tol + limit has base + n·(turn (R c)) ≥
// limit in float64. ok is false when a number is too large to tell.
func (t *TurnedBound) Along(n mgl64.Vec3, base float64) (nb mgl64.Vec3, tol float64, ok bool) {
	tol = t.slack + float64(1e-12*math.Abs(base)) + 1e-15
	return rounded.MulTVec(t.tr, n), tol, tol < 1e100
}
