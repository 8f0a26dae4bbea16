package contact

import "testing"

// Cubes spawned at one point on the floor all touch it, and the separating-axis test stacks
// them in one column (each pair's normal along the same face): the column's bodies rest on
// each other though each touches the floor. The position pass separates them upward; no
// corner goes deeper under the floor than the slop allows (before the levels followed the
// longest chain of support, the shock sweep froze nothing among them and the bottom cubes
// were pushed through the floor: 4 mm for 2 cubes, 28 cm for 5, 74 cm for 10, 4.6 m for 100).
func TestCoincidentCubesStayAboveFloor(t *testing.T) {
	for _, n := range []int{2, 3, 5, 10, 25} {
		w := coincident(n)
		deepest := 0.0
		for range 30 {
			if err := w.Step(); err != nil {
				t.Fatal(err)
			}
			for _, b := range w.Bodies {
				deepest = max(deepest, -lowest(b))
			}
		}
		top := 0.0
		for _, b := range w.Bodies {
			top = max(top, b.P[1])
		}
		t.Logf("%d cubes: %.2f mm under the floor at most; the highest centre at %.2f m", n, deepest*1e3, top)
		if slop := w.PenetrationSlop; deepest > 2*slop || len(w.Overflows()) > 0 {
			t.Errorf("%d cubes: a corner %.2f mm under the floor; want at most %.1f mm, within the budgets", n, deepest*1e3, 2*slop*1e3)
		}
	}
}
