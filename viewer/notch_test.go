package viewer

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"tumble/inertia"
)

// The L-prism's caps are concave hexagons; a fan from their first vertex covers the notch.
// The screenshot shows the notch open: where the camera looks through it past the prism (as
// the ear-clipped mesh says, and the fan would not), the picture is not the prism's colour,
// while the prism's solid corner is. Its mass is that of the L's 3 m³ of water.
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

	// The fan of the file's faces, as the mesh was cut before ear clipping.
	m, err := inertia.LoadOBJ(obj)
	if err != nil {
		t.Fatal(err)
	}
	com := b.Mesh.Vertices[0].Sub(m.Vertices[0]) // the body's mesh is the file's, recentred
	fan := fanOf(t, obj)
	pixel := func(local mgl64.Vec3) (int, int, Ray) {
		x, y, _ := cam.Project(b.R.Mul3x1(local).Add(b.P), shotW, shotH)
		return int(x), int(y), cam.Ray(math.Floor(x)+0.5, math.Floor(y)+0.5, shotW, shotH)
	}
	r := BoundingRadius(b.Mesh.Vertices)
	open, solid := 0, 0
	for _, u := range []float64{1.2, 1.4, 1.6, 1.8} { // points of the notch on the front cap
		for _, v := range []float64{1.2, 1.4, 1.6, 1.8} {
			x, y, ray := pixel(mgl64.Vec3{u, v, 1}.Add(com))
			_, _, hit := ray.MeshHit(b.Mesh.Vertices, b.Mesh.Triangles, r, b.R, b.P)
			_, _, hitFan := ray.MeshHit(b.Mesh.Vertices, fan, r, b.R, b.P)
			if hit || !hitFan {
				continue // the camera sees the prism through it, or so would the fan
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
		t.Errorf("%d notch pixels the fan would fill, solid corner in colour: %v; want both", open, solid == 1)
	}
}

// fanOf returns the triangles of an OBJ file's faces cut as fans from their first vertex.
func fanOf(t *testing.T, path string) [][3]int32 {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var tris [][3]int32
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != "f" {
			continue
		}
		var idx []int32
		for _, s := range f[1:] {
			var i int32
			fmt.Sscan(s, &i)
			idx = append(idx, i-1)
		}
		for k := 1; k+1 < len(idx); k++ {
			tris = append(tris, [3]int32{idx[0], idx[k], idx[k+1]})
		}
	}
	return tris
}
