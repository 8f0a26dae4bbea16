package contact

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// penPile returns a world of n unit cubes of 1 kg, turned at random, in layers of 5 × 5 on a
// 1.25 m grid from y = 1 m, in a 7 m pen (a floor and four walls).
func penPile(n int) *World {
	rng := rand.New(rand.NewPCG(5, 6))
	var bodies []*body.Body
	for i := range n {
		b := boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{
			1.25 * float64(i%5-2), 1 + 1.25*float64(i/25), 1.25 * float64(i/5%5-2)})
		b.R = body.Exp(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
		bodies = append(bodies, b)
	}
	w := floorWorld(0.5, bodies...)
	for _, n := range []mgl64.Vec3{{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}} {
		w.Planes = append(w.Planes, Plane{Point: n.Mul(-3.5), Normal: n, Friction: 0.5})
	}
	return w
}

// The stages on the work pool (the narrow phase, the per-body and per-manifold stages, the
// solver's sweeps) give bit for bit the serial result: a pile of 500 cubes run for 2.5 s with
// one worker and with four ends in the same state, body by body, with the same stats at
// every step, and the parallel paths did run (enough pairs, bodies and manifolds for two
// goroutines). So does one whose every other cube resists rolling.
func TestParallelStepIsDeterministic(t *testing.T) {
	for _, rolling := range []float64{0, 0.05} {
		testParallelStep(t, rolling)
	}
}

// testParallelStep is TestParallelStepIsDeterministic with every other cube's rolling
// resistance set to rolling.
func testParallelStep(t *testing.T, rolling float64) {
	run := func(workers int) (*World, []Stats, int, int) {
		w := penPile(500)
		w.Workers = workers
		for i := 0; i < len(w.Bodies); i += 2 {
			w.Materials = append(w.Materials, Material{Friction: 0.5, RollingResistance: rolling}, DefaultMaterial)
		}
		pairs, manifolds := 0, 0
		var stats []Stats
		for range 150 {
			mustStep(t, w)
			pairs, manifolds = max(pairs, len(w.contacts.detector.pairs)), max(manifolds, len(w.contacts.cur))
			st := w.Stats
			st.Residuals = slices.Clone(st.Residuals)
			stats = append(stats, st)
		}
		return w, stats, pairs, manifolds
	}
	serial, serialStats, _, _ := run(1)
	parallel, parallelStats, pairs, manifolds := run(4)
	if pairs < 2*parallelMinPairs || manifolds < 2*minLight {
		t.Fatalf("at most %d pairs and %d manifolds per step: the parallel paths never ran", pairs, manifolds)
	}
	for i, a := range serial.Bodies {
		b := parallel.Bodies[i]
		if a.P != b.P || a.R != b.R || a.V != b.V || a.Omega != b.Omega {
			t.Fatalf("rolling %g: body %d differs: serial P %v, parallel P %v", rolling, i, a.P, b.P)
		}
	}
	for i, a := range serialStats {
		if b := parallelStats[i]; !reflect.DeepEqual(a, b) {
			t.Fatalf("rolling %g: step %d: serial stats %+v, parallel %+v", rolling, i+1, a, b)
		}
	}
	t.Logf("%d pairs and %d manifolds at most", pairs, manifolds)
}
