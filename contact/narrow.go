package contact

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/collide"
)

// collide finds the contact between bodies a and b (a < b) into m, whose Pair, Friction and
// Restitution are set; prev is the pair's manifold of the last step, or nil. It reports
// whether the bodies touch or may touch within the step (m then holds 1 to 4 points, their
// ids stable across steps, without impulses: the caller warm starts). Two convex bodies
// (decided at load, see collide.Shape) go to the separating-axis test
// (collide.Scratch.Convex); any other pair to collideNonConvex. It runs on the stepping
// goroutine, with its scratch.
func (d *detector) collide(s *contactState, w *World, a, b int, prev *Manifold, m *Manifold) bool {
	ha, hb := s.hulls[a], s.hulls[b]
	if !ha.Solid() || !hb.Solid() {
		return false
	}
	if ha.Convex && hb.Convex {
		va, vb, st := s.body(w, a), s.body(w, b), s.step(w)
		return d.narrow.own.Convex(&va, &vb, &st, prev, m)
	}
	return d.collideNonConvex(s, w, a, b, m)
}

// body returns body i as the narrow phase reads it: its state, shape, turn and pose.
func (s *contactState) body(w *World, i int) collide.Body {
	return collide.Body{Body: w.Bodies[i], Shape: s.hulls[i], Turn: &s.turns[i], Pose: &s.posed[i]}
}

// step returns what the narrow phase needs of the step under way.
func (s *contactState) step(w *World) collide.Step {
	return collide.Step{H: w.Dt, Margin: w.SpeculativeMargin, Detection: s.detector.detections}
}

// pointReach (with s.turns up to date for the bodies' velocities) returns the depth contact
// point c of manifold m would have at the end of the step if the bodies kept their
// velocities, and the dip of the step's rotations (collide.PointReach). It runs for every
// candidate point and again in the guard and the position pass.
func (w *World) pointReach(m *Manifold, c *ContactPoint) (reach, dipped float64) {
	turns := w.contacts.turns
	var b *body.Body
	var turnB *mgl64.Mat3
	if m.Pair.B >= 0 {
		b, turnB = w.Bodies[m.Pair.B], &turns[m.Pair.B]
	}
	return collide.PointReach(m, c, w.Bodies[m.Pair.A], b, &turns[m.Pair.A], turnB, w.Dt)
}

// pointDepth returns how deep contact point c of manifold m is with the bodies where they
// are now (m; negative for a gap): collide.PointDepth. It runs for every point after every
// step.
func (w *World) pointDepth(m *Manifold, c *ContactPoint) float64 {
	if k := m.Pair.Plane(); k >= 0 {
		return collide.PointDepth(m, c, w.Bodies[m.Pair.A], nil, &w.contacts.normals[k], &w.Planes[k].Point)
	}
	return collide.PointDepth(m, c, w.Bodies[m.Pair.A], w.Bodies[m.Pair.B], nil, nil)
}
