package viewer

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// TestPenFloorBounds checks the floor of pile1000's pen (10 m × 10 m, walls facing in) as cut
// by bounds: from inside the pen only the pen's floor can be seen (100 m²); from outside, past
// the wall at x = 5 that faces away, the floor from the far wall to the scene cube's edge
// (105 m × 10 m); from outside the cube, the whole floor in the cube (200 m × 200 m).
func TestPenFloorBounds(t *testing.T) {
	r := Renderer{reach: reach{half: 100}}
	r.SetPlanes(
		[]mgl64.Vec3{{0, 0, 0}, {5, 0, 0}, {-5, 0, 0}, {0, 0, 5}, {0, 0, -5}},
		[]mgl64.Vec3{{0, 1, 0}, {-1, 0, 0}, {1, 0, 0}, {0, 0, -1}, {0, 0, 1}},
		mgl32.Vec3{1, 1, 1})
	for _, c := range []struct {
		eye  mgl64.Vec3
		area float64 // m²
	}{
		{mgl64.Vec3{0, 3, 0}, 100},
		{mgl64.Vec3{20, 10, 0}, 105 * 10},
		{mgl64.Vec3{0, 300, 0}, 200 * 200},
	} {
		const big = 1000
		poly := [][2]float64{{-big, -big}, {big, -big}, {big, big}, {-big, big}}
		for _, h := range r.bounds(0, c.eye) {
			poly = h.clip(poly, nil)
		}
		area := 0.0 // shoelace; counter-clockwise is positive
		for k, p := range poly {
			q := poly[(k+1)%len(poly)]
			area += (p[0]*q[1] - q[0]*p[1]) / 2
		}
		if math.Abs(area-c.area) > 1e-9*c.area {
			t.Errorf("eye %v: floor drawn over %g m², want %g", c.eye, area, c.area)
		}
	}
}
