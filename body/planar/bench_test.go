package planar_test

import (
	"path/filepath"
	"testing"

	"github.com/tumble-physics/tumble/body/planar/internal/testscenes"
)

// BenchmarkStep reports steps per second on the longest course scenes (and a wind scene,
// the most arithmetic per body).
func BenchmarkStep(b *testing.B) {
	dir := testscenes.Dir(b)
	for _, name := range []string{
		"t3m1/hollistictests/chain.xml",      // 5 bodies, 5 springs, gravity; 100 000 steps
		"t3m1/hollistictests/airplane.xml",   // 11-gon, spring, gravity, wind; 50 000 steps
		"t3m1/hollistictests/cantilever.xml", // 5 bodies, 20 springs, gravity; 20 000 steps
		"t3m1/windtests/test03sym.xml",       // 4 boxes in wind
	} {
		b.Run(filepath.Base(name), func(b *testing.B) {
			_, sys := load(b, filepath.Join(dir, name))
			for b.Loop() {
				if err := sys.Step(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "steps/s")
		})
	}
}

// BenchmarkT3M1Set runs every t3m1 scene to its end: one op is the whole set (≈ 300 000
// steps).
func BenchmarkT3M1Set(b *testing.B) {
	files := testscenes.Glob(b, "t3m1/*/*.xml")
	for b.Loop() {
		for _, f := range files {
			scene, sys := load(b, f)
			for range scene.Steps() {
				if err := sys.Step(); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
}

// A step allocates nothing: forces and integration work in place.
func TestStepDoesNotAllocate(t *testing.T) {
	_, sys := load(t, filepath.Join(testscenes.Dir(t), "t3m1/hollistictests/airplane.xml"))
	if a := testing.AllocsPerRun(100, func() { sys.Step() }); a != 0 {
		t.Errorf("%v allocations per step", a)
	}
}
