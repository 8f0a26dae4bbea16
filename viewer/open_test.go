package viewer

import (
	"math"
	"strings"
	"testing"
)

// An OBJ file opens as that mesh over a floor, its lowest point 1 m up.
func TestOpenMesh(t *testing.T) {
	s, err := Open("testdata/tetra.obj")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.World.Bodies) != 1 || len(s.World.Planes) != 1 || s.World.Planes[0].Normal[1] != 1 {
		t.Fatalf("want one body over a floor, got %d bodies and planes %v", len(s.World.Bodies), s.World.Planes)
	}
	b := s.World.Bodies[0]
	lowest := math.Inf(1)
	for _, v := range b.Mesh.Vertices {
		lowest = math.Min(lowest, b.R.Mul3x1(v).Add(b.P)[1])
	}
	if math.Abs(lowest-1) > 1e-12 {
		t.Errorf("lowest point at y=%g, want 1", lowest)
	}
}

// A 2D scene, found beside a 3D one in the browser, is not read as a 3D scene: the error
// says what it is and how to watch it.
func TestOpen2DScene(t *testing.T) {
	path := scene2D("contact_lcp")
	if _, err := Open(path); err == nil || err.Error() != path+" is a 2D scene (FOSSSim's format): watch it with tumble view "+path {
		t.Errorf("Open(%s): %v", path, err)
	}
}

func TestOpenErrorsNameTheInput(t *testing.T) {
	for _, name := range []string{"testdata/missing.obj", "testdata/missing.xml", "no-such-builtin-scene"} {
		if _, err := Open(name); err == nil || !strings.Contains(err.Error(), strings.TrimPrefix(name, "testdata/")) {
			t.Errorf("Open(%q): error %v should name it", name, err)
		}
	}
}
