package scene

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/inertia"
)

// Bodies placed inside each other at the start (many bodies spawned at one point is a common
// mistake) are pushed apart violently by the first steps. The check for it is cheap and never
// cries wolf: two solids certainly overlap when the balls they hold around their centres of
// mass intersect, or when they are the same shape in the same pose. It misses shallow
// overlaps and those of bodies whose centre of mass lies outside the solid (a torus's).

// reach is what the overlap check knows of a body's shape, in its own frame: the radius of the
// ball about the centre of mass that holds the mesh, and of one the solid holds (0 when the
// centre of mass lies outside the solid).
type reach struct{ outer, inner float64 }

// reachOf measures mesh m, whose vertices are relative to the centre of mass. The inner
// radius is the least distance from the centre to a triangle's plane, which is no more than
// to the triangle itself, and is taken only when the centre lies inside (the triangles' solid
// angles seen from it sum to 4π, not 0).
func reachOf(m *inertia.Mesh) reach {
	var r reach
	for _, v := range m.Vertices {
		r.outer = max(r.outer, rounded.Len(v))
	}
	inner, solid := math.Inf(1), 0.0
	for _, t := range m.Triangles {
		a, b, c := m.Vertices[t[0]], m.Vertices[t[1]], m.Vertices[t[2]]
		if n := rounded.Cross(b.Sub(a), c.Sub(a)); rounded.Len(n) > 0 {
			inner = min(inner, math.Abs(rounded.Dot(rounded.Normalize(n), a)))
		}
		// Van Oosterom and Strackee's solid angle of a triangle seen from the origin.
		la, lb, lc := rounded.Len(a), rounded.Len(b), rounded.Len(c)
		den := float64(la*lb*lc) + float64(rounded.Dot(a, b)*lc) + float64(rounded.Dot(a, c)*lb) + float64(rounded.Dot(b, c)*la)
		solid += float64(2 * rounded.Atan2(rounded.Dot(a, rounded.Cross(b, c)), den))
	}
	if solid > 2*math.Pi { // inside: 4π; outside: 0
		r.inner = inner
	}
	return r
}

// overlapDepth is how far, relative to the smaller inner radius, two held balls must
// intersect to count: rounding in a file's positions is no overlap.
const overlapDepth = 1e-3

// shownOverlaps is how many overlapping pairs are named; the rest are counted.
const shownOverlaps = 5

// maxOverlapChecks bounds the pairs the check looks at, so that no scene makes it slow.
const maxOverlapChecks = 100_000_000

// overlapWarnings returns a warning for each pair of bodies of w, not both fixed, that
// certainly overlap at the start. shape[i] identifies body i's mesh and scale, reaches[i] its
// reach.
func (s *Scene) overlapWarnings(w *contact.World, shape []int, reaches []reach) []string {
	n := len(w.Bodies)
	if n < 2 {
		return nil
	}
	// Sweep along the axis of the centres' widest spread.
	lo, hi := w.Bodies[0].P, w.Bodies[0].P
	for _, b := range w.Bodies {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], b.P[k]), max(hi[k], b.P[k])
		}
	}
	ext := hi.Sub(lo)
	axis := 0
	for k := 1; k < 3; k++ {
		if ext[k] > ext[axis] {
			axis = k
		}
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	start := func(i int) float64 { return w.Bodies[i].P[axis] - reaches[i].outer }
	slices.SortFunc(order, func(i, j int) int { return cmp.Or(cmp.Compare(start(i), start(j)), cmp.Compare(i, j)) })
	var shown []string
	found, checks := 0, 0
	for k, i := range order {
		end := w.Bodies[i].P[axis] + reaches[i].outer
		for _, j := range order[k+1:] {
			if start(j) > end {
				break
			}
			if checks++; checks > maxOverlapChecks {
				return append(shown, fmt.Sprintf("%s: the check for bodies overlapping at the start stopped after %d pairs; %d overlap so far", s.Name, maxOverlapChecks, found))
			}
			a, b := min(i, j), max(i, j)
			if !overlap(w, a, b, shape, reaches) {
				continue
			}
			if found++; found <= shownOverlaps {
				shown = append(shown, fmt.Sprintf("%s: %s overlaps %s (line %d) at the start: the first steps will push them apart",
					s.at(s.Bodies[b].Line), s.describe(b), s.describe(a), s.Bodies[a].Line))
			}
		}
	}
	if found > shownOverlaps {
		shown = append(shown, fmt.Sprintf("%s: %d more pairs of bodies overlap at the start", s.Name, found-shownOverlaps))
	}
	return shown
}

// overlap reports whether bodies a and b certainly overlap.
func overlap(w *contact.World, a, b int, shape []int, reaches []reach) bool {
	ba, bb := w.Bodies[a], w.Bodies[b]
	if ba.Fixed && bb.Fixed {
		return false // walls and floors built of overlapping fixed pieces
	}
	d := rounded.Len(ba.P.Sub(bb.P))
	ra, rb := reaches[a], reaches[b]
	if shape[a] == shape[b] && d <= 1e-9*ra.outer && ba.R.ApproxEqualThreshold(bb.R, 1e-9) {
		return true // the same solid twice
	}
	return ra.inner > 0 && rb.inner > 0 && d < ra.inner+rb.inner-float64(overlapDepth*min(ra.inner, rb.inner))
}

// describe names body i for messages: body 3 "name", or body 3.
func (s *Scene) describe(i int) string {
	if name := s.Bodies[i].Name; name != "" {
		return fmt.Sprintf("body %d %q", i, name)
	}
	return fmt.Sprintf("body %d", i)
}
