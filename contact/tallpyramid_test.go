package contact

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// Wall pyramids one cube deep, forty and sixty cubes at their base (820 and 1,830 cubes of
// 100 kg; Box3D's large_pyramid has a hundred), kept awake for 200 steps: they sag but do
// not erupt. No cube rises more than 1 cm above where it started at any step, none moves
// more than 25 cm, and the total energy never exceeds its start by more than 5 J. When the
// shock sweep's one-sided impulses were the next step's warm start, a cube of the smaller
// one rose 2.4 cm, one moved 82 cm and it gained 20 J; large_pyramid itself gained 1 MJ.
func TestTallPyramidDoesNotErupt(t *testing.T) {
	for _, base := range []int{40, 60} {
		var cubes []*body.Body
		for row := range base {
			for k := row; k < base; k++ {
				x := 0.5*float64(row+1) + float64(k-row) - 0.5*float64(base)
				cubes = append(cubes, boxBody(mgl64.Vec3{1, 1, 1}, 100, mgl64.Vec3{x, float64(row) + 0.5, 0}))
			}
		}
		w := floorWorld(0.5, cubes...)
		w.EnableSleep = false
		start := make([]mgl64.Vec3, len(w.Bodies))
		for i, b := range w.Bodies {
			start[i] = b.P
		}
		e0, gained, rose, moved := energy(w), 0.0, 0.0, 0.0
		for range 200 {
			mustStep(t, w)
			gained = max(gained, energy(w)-e0)
			for i, b := range w.Bodies {
				rose = max(rose, b.P[1]-start[i][1])
				moved = max(moved, b.P.Sub(start[i]).Len())
			}
		}
		t.Logf("%d cubes: rose %.3g m, moved %.3g m at most; energy at most %.3g J above its start", len(w.Bodies), rose, moved, gained)
		if rose > 0.01 || moved > 0.25 || gained > 5 {
			t.Errorf("%d cubes: a cube rose %.3g m and one moved %.3g m; the energy rose %.3g J; want under 1 cm, 25 cm and 5 J", len(w.Bodies), rose, moved, gained)
		}
	}
}
