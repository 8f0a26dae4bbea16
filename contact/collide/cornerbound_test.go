package collide

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/tumble-physics/tumble/body"

	"github.com/go-gl/mathgl/mgl64"
)

// The corner bounds never skip a corner that the exact arithmetic would take, for random
// bodies placed so that their corners lie within rounding of the limit (where a bound that
// is too tight would show), a metre from it, and far away.
func TestCornerBoundsSkipOnlyWhatFails(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	vec := gaussianVectors(rng)
	skipped := 0
	for trial := range 20000 {
		size := math.Pow(10, 2*rng.Float64()-1)
		corners := make([]mgl64.Vec3, 8)
		radius := 0.0
		for j := range corners {
			corners[j] = vec(size)
			radius = max(radius, corners[j].Len())
		}
		r, turn := body.Exp(vec(3)), body.Exp(vec(0.3))
		n := vec(1).Normalize()
		limit := []float64{0, 0.05, -5e-4}[trial%3] // 5e-4: the default PenetrationSlop
		// A corner's offset along n, exact path and bound path, then a base that puts it
		// at the limit, give or take a few ulps, or farther.
		c := corners[rng.IntN(len(corners))]
		base := limit - n.Dot(turn.Mul3x1(r.Mul3x1(c)))
		switch trial % 4 {
		case 1:
			base += rng.NormFloat64() * 1e-9
		case 2:
			base += rng.NormFloat64() * radius
		case 3:
			base += math.Abs(rng.NormFloat64()) * 10 * radius
		}
		nb := r.Transpose().Mul3x1(n)
		if Beyond(base, nb, radius, limit) {
			skipped++
			for _, c := range corners {
				if base+nb.Dot(c) < limit {
					t.Fatalf("trial %d: Beyond skipped a corner at %v below %v", trial, base+nb.Dot(c), limit)
				}
			}
		}
		tb := NewTurnedBound(turn, r, radius)
		tnb, tol, ok := tb.Along(n, base)
		if !ok {
			t.Fatalf("trial %d: no bound for finite numbers", trial)
		}
		for _, c := range corners {
			if base+tnb.Dot(c) >= tol+limit && base+n.Dot(turn.Mul3x1(r.Mul3x1(c))) < limit {
				t.Fatalf("trial %d: the turned bound skipped a corner below the limit", trial)
			}
		}
	}
	if skipped == 0 {
		t.Fatal("Beyond never skipped")
	}
}

// The bounds refuse when a number is not finite: the corners are then visited as before.
func TestCornerBoundsRefuseNonFinite(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if Beyond(x, mgl64.Vec3{0, 1, 0}, 1, 0) || Beyond(10, mgl64.Vec3{x, 1, 0}, 1, 0) {
			t.Errorf("Beyond passed %v", x)
		}
		tb := NewTurnedBound(mgl64.Ident3(), mgl64.Mat3{x, 0, 0, 0, 1, 0, 0, 0, 1}, 1)
		if _, _, ok := tb.Along(mgl64.Vec3{0, 1, 0}, 1); ok {
			t.Errorf("turned bound passed a rotation with %v", x)
		}
		tb = NewTurnedBound(mgl64.Ident3(), mgl64.Ident3(), 1)
		if _, _, ok := tb.Along(mgl64.Vec3{0, 1, 0}, x); ok {
			t.Errorf("turned bound passed base %v", x)
		}
	}
}
