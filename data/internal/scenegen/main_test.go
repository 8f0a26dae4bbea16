package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedScenesAreGenerated checks that data/scenes holds exactly what the generator
// writes, so that `go generate ./data` is a no-op on a clean tree.
func TestCommittedScenesAreGenerated(t *testing.T) {
	for name, text := range scenes() {
		committed, err := os.ReadFile(filepath.Join("../../scenes", name+".xml"))
		if err != nil {
			t.Errorf("%s: %v (run go generate ./data)", name, err)
			continue
		}
		if !bytes.Equal(committed, text) {
			t.Errorf("%s.xml differs from the generator's output (run go generate ./data)", name)
		}
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
