package inertia

import (
	"bytes"
	"flag"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/data"
)

var update = flag.Bool("update", false, "rewrite testdata/massprops.golden")

// goldenMeshes are the meshes whose mass properties testdata/massprops.golden holds to the
// bit: every built-in mesh, the benchmark's spheres of 10k and 100k triangles, a torus, and a
// sphere far from the origin and turned, whose integrals lose the most to rounding.
func goldenMeshes(t *testing.T) []*Mesh {
	var out []*Mesh
	for _, name := range data.MeshNames() {
		text, err := data.Mesh(name)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ReadOBJ(bytes.NewReader(text), name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	for _, s := range benchSpheres[:2] {
		m := sphereMesh(1, s.slices, s.stacks)
		m.Name = fmt.Sprintf("sphere%d", len(m.Triangles))
		out = append(out, m)
	}
	far := sphereMesh(0.3, 60, 31).Affine(mgl64.Rotate3DY(0.7).Mul3(mgl64.Rotate3DX(0.2)), mgl64.Vec3{1e4, -3e3, 250})
	far.Name = "far sphere"
	return append(out, torusMesh(2, 0.5, 64, 32), far)
}

// propertyBits writes every number of p as the hexadecimal of its bits.
func propertyBits(p Properties) string {
	var nums []float64
	nums = append(nums, p.Volume, p.Mass)
	nums = append(nums, p.COM[:]...)
	nums = append(nums, p.Inertia[:]...)
	nums = append(nums, p.PrincipalMoments[:]...)
	for _, a := range p.PrincipalAxes {
		nums = append(nums, a[:]...)
	}
	words := make([]string, len(nums))
	for i, x := range nums {
		words[i] = fmt.Sprintf("%016x", math.Float64bits(x))
	}
	return strings.Join(words, " ")
}

// TestMassPropertiesBitForBit: the mass properties are part of the determinism contract (the
// bodies' inertia enters every step), so Compute must reproduce testdata/massprops.golden to
// the last bit on every mesh of goldenMeshes. go test -update rewrites it after an intended
// change, which its commit then says.
func TestMassPropertiesBitForBit(t *testing.T) {
	var b strings.Builder
	for _, m := range goldenMeshes(t) {
		p, err := Compute(m, 1000, Options{})
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s: %s\n", m.Name, propertyBits(p))
	}
	const path = "testdata/massprops.golden"
	if *update {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	got, wantLines := strings.Split(b.String(), "\n"), strings.Split(string(want), "\n")
	if len(got) != len(wantLines) {
		t.Fatalf("%d meshes, the golden file has %d", len(got)-1, len(wantLines)-1)
	}
	for i := range got {
		if got[i] != wantLines[i] {
			t.Errorf("not bit for bit:\n got %s\nwant %s", got[i], wantLines[i])
		}
	}
}

// integralBits returns the bits of every integral.
func integralBits(t volumeIntegrals) [10]uint64 {
	var b [10]uint64
	for i, x := range append([]float64{t.T0}, append(append(t.T1[:], t.T2[:]...), t.TP[:]...)...) {
		b[i] = math.Float64bits(x)
	}
	return b
}

// However many goroutines work on a mesh, its integrals come out to the same bits as one
// triangle after another on one: on a sphere of 100k triangles (blocks of every size, the
// last one short), a torus far from its centre's axis, and a mesh of mostly degenerate faces
// (repeated vertices), whose terms of −0 leave every sum as it was, −0 included.
func TestIntegrateSameBitsOnAnyWorkers(t *testing.T) {
	sphere := sphereMesh(1, benchSpheres[1].slices, benchSpheres[1].stacks)
	torus := torusMesh(1e3, 1, 200, 60)
	degenerate := &Mesh{Vertices: []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}}
	for k := range 3 * parallelTriangles {
		tri := [3]int32{0, 0, 0} // a point: no area
		if k%1000 == 999 {
			tri = [3]int32{0, 1, 2}
		}
		degenerate.Triangles = append(degenerate.Triangles, tri)
	}
	for _, m := range []*Mesh{sphere, torus, degenerate} {
		lo, hi := m.Bounds()
		origin := lo.Add(hi).Mul(0.5)
		want := integralBits(integrateOn(1, m.Vertices, m.Triangles, origin))
		for _, workers := range []int{2, 3, 4, 7} {
			if got := integralBits(integrateOn(workers, m.Vertices, m.Triangles, origin)); got != want {
				t.Errorf("%s, %d triangles on %d goroutines: %x, on one %x", m.Name, len(m.Triangles), workers, got, want)
			}
		}
	}
}
