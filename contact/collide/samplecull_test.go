package collide

import (
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/internal/bodytest"
)

// The sphere tree's culling never loses a sample: for built-in meshes posed at random close
// to each other, Sample at a small margin returns every sample that a margin of 10 m (which
// culls nothing near contact) finds closer than that margin, against a distance field (the
// T-handle's, the torus's) or a convex partner's polyhedron. Culling that trusted an
// interpolated field to be 1-Lipschitz with 5 mm to spare lost samples of torus against
// torus, and in a heap a T-handle's sample 4 mm deep in a tetrahedron (then looked up in
// its field, 2.7 cm off next to its edges) on alternate steps: the T-handle shook on the
// contact that came and went.
func TestCullingKeepsEverySample(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	gauss := gaussianVectors(rng)
	for _, pair := range [][2]string{{"thandle", "tetrahedron"}, {"thandle", "cube"}, {"cylinder", "thandle"},
		{"thandle", "thandle"}, {"torus", "torus"}, {"torus", "tetrahedron"}} {
		var shapes Shapes
		va, vb := newBody(&shapes, meshBody(t, pair[0])), newBody(&shapes, meshBody(t, pair[1]))
		a, b := va.Body, vb.Body
		var nc NonConvex
		var sc NonConvexScratch
		touching := 0
		for range 150 {
			a.R, b.R = body.Exp(gauss(2)), body.Exp(gauss(2))
			b.P = a.P.Add(gauss(1).Normalize().Mul(0.3 + 1.2*rng.Float64()))
			for _, margin := range []float64{0.002, 0.011} {
				all := map[uint32]bool{}
				for _, s := range sc.Sample(&nc, va, vb, 10, dt) {
					if s.Depth > -margin {
						all[s.ID] = true
					}
				}
				for _, s := range sc.Sample(&nc, va, vb, margin, dt) {
					delete(all, s.ID)
				}
				if len(all) > 0 {
					t.Fatalf("%s–%s at margin %g: culling lost %d samples (A at %v, B at %v R %v)", pair[0], pair[1], margin, len(all), a.P, b.P, b.R)
				}
			}
			if len(sc.Sample(&nc, va, vb, 0, dt)) > 0 {
				touching++
			}
		}
		if touching < 30 {
			t.Errorf("%s–%s: only %d of 150 poses touch; the test samples too few contacts", pair[0], pair[1], touching)
		}
	}
}

// meshBody returns a free body of the built-in mesh name at the origin (mass properties are
// not read).
func meshBody(t *testing.T, name string) *body.Body {
	return &body.Body{Mesh: bodytest.Mesh(t, name), Mass: 1, InvMass: 1, R: mgl64.Ident3()}
}

// A pair whose hulls HullsApart finds apart has no sample within the margin: for built-in
// meshes posed at random near each other (a T-handle against each mesh whose hull is cheap
// to test), with the bodies moving, every pose HullsApart passes over gives an empty Sample
// at the margin Collide would use, and the test passes over a good share of the poses and
// none that touch.
func TestHullsApartMissesNoSample(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 17))
	gauss := gaussianVectors(rng)
	for _, other := range []string{"thandle", "tetrahedron", "cube", "cylinder", "icosphere"} {
		var shapes Shapes
		va, vb := newBody(&shapes, meshBody(t, "thandle")), newBody(&shapes, meshBody(t, other))
		if !CheapHulls(va.Shape, vb.Shape) {
			t.Fatalf("thandle–%s: hulls not cheap to test", other)
		}
		a, b := va.Body, vb.Body
		var nc NonConvex
		var sc NonConvexScratch
		apart := 0
		for k := range 300 {
			a.R, b.R = body.Exp(gauss(2)), body.Exp(gauss(2))
			b.P = a.P.Add(gauss(1).Normalize().Mul(0.4 + 1.6*rng.Float64()))
			a.V, b.V, a.Omega, b.Omega = gauss(1), gauss(1), gauss(2), gauss(2)
			st := Step{H: dt, Margin: 0.01, Detection: k + 1}
			if !nc.HullsApart(va, vb, &st) {
				continue
			}
			apart++
			if n := len(sc.Sample(&nc, va, vb, PairMargin(va, vb, &st), dt)); n > 0 {
				t.Fatalf("thandle–%s: hulls apart, but %d samples within the margin (B at %v)", other, n, b.P)
			}
		}
		if apart < 30 || apart > 270 {
			t.Errorf("thandle–%s: hulls apart in %d of 300 poses; the test samples too few of one kind", other, apart)
		}
	}
}
