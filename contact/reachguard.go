package contact

import (
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
)

// Detection looks for contacts within the distance the bodies can travel in the step with
// the velocities they have before the solve. The solve can make a body faster: a ring that
// another lands on is pushed down onto whatever lies below it, farther than its own
// velocity said. The reach guard runs after each velocity solve, before the corner guard
// (guards.run), and extends the step's contacts to what the solved velocities bring
// into reach: the spare corners of a body against a plane are gathered again within its
// solved reach, a non-convex pair's samples are checked with the solved motion (ncguard.go),
// and pairs of a non-convex body that only come within reach now are detected.

// guards is the guards' state: the bodies the solve sped up and this step's non-convex
// samples (the corner guard keeps none).
type guards struct {
	grown []int32 // bodies whose solved velocities reach farther than the detected ones
	// the bodies with a polyhedron, and those of them that are not convex, ascending: the
	// partners a grown body can have in a late pair (latePairs), a convex one only the latter
	solid, concave []int32
	box            []aabb.Box // per body: the world box fattened by its solved reach (grown bodies only)
	done           []bool     // per grown body and plane: its plane manifold has been regathered
	nc             ncGuardState
	// deep: the corner guard's last run found a point deeper than the slop by more than
	// positionTrigger at the end of the step; final: it ran on the step's final velocities
	// (the solve did not run again after it), so that deep answers anyDeep.
	deep, final bool
}

// reach runs the reach guard with the solved velocities (and s.turns up to date) and
// reports whether it changed the step's manifolds.
func (g *guards) reach(s *contactState, w *World) bool {
	g.findGrown(s, w)
	n := len(s.cur)
	changed := g.regatherPlanes(s, w)
	changed = g.nonConvex(s, w) || changed
	if len(s.cur) > n { // new manifolds: solve them in order, and wake what they touch
		w.wakeTouched()
		w.Stats.Manifolds = len(s.cur)
		s.levels(w)
	}
	return changed
}

// findGrown lists the awake bodies whose solved velocities reach farther within the step
// than the ones they were detected with (s.post), with their boxes fattened by the solved
// reach.
func (g *guards) findGrown(s *contactState, w *World) {
	g.grown = g.grown[:0]
	for len(g.box) < len(w.Bodies) {
		g.box = append(g.box, aabb.Empty)
	}
	g.solid, g.concave = g.solid[:0], g.concave[:0]
	for i, hull := range s.hulls[:len(w.Bodies)] {
		if hull.Solid() {
			g.solid = append(g.solid, int32(i))
			if !hull.Convex {
				g.concave = append(g.concave, int32(i))
			}
		}
	}
	for i, b := range w.Bodies {
		hull := s.hulls[i]
		if b.Fixed || !w.awake(i) || len(hull.Corners) == 0 {
			continue
		}
		v := s.post[6*i:]
		before := rounded.Len(mgl64.Vec3{v[0], v[1], v[2]}) + float64(rounded.Len(mgl64.Vec3{v[3], v[4], v[5]})*hull.Radius)
		if now := rounded.Len(b.V) + float64(rounded.Len(b.Omega)*hull.Radius); now > before {
			g.grown = append(g.grown, int32(i))
			g.box[i] = aabb.Posed(b, hull.Box, w.SpeculativeMargin+float64(w.Dt*now))
		}
	}
}

// regatherPlanes gathers the corners of every grown body against every plane again, within
// its solved reach: a manifold it has with the plane gets them as its spares, for the corner
// guard to swap in; a plane it only now comes within reach of gets a manifold. It reports
// whether it added one.
func (g *guards) regatherPlanes(s *contactState, w *World) bool {
	np := len(w.Planes)
	if len(g.grown) == 0 || np == 0 {
		return false
	}
	g.done = append(g.done[:0], make([]bool, len(g.grown)*np)...)
	for i := range s.cur {
		p := s.cur[i].Pair
		k := p.Plane()
		if k < 0 {
			continue
		}
		if gi, ok := slices.BinarySearch(g.grown, p.A); ok {
			lo, v := len(s.cands), s.body(w, int(p.A))
			s.cands = s.gatherPlane(w, s.cands, &v, k, w.SpeculativeMargin+solvedReach(s, w, int(p.A)))
			s.span[i] = [2]int{lo, len(s.cands)}
			g.done[gi*np+k] = true
		}
	}
	added := false
	for gi, i := range g.grown {
		for k := range np {
			if g.done[gi*np+k] {
				continue
			}
			lo, v := len(s.cands), s.body(w, int(i))
			if s.cands = s.gatherPlane(w, s.cands, &v, k, w.SpeculativeMargin+solvedReach(s, w, int(i))); lo < len(s.cands) {
				s.detected.addPlaneManifold(s, w, int(i), k, lo)
				added = true
			}
		}
	}
	return added
}

// solvedReach returns how far a corner of body i can travel within the step with its
// current velocities, m.
func solvedReach(s *contactState, w *World, i int) float64 {
	b := w.Bodies[i]
	return w.Dt * (rounded.Len(b.V) + float64(rounded.Len(b.Omega)*s.hulls[i].Radius))
}
