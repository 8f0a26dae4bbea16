package contact

// collide finds the contact between bodies a and b (a < b) into m, whose Pair, Friction and
// Restitution are set; prev is the pair's manifold of the last step, or nil. It reports
// whether the bodies touch or may touch within the step (m then holds 1 to 4 points, their
// ids stable across steps, without impulses: the caller warm starts). Two convex bodies
// (decided at load, see isConvex) go to the separating-axis test; any other pair to
// collideNonConvex.
func (s *contactState) collide(w *World, a, b int, prev *Manifold, m *Manifold) bool {
	ha, hb := s.hulls[a], s.hulls[b]
	if ha.poly == nil || hb.poly == nil {
		return false
	}
	if ha.convex && hb.convex {
		return s.collideConvex(w, a, b, prev, m)
	}
	return s.collideNonConvex(w, a, b, prev, m)
}

// pointReach (with s.turns up to date for the bodies' velocities) returns the depth contact point c of manifold m would have at the end of the
// step if the bodies kept their velocities (m: its depth, its approach over the step, and
// the dip of the step's rotations), and that dip.
func (w *World) pointReach(m *Manifold, c *ContactPoint) (reach, dipped float64) {
	h, n := w.Dt, m.Normal
	ba := w.Bodies[m.Pair.A]
	rA := ba.R.Mul3x1(c.LocalA)
	// m.Normal points from A into B: A moving along it approaches.
	approach := n.Dot(ba.V.Add(ba.Omega.Cross(rA)))
	dipped = dip(n.Mul(-1), w.contacts.turns[m.Pair.A], rA, ba.Omega, h)
	if m.Pair.B >= 0 {
		bb := w.Bodies[m.Pair.B]
		rB := bb.R.Mul3x1(c.LocalB)
		approach -= n.Dot(bb.V.Add(bb.Omega.Cross(rB)))
		dipped += dip(n, w.contacts.turns[m.Pair.B], rB, bb.Omega, h)
	}
	return c.Depth + h*approach + dipped, dipped
}

// pointDepth returns how deep contact point c of manifold m is with the bodies where they
// are now (m; negative for a gap).
func (w *World) pointDepth(m *Manifold, c *ContactPoint) float64 {
	xa := w.Bodies[m.Pair.A].WorldPoint(c.LocalA)
	if k := m.Pair.Plane(); k >= 0 {
		pl := &w.Planes[k]
		return -pl.Normal.Normalize().Dot(xa.Sub(pl.Point))
	}
	return m.Normal.Dot(xa.Sub(w.Bodies[m.Pair.B].WorldPoint(c.LocalB)))
}

// pairReach returns how far the surfaces of bodies a and b can close within the step at
// most (m): their relative speed plus each one's fastest corner's speed about its centre,
// times the step.
func (s *contactState) pairReach(w *World, a, b int) float64 {
	ba, bb := w.Bodies[a], w.Bodies[b]
	return w.Dt * (ba.V.Sub(bb.V).Len() + ba.Omega.Len()*s.hulls[a].radius + bb.Omega.Len()*s.hulls[b].radius)
}
