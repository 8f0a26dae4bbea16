package scenegen

import (
	"bytes"
	"math"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/tumble-physics/tumble/data"
)

// TestCommittedScenesAreGenerated checks that data/scenes holds exactly what the generator
// writes, so that `go generate ./data` is a no-op on a clean tree, and that Seeded with the
// shipped seed writes the shipped scene: a sweep's default seed runs the scene everyone runs.
func TestCommittedScenesAreGenerated(t *testing.T) {
	for name, text := range Scenes() {
		committed, err := data.Scene(name)
		if err != nil {
			t.Errorf("%s: %v (run go generate ./data)", name, err)
			continue
		}
		if !bytes.Equal(committed, text) {
			t.Errorf("%s.xml differs from the generator's output (run go generate ./data)", name)
		}
	}
	seeds := ShippedSeeds()
	if len(seeds) != 2 || seeds["pile1000"] != 1 || seeds["heap2000"] != 1 || !slices.Equal(SeededNames(), []string{"heap2000", "pile1000"}) {
		t.Errorf("shipped seeds %v, names %v; want heap2000's and pile1000's, 1", seeds, SeededNames())
	}
	for name, seed := range seeds {
		text, ok := Seeded(name, seed)
		shipped, err := data.Scene(name)
		if !ok || err != nil || !bytes.Equal(text, shipped) {
			t.Errorf("Seeded(%q, %d) is not the shipped scene (ok %v, %v)", name, seed, ok, err)
		}
	}
	if _, ok := Seeded("large_pyramid", 1); ok {
		t.Error("Seeded(large_pyramid): a scene with no random numbers has no seed")
	}
}

// TestRotationIsUniform checks the random rotations against two facts of the uniform
// distribution on SO(3): the rotation angle θ has density (1 − cos θ)/π, so its mean is
// π/2 + 2/π, and the axis is isotropic (each component of the unit axis has mean 0 and
// mean square 1/3).
func TestRotationIsUniform(t *testing.T) {
	r := splitmix64(42)
	const n = 200000
	var angle, sq [3]float64
	var mean float64
	for range n {
		v := r.rotation()
		th := math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2])
		mean += th / n
		for k := range 3 {
			angle[k] += v[k] / th / n
			sq[k] += v[k] * v[k] / (th * th) / n
		}
	}
	if want := math.Pi/2 + 2/math.Pi; math.Abs(mean-want) > 0.01 {
		t.Errorf("mean angle %.4f, want %.4f", mean, want)
	}
	for k := range 3 {
		if math.Abs(angle[k]) > 0.01 || math.Abs(sq[k]-1.0/3) > 0.01 {
			t.Errorf("axis component %d: mean %.4f, mean square %.4f; want 0 and 1/3", k, angle[k], sq[k])
		}
	}
}

// TestLargePyramidLayout checks Box3D's layout: 5,050 cubes, rows touching, the top cube
// above the middle of the base.
func TestLargePyramidLayout(t *testing.T) {
	text := largePyramid(100)
	if got := bytes.Count(text, []byte("<body ")); got != 5050 {
		t.Errorf("%d bodies, want 5050", got)
	}
	if !bytes.Contains(text, []byte(`position="0 99.5 0"`)) || !bytes.Contains(text, []byte(`position="-49.5 0.5 0"`)) {
		t.Error("the top cube is not at (0, 99.5, 0) or the base does not start at x = -49.5")
	}
}

// TestPileSeed checks what a seed changes: every cube stays on its grid point within the
// ±8 cm jitter and on its layer, while another seed moves every cube and turns it.
func TestPileSeed(t *testing.T) {
	pose := regexp.MustCompile(`name="box(\d+)" mesh="cube" mass="1" position="(\S+) (\S+) (\S+)" rotation="(\S+ \S+ \S+)"`)
	poses := map[uint64][][]string{}
	for _, seed := range []uint64{1, 2, 1 << 63} {
		poses[seed] = pose.FindAllStringSubmatch(string(pile(50, seed)), -1)
		if len(poses[seed]) != 50 {
			t.Fatalf("seed %d: %d cubes, want 50", seed, len(poses[seed]))
		}
		for i, m := range poses[seed] {
			x, _ := strconv.ParseFloat(m[2], 64)
			y, _ := strconv.ParseFloat(m[3], 64)
			z, _ := strconv.ParseFloat(m[4], 64)
			gx, gz, gy := 1.9*float64(i%25%5-2), 1.9*float64(i%25/5-2), 1+1.9*float64(i/25)
			if m[1] != strconv.Itoa(i) || math.Abs(x-gx) > 0.08 || math.Abs(z-gz) > 0.08 || math.Abs(y-gy) > 1e-9 {
				t.Errorf("seed %d: box%s at %s %s %s, want box%d within 8 cm of %g %g %g", seed, m[1], m[2], m[3], m[4], i, gx, gy, gz)
			}
		}
	}
	for i := range poses[1] {
		a, b := poses[1][i], poses[2][i]
		if a[2] == b[2] || a[4] == b[4] || a[5] == b[5] {
			t.Errorf("box%d: seeds 1 and 2 give %v and %v", i, a[2:], b[2:])
		}
	}
}
