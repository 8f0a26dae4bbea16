package planar_test

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	rigid "github.com/tumble-physics/tumble/body/planar"
	contact "github.com/tumble-physics/tumble/contact/planar"
)

// FuzzDetect places a triangle and a segment anywhere (including degenerate and
// coincident vertices) and checks the contact set's invariants: bodies ordered, normals
// finite and of unit length, the set strictly increasing by Less (no two the same); and
// that every response either leaves finite velocities or says why it cannot (never NaN,
// never a panic). On degenerate, deeply overlapping sets the exact solvers can fail by
// rounding (testdata/fuzz holds such cases), and generalized reflections can cycle forever
// (ErrEndless), as the reference would.
func FuzzDetect(f *testing.F) {
	f.Add(0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.5, 0.15, 0.5, 2.0, 0.1, 1.0)
	f.Add(0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.5, 0.0, 0.5, 0.1, 0.0)
	f.Add(0.0, 0.0, 2.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0, 3.0, 0.1, -2.0)
	f.Fuzz(func(t *testing.T, ax, ay, bx, by, cx, cy, px, py, qx, qy, r, v float64) {
		for _, x := range []float64{ax, ay, bx, by, cx, cy, px, py, qx, qy, r, v} {
			if math.IsNaN(x) || math.Abs(x) > 1e6 {
				t.Skip()
			}
		}
		tri, err := rigid.NewBody([]mgl64.Vec2{{ax, ay}, {bx, by}, {cx, cy}}, []float64{1, 1, 1}, math.Abs(r)+1e-3, mgl64.Vec2{v, 0}, 0, false)
		if err != nil {
			t.Skip()
		}
		seg, err := rigid.NewBody([]mgl64.Vec2{{px, py}, {qx, qy}}, []float64{1, 2}, 0.1, mgl64.Vec2{0, -v}, v, false)
		if err != nil {
			t.Skip()
		}
		bodies := []rigid.Body{tri, seg}
		var d contact.Detector
		set := d.Detect(bodies)
		for k, c := range set {
			if c.I0 != 0 || c.I1 != 1 || !(math.Abs(c.N.Len()-1) < 1e-9) {
				t.Fatalf("contact %d: %+v", k, c)
			}
			if k > 0 && !contact.Less(&set[k-1], &set[k]) {
				t.Fatalf("contacts %d and %d out of order: %+v, %+v", k-1, k, set[k-1], set[k])
			}
		}
		for _, name := range []string{"lcp", "velocity-projection", "gr-lcp", "gr-velocity-projection", "pgs"} {
			r, err := contact.New(contactHandling(name))
			if err != nil {
				t.Fatal(err)
			}
			sys := &rigid.System{Bodies: append([]rigid.Body(nil), bodies...), Response: r}
			if err := r.Respond(sys); err != nil {
				t.Logf("%s: %v", name, err)
				if msg := err.Error(); strings.Contains(msg, "NaN") || strings.Contains(msg, "Inf") {
					t.Fatalf("%s: %v", name, err)
				}
				continue
			}
			if !finiteState(sys.Bodies) {
				t.Fatalf("%s: state not finite", name)
			}
		}
	})
}
