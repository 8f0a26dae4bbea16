package viewer

import "math"

// A label is a small panel of text tied to a point on screen: a contact's number. Where
// contacts crowd (a box's corner on a floor and on its neighbour, a pivot under a plank),
// labels placed by a fixed rule cover each other; placeLabels finds each one a free place
// near its point.

// labelGap is how far a label's centre sits from its point, pixels.
const labelGap = 16

// labelSpot is what placeLabels needs of a label: its point (pixels from the top-left
// corner), the unit direction on screen to put it in (from the point), and its size with
// its backdrop, pixels.
type labelSpot struct {
	x, y   float64
	dx, dy float64
	w, h   float64
}

// placeLabels returns the top-left corner of each label: centred labelGap from its point in
// its direction if nothing placed before it is there, or else the nearest free place a whole
// label further along that direction or to either side of it; when none is free within three
// labels' reach, the first place.
func placeLabels(spots []labelSpot) [][2]float64 {
	placed := make([][2]float64, 0, len(spots))
	free := func(x, y, w, h float64) bool {
		for i, p := range placed {
			o := spots[i]
			if x < p[0]+o.w && p[0] < x+w && y < p[1]+o.h && p[1] < y+h {
				return false
			}
		}
		return true
	}
	for _, s := range spots {
		cx, cy := s.x+labelGap*s.dx, s.y+labelGap*s.dy
		px, py := -s.dy, s.dx // across the direction
		step := math.Max(s.w, s.h)
		best := [2]float64{cx - s.w/2, cy - s.h/2}
	search:
		for ring := range 4 {
			for _, off := range [][2]float64{{0, 0}, {1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}} {
				along, across := float64(ring)*off[0]*step, float64(ring)*off[1]*step
				if ring == 0 && off != [2]float64{} {
					continue
				}
				x := cx + along*s.dx + across*px - s.w/2
				y := cy + along*s.dy + across*py - s.h/2
				if free(x, y, s.w, s.h) {
					best = [2]float64{x, y}
					break search
				}
			}
		}
		placed = append(placed, best)
	}
	return placed
}
