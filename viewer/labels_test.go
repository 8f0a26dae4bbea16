package viewer

import "testing"

// overlaps reports whether two labels of size w×h at a and b cover each other.
func overlaps(a, b [2]float64, w, h float64) bool {
	return a[0] < b[0]+w && b[0] < a[0]+w && a[1] < b[1]+h && b[1] < a[1]+h
}

// A lone label sits centred labelGap from its point in its direction; labels of points
// close together (two contacts at a box's corner on a floor, three under a pivot) each get a
// place of their own, none covering another, each within three labels of its point.
func TestPlaceLabels(t *testing.T) {
	const w, h = 24, 30
	below := func(x, y float64) labelSpot { return labelSpot{x: x, y: y, dx: 0, dy: 1, w: w, h: h} }
	for _, c := range []struct {
		name  string
		spots []labelSpot
	}{
		{"one", []labelSpot{below(100, 100)}},
		{"two at one corner", []labelSpot{below(100, 100), below(102, 100)}},
		{"four in a row, 10 px apart", []labelSpot{below(100, 100), below(110, 100), below(120, 100), below(130, 100)}},
		{"three at a pivot", []labelSpot{below(200, 50), {x: 200, y: 50, dx: 0.6, dy: 0.8, w: w, h: h}, {x: 201, y: 50, dx: -0.6, dy: 0.8, w: w, h: h}}},
	} {
		at := placeLabels(c.spots)
		if len(at) != len(c.spots) {
			t.Fatalf("%s: %d places for %d labels", c.name, len(at), len(c.spots))
		}
		if s := c.spots[0]; at[0] != [2]float64{s.x + labelGap*s.dx - w/2, s.y + labelGap*s.dy - h/2} {
			t.Errorf("%s: the first label at %v, want centred %d px from its point", c.name, at[0], labelGap)
		}
		for i := range at {
			for j := range i {
				if overlaps(at[i], at[j], w, h) {
					t.Errorf("%s: labels %d at %v and %d at %v overlap", c.name, i, at[i], j, at[j])
				}
			}
			cx, cy := at[i][0]+w/2-c.spots[i].x, at[i][1]+h/2-c.spots[i].y
			if cx*cx+cy*cy > (labelGap+3*1.5*h)*(labelGap+3*1.5*h) {
				t.Errorf("%s: label %d centred (%g, %g) from its point: too far", c.name, i, cx, cy)
			}
		}
	}
}
