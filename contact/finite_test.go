package contact

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// CheckFinite names the first body whose state is NaN, infinite or beyond MaxStateValue, with
// the quantity, its value, the step and the time; a world of ordinary states passes.
func TestCheckFinite(t *testing.T) {
	w := floorWorld(0.5, boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0}), boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 2, 0}))
	for range 3 {
		mustStep(t, w)
	}
	if err := w.CheckFinite(); err != nil {
		t.Fatalf("a box resting and one falling: %v", err)
	}
	b := w.Bodies[1]
	for _, tc := range []struct {
		set  func()
		want string
	}{
		{func() { b.V[1] = math.NaN() }, "body 1: velocity (0, NaN, 0) not finite at step 3 (t = 0.05 s)"},
		{func() { b.Omega[2] = math.Inf(-1) }, "body 1: angular velocity (0, 0, -Inf) not finite at step 3 (t = 0.05 s)"},
		{func() { b.P = mgl64.Vec3{2e10, 2, 0} }, "body 1: position (2e+10, 2, 0) beyond ±1e+10 (diverging) at step 3 (t = 0.05 s)"},
		{func() { b.R[3] = math.NaN() }, "body 1: orientation (1, NaN, 0, 0, 1, 0, 0, 0, 1) not finite at step 3 (t = 0.05 s)"},
	} {
		saved := *b
		tc.set()
		err := w.CheckFinite()
		var nf *NotFiniteError
		if !errors.As(err, &nf) || nf.Body != 1 || err.Error() != tc.want {
			t.Errorf("error %v\nwant  %s", err, tc.want)
		}
		*b = saved
	}
}
