package contact

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// penPile returns a world of n unit cubes of 1 kg in a pen (penOf).
func penPile(n int) *World {
	return penOf(n, func(_ int, at mgl64.Vec3) *body.Body { return boxBody(mgl64.Vec3{1, 1, 1}, 1, at) })
}

// penOf returns a world of n bodies, body i made by make at its place, turned at random, in
// layers of 5 × 5 on a 1.25 m grid from y = 1 m, in a 7 m pen (a floor and four walls).
func penOf(n int, make func(i int, at mgl64.Vec3) *body.Body) *World {
	rng := rand.New(rand.NewPCG(5, 6))
	var bodies []*body.Body
	for i := range n {
		b := make(i, mgl64.Vec3{1.25 * float64(i%5-2), 1 + 1.25*float64(i/25), 1.25 * float64(i/5%5-2)})
		b.R = body.Exp(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
		bodies = append(bodies, b)
	}
	w := floorWorld(0.5, bodies...)
	for _, n := range []mgl64.Vec3{{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}} {
		w.Planes = append(w.Planes, Plane{Point: n.Mul(-3.5), Normal: n, Friction: 0.5})
	}
	return w
}

// runRecorded steps w steps times, calling each after every step, and returns its stats at
// every step.
func runRecorded(t *testing.T, w *World, steps int, each func(w *World)) []Stats {
	var stats []Stats
	for range steps {
		mustStep(t, w)
		each(w)
		st := w.Stats
		st.Residuals = slices.Clone(st.Residuals)
		stats = append(stats, st)
	}
	return stats
}

// sameRuns fails t unless the serial and parallel runs end with every body in the same
// state and had the same stats at every step.
func sameRuns(t *testing.T, label string, serial, parallel *World, serialStats, parallelStats []Stats) {
	t.Helper()
	for i, a := range serial.Bodies {
		b := parallel.Bodies[i]
		if a.P != b.P || a.R != b.R || a.V != b.V || a.Omega != b.Omega {
			t.Fatalf("%s: body %d differs: serial P %v, parallel P %v", label, i, a.P, b.P)
		}
	}
	for i, a := range serialStats {
		if b := parallelStats[i]; !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: step %d: serial stats %+v, parallel %+v", label, i+1, a, b)
		}
	}
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
	pairs, manifolds := 0, 0
	run := func(workers int) (*World, []Stats) {
		w := penPile(500)
		w.Workers = workers
		for i := 0; i < len(w.Bodies); i += 2 {
			w.Materials = append(w.Materials, Material{Friction: 0.5, RollingResistance: rolling}, DefaultMaterial)
		}
		return w, runRecorded(t, w, 150, func(w *World) {
			pairs, manifolds = max(pairs, len(w.contacts.detector.pairs)), max(manifolds, len(w.contacts.cur))
		})
	}
	serial, serialStats := run(1)
	parallel, parallelStats := run(4)
	if pairs < 2*parallelMinPairs || manifolds < 2*minLight {
		t.Fatalf("at most %d pairs and %d manifolds per step: the parallel paths never ran", pairs, manifolds)
	}
	sameRuns(t, fmt.Sprintf("rolling %g", rolling), serial, parallel, serialStats, parallelStats)
	t.Logf("%d pairs and %d manifolds at most", pairs, manifolds)
}

// Non-convex pairs are detected, and sampled again by the guard, on every goroutine, and
// their further manifolds and samples handed on in pair order: a pen of 150 bodies of the
// built-in meshes, tori and T-handles among them, turned at random, run for half a second
// with one worker and with four ends in the same state with the same stats at every step,
// and the parallel paths ran (enough pairs for two goroutines, many of them non-convex,
// some sampled again).
func TestParallelNonConvexIsDeterministic(t *testing.T) {
	names := []string{"thandle", "cube", "torus", "tetrahedron", "cylinder", "icosphere"}
	pairs, nonConvex, resampled := 0, 0, 0
	run := func(workers int) (*World, []Stats) {
		w := penOf(150, func(i int, at mgl64.Vec3) *body.Body {
			name := names[i%len(names)]
			scale := 0.9
			if name == "torus" {
				scale = 0.4
			}
			return meshBody(t, builtinMesh(t, name), scale, at)
		})
		w.Workers = workers
		return w, runRecorded(t, w, 30, func(w *World) {
			n := 0
			for _, sl := range w.contacts.detector.narrow.slots {
				if sl.nc != 0 {
					n++
				}
			}
			pairs, nonConvex = max(pairs, len(w.contacts.detector.pairs)), max(nonConvex, n)
			for _, a := range w.contacts.guards.nc.again {
				if a.done {
					resampled++
				}
			}
		})
	}
	serial, serialStats := run(1)
	parallel, parallelStats := run(4)
	if pairs < 2*parallelMinPairs || nonConvex < parallelMinPairs || resampled == 0 {
		t.Fatalf("at most %d pairs, %d of them non-convex, per step, %d sampled again by the guard: the parallel paths never ran on them", pairs, nonConvex, resampled)
	}
	sameRuns(t, "mixed pen", serial, parallel, serialStats, parallelStats)
	t.Logf("%d pairs at most, %d of them non-convex; %d sampled again by the guard", pairs, nonConvex, resampled)
}
