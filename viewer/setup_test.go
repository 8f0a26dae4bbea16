package viewer

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/inertia"
)

// A dropped mesh starts at rest with its lowest point 1 m above the top of the highest body
// (or of the floor at y = 0), centred horizontally.
func TestDropMeshAboveScene(t *testing.T) {
	v, tri := cube(1)
	w := contact.NewWorld(contact.DefaultSettings())
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
	w := contact.NewWorld(contact.DefaultSettings())
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

// A mesh dropped with a scale is that much larger (mass by its cube) and lands over the
// point asked, its lowest point one body size above the floor when it is taller than 1 m.
func TestDropMeshScaledWhereAsked(t *testing.T) {
	v, tri := cube(1)
	w := contact.NewWorld(contact.DefaultSettings())
	b, err := DropMesh(w, &inertia.Mesh{Name: "cube", Vertices: v, Triangles: tri}, Drop{Scale: 3, X: 5, Z: -2})
	if err != nil {
		t.Fatal(err)
	}
	lowest := math.Inf(1)
	for _, p := range b.Mesh.Vertices {
		lowest = math.Min(lowest, p[1]+b.P[1])
	}
	if math.Abs(b.Mass-27000) > 1e-6 || b.P[0] != 5 || b.P[2] != -2 || math.Abs(lowest-3) > 1e-9 {
		t.Errorf("dropped cube ×3: mass %g kg at %v, lowest point %g m; want 27000 kg over (5, -2), 3 m up", b.Mass, b.P, lowest)
	}
}

// Rescaling a dropped body doubles its size about its centre of mass at the same density
// (8 times the mass), lifts it so that it reaches no lower than before, keeps its motion,
// and leaves the other bodies as they were.
func TestRescaled(t *testing.T) {
	v, tri := cube(1)
	w := contact.NewWorld(contact.DefaultSettings())
	w.Iterations, w.Time, w.Steps = 7, 2, 120
	other, _ := DropMesh(w, &inertia.Mesh{Name: "cube", Vertices: v, Triangles: tri}, Drop{X: 4})
	b, _ := DropMesh(w, &inertia.Mesh{Name: "cube", Vertices: v, Triangles: tri}, Drop{})
	b.V = mgl64.Vec3{1, 2, 3}
	nw, err := rescaled(w, 1, 2)
	if err != nil {
		t.Fatal(err)
	}
	nb := nw.Bodies[1]
	if math.Abs(nb.Mass-8*b.Mass) > 1e-9 || nb.V != b.V || nw.Bodies[0] != other || nw.Iterations != 7 || nw.Time != 2 || nw.Steps != 120 {
		t.Errorf("rescaled: mass %g (was %g), velocity %v; world %+v", nb.Mass, b.Mass, nb.V, nw)
	}
	if low, was := lowest(nb.Mesh.Vertices, nb.R)+nb.P[1], lowest(b.Mesh.Vertices, b.R)+b.P[1]; math.Abs(low-was) > 1e-12 {
		t.Errorf("lowest point at %g m after doubling, was %g m", low, was)
	}
}
