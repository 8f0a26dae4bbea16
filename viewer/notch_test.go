package viewer

import (
	"fmt"
	"math"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/inertia"
)

// The L-prism's caps are concave hexagons; a fan from their first vertex would cover the
// notch. The screenshot shows the notch open: where the camera looks through it past the
// prism, the picture is not the prism's colour, while the prism's solid corner is. Its mass
// is that of the L's 3 m³ of water.
func TestLPrismNotchRenders(t *testing.T) {
	bin, display := headless(t)
	const obj = "testdata/lprism.obj"
	s, err := Open(obj)
	if err != nil {
		t.Fatal(err)
	}
	b := s.World.Bodies[0]
	if math.Abs(b.Mass-3000) > 1e-9 {
		t.Errorf("L-prism mass %g kg, want 3000", b.Mass)
	}
	out := filepath.Join(t.TempDir(), "l.png")
	runTumble(t, bin, display, "view", obj, "--frames", "1", "--screenshot", out, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	s.World.Step()
	img := readPNG(t, out)
	cam := FrameScene(s, float64(shotW)/shotH)
	want, _ := hueSat(toRGBA(bodyColor(0, false)))

	m, err := inertia.LoadOBJ(obj)
	if err != nil {
		t.Fatal(err)
	}
	com := b.Mesh.Vertices[0].Sub(m.Vertices[0]) // the body's mesh is the file's, recentred
	pixel := func(local mgl64.Vec3) (int, int, Ray) {
		x, y, _ := cam.Project(b.R.Mul3x1(local).Add(b.P), shotW, shotH)
		return int(x), int(y), cam.Ray(math.Floor(x)+0.5, math.Floor(y)+0.5, shotW, shotH)
	}
	r := BoundingRadius(b.Mesh.Vertices)
	open, solid := 0, 0
	for _, u := range []float64{1.2, 1.4, 1.6, 1.8} { // points of the notch on the front cap
		for _, v := range []float64{1.2, 1.4, 1.6, 1.8} {
			x, y, ray := pixel(mgl64.Vec3{u, v, 1}.Add(com))
			if _, _, hit := ray.MeshHit(b.Mesh.Vertices, b.Mesh.Triangles, r, b.R, b.P); hit {
				continue // the camera sees the prism's inside walls through it
			}
			open++
			if got, sat := hueSat(img.At(x, y)); sat > 0.15 && hueDistance(got, want) < 25 {
				t.Errorf("notch pixel (%d, %d) shows the prism's colour: the notch is filled in", x, y)
			}
		}
	}
	x, y, _ := pixel(mgl64.Vec3{0.5, 0.5, 1}.Add(com))
	if got, sat := hueSat(img.At(x, y)); sat >= 0.15 && hueDistance(got, want) <= 25 {
		solid++
	}
	if open == 0 || solid == 0 {
		t.Errorf("%d notch pixels see past the prism, solid corner in colour: %v; want both", open, solid == 1)
	}
}
