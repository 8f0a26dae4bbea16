package viewer

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

const w, h = 1280.0, 720.0

func TestProjectInvertsRay(t *testing.T) {
	for _, centre := range []float64{0, -0.25} {
		c := FrameBox(mgl64.Vec3{-1, 0, -1}, mgl64.Vec3{1, 2, 1}, w/h)
		c.CentreX = centre
		for _, px := range [][2]float64{{640, 360}, {0, 0}, {1279, 719}, {100, 600}, {1000, 50}} {
			r := c.Ray(px[0], px[1], w, h)
			for _, d := range []float64{0.5, 3, 40} {
				x, y, ok := c.Project(r.At(d), w, h)
				if !ok || math.Abs(x-px[0]) > 1e-6 || math.Abs(y-px[1]) > 1e-6 {
					t.Errorf("centre %g: pixel %v at distance %g projects back to (%g, %g) ok=%v", centre, px, d, x, y, ok)
				}
			}
		}
	}
}

// The target projects to the middle of the view, or CentreX of its width from it; shifting
// moves the picture without scaling it.
func TestTargetProjectsToCentre(t *testing.T) {
	c := Camera{Target: mgl64.Vec3{1, 2, 3}, Yaw: 2, Pitch: -0.3, Distance: 7, FovY: 1}
	x, y, ok := c.Project(c.Target, w, h)
	if !ok || math.Abs(x-w/2) > 1e-9 || math.Abs(y-h/2) > 1e-9 {
		t.Errorf("target projects to (%g, %g), want the centre", x, y)
	}
	p := c.Target.Add(mgl64.Vec3{0.3, -0.4, 0.2})
	px, py, _ := c.Project(p, w, h)
	c.CentreX = -0.2
	sx, sy, ok := c.Project(p, w, h)
	if !ok || math.Abs(sx-(px-0.2*w)) > 1e-9 || math.Abs(sy-py) > 1e-9 {
		t.Errorf("CentreX −0.2 moves a point from (%g, %g) to (%g, %g), want %g px left", px, py, sx, sy, 0.2*w)
	}
	c.CentreX = 0
	if d := c.Eye().Sub(c.Target).Len(); math.Abs(d-7) > 1e-12 {
		t.Errorf("eye is %g m from the target, want 7", d)
	}
}

func TestFrameBoxShowsWholeBox(t *testing.T) {
	for _, aspect := range []float64{w / h, 0.5, 1} {
		lo, hi := mgl64.Vec3{-3, 0, -2}, mgl64.Vec3{4, 5, 1}
		c := FrameBox(lo, hi, aspect)
		for i := range 8 {
			p := mgl64.Vec3{lo[0], lo[1], lo[2]}
			for k := range 3 {
				if i>>k&1 == 1 {
					p[k] = hi[k]
				}
			}
			x, y, ok := c.Project(p, 100*aspect, 100)
			if !ok || x < 0 || x > 100*aspect || y < 0 || y > 100 {
				t.Errorf("aspect %g: corner %v projects outside the view at (%g, %g)", aspect, p, x, y)
			}
		}
	}
}

func TestOrbitPanZoom(t *testing.T) {
	c := FrameBox(mgl64.Vec3{-1, -1, -1}, mgl64.Vec3{1, 1, 1}, 1)
	d := c.Distance
	c.Orbit(300, -200)
	if got := c.Eye().Sub(c.Target).Len(); math.Abs(got-d) > 1e-12 {
		t.Errorf("orbit changed the distance to %g, want %g", got, d)
	}
	c.Orbit(0, 1e6)
	if c.Pitch > math.Pi/2 {
		t.Errorf("pitch %g passed the pole", c.Pitch)
	}
	// A pan drag of n pixels moves a point on the target plane by n pixels on screen.
	c = FrameBox(mgl64.Vec3{-1, -1, -1}, mgl64.Vec3{1, 1, 1}, w/h)
	p := c.Target
	c.Pan(50, -30, h)
	x, y, _ := c.Project(p, w, h)
	if math.Abs(x-(w/2+50)) > 1e-6 || math.Abs(y-(h/2-30)) > 1e-6 {
		t.Errorf("after a (50, -30) pan the old target is at (%g, %g), want (%g, %g)", x, y, w/2+50, h/2-30)
	}
	c.Zoom(2)
	if want := d * zoomRate * zoomRate; math.Abs(c.Distance-want) > 1e-12 {
		t.Errorf("zoom by 2 notches: distance %g, want %g", c.Distance, want)
	}
}
