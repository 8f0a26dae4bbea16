package contact

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/inertia"
)

// octahedron returns the regular octahedron with its six corners a metres from its centre
// on the axes.
func octahedron(a float64) *inertia.Mesh {
	v := []mgl64.Vec3{{a, 0, 0}, {-a, 0, 0}, {0, a, 0}, {0, -a, 0}, {0, 0, a}, {0, 0, -a}}
	return &inertia.Mesh{Name: "octahedron", Vertices: v, Triangles: [][3]int32{
		{0, 2, 4}, {2, 1, 4}, {1, 3, 4}, {3, 0, 4}, {2, 0, 5}, {1, 2, 5}, {3, 1, 5}, {0, 3, 5},
	}}
}

// An octahedron balanced on a corner, spinning about the vertical, touches the floor at one
// point: friction cannot slow a spin about the normal through it. With rolling resistance c
// the point resists with a torque of at most c·a·N (a the corner's distance from the centre,
// N = m g), so the spin falls by c·a·m·g·h/I each step and stops at ω₀ I/(c a m g); without
// it the spin is kept. (The balance is unstable: the mesh's centre of mass lies 1e-17 m off
// its corner, which tips it by 2e-15 m within the second the run lasts.)
func TestRollingResistanceStopsASpinOnACorner(t *testing.T) {
	const a, w0, c = 0.5, 2.0, 0.05
	spin := func(rolling float64, steps int) (omega []float64, inertiaY, mass float64) {
		w := floorOnly()
		w.EnableSleep = false
		w.Planes[0].RollingResistance = rolling
		def := DefaultBodyDef()
		def.Mesh, def.Position = octahedron(a), mgl64.Vec3{0, a, 0}
		def.AngularVelocity = mgl64.Vec3{0, w0, 0}
		def.Material.RollingResistance = rolling
		id, err := w.CreateBody(def)
		if err != nil {
			t.Fatal(err)
		}
		b := w.Body(id)
		for range steps {
			mustStep(t, w)
			omega = append(omega, b.Omega[1])
			if math.Abs(b.Omega[0])+math.Abs(b.Omega[2])+math.Abs(b.P[0])+math.Abs(b.P[2]) > 1e-12 {
				t.Fatalf("the octahedron left its corner: ω %v, centre %v", b.Omega, b.P)
			}
		}
		return omega, b.InertiaWorld().At(1, 1), 1 / b.InvMass
	}
	free, _, _ := spin(0, 60)
	for i, o := range free {
		if math.Abs(o-w0) > 1e-12 {
			t.Fatalf("without rolling resistance, step %d: ω %.17g, want %g kept", i, o, w0)
		}
	}
	omega, iy, m := spin(c, 60)
	h, g := defaults.Dt, 9.81
	drop := c * a * m * g * h / iy
	stop := int(math.Floor(w0 / drop))
	for i, o := range omega {
		want := max(w0-float64(i+1)*drop, 0)
		if math.Abs(o-want) > 1e-9*w0 {
			t.Fatalf("step %d: ω %.12g, want %.12g (a drop of %.6g rad/s a step; stops at step %d)", i, o, want, drop, stop)
		}
	}
	t.Logf("spin %.3g rad/s falls by %.4g rad/s a step and stops at step %d of %d", w0, drop, stop, len(omega))
}
