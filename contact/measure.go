package contact

// measure sets the stats that describe the state after the step: the contacts and the
// deepest penetration of a manifold point (into its plane, or between its two bodies) or of
// any hull corner behind a plane (a corner no manifold holds is deep all the same).
func (s *contactState) measure(w *World) {
	w.Stats.Contacts, w.Stats.MaxPenetration = 0, 0
	w.Stats.MaxPlanePenetration = s.planeDepth(w)
	for i := range s.cur {
		m := &s.cur[i]
		for j := range m.N {
			c := &m.Points[j]
			depth := w.pointDepth(m, c)
			w.Stats.MaxPenetration = max(w.Stats.MaxPenetration, depth)
			if c.NormalImpulse > 0 || depth >= -PenetrationSlop {
				w.Stats.Contacts++
			}
		}
	}
	w.Stats.MaxPenetration = max(w.Stats.MaxPenetration, w.Stats.MaxPlanePenetration)
}

// planeDepth returns how deep the deepest hull corner of a free body lies behind a plane
// (m, 0 when none does).
func (s *contactState) planeDepth(w *World) float64 {
	deep := 0.0
	normals := s.normals
	for i, b := range w.Bodies {
		if b.Fixed {
			continue
		}
		hull := s.hulls[i]
		for k, pl := range w.Planes {
			n := normals[k]
			base, nb := n.Dot(b.P.Sub(pl.Point)), b.R.Transpose().Mul3x1(n)
			if beyond(base, nb, hull.radius, 0) {
				continue // every corner is in front of the plane
			}
			for _, c := range hull.corners {
				deep = max(deep, -(base + nb.Dot(c)))
			}
		}
	}
	return deep
}
