package viewer

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"tumble/contact"
	"tumble/inertia"
)

// A dropped mesh starts at rest with its lowest point 1 m above the top of the highest body
// (or of the floor at y = 0), centred horizontally.
func TestDropMeshAboveScene(t *testing.T) {
	v, tri := cube(1)
	w := &contact.World{Gravity: mgl64.Vec3{0, -9.81, 0}, Dt: 1.0 / 60, Iterations: 10}
	for _, wantLowest := range []float64{1, 3} { // empty world, then on top of the first cube
		b, err := DropMesh(w, &inertia.Mesh{Name: "cube", Vertices: v, Triangles: tri}, Drop{})
		if err != nil {
			t.Fatal(err)
		}
		lowest := math.Inf(1)
		for _, p := range b.Mesh.Vertices {
			lowest = math.Min(lowest, b.R.Mul3x1(p).Add(b.P)[1])
		}
		if math.Abs(lowest-wantLowest) > 1e-9 || b.P[0] != 0 || b.P[2] != 0 || b.V.Len() != 0 {
			t.Errorf("dropped cube: lowest point at y=%g, want %g; P=%v V=%v", lowest, wantLowest, b.P, b.V)
		}
	}
	if n := len(w.Bodies); n != 2 {
		t.Errorf("%d bodies after two drops", n)
	}
}

func TestEnergy(t *testing.T) {
	v, tri := cube(1)
	w := &contact.World{Gravity: mgl64.Vec3{0, -9.81, 0}}
	b, err := DropMesh(w, &inertia.Mesh{Name: "cube", Vertices: v, Triangles: tri}, Drop{})
	if err != nil {
		t.Fatal(err)
	}
	b.P = mgl64.Vec3{0, 2, 0}
	b.V = mgl64.Vec3{3, 0, 0}
	want := 0.5*b.Mass*9 + b.Mass*9.81*2
	if got := energy(w); math.Abs(got-want) > 1e-9*want {
		t.Errorf("energy %g J, want ½mv² + mgh = %g J", got, want)
	}
}
