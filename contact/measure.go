package contact

import (
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/collide"
)

// measure sets the stats that describe the state after the step: the contacts and the
// deepest penetration of a manifold point (into its plane, or between its two bodies) or of
// any hull corner behind a plane (a corner no manifold holds is deep all the same). The
// bodies and the manifolds are measured on the work pool, their parts combined by max and
// sum (work.Part).
func (s *contactState) measure(w *World) {
	s.share(w, len(w.Bodies), bodyChunk, minBodies, (*contactState).planeDepth)
	w.Stats.MaxPlanePenetration = s.pool.Most()
	s.share(w, len(s.cur), manifoldChunk, minLight, (*contactState).measureManifolds)
	w.Stats.Contacts, w.Stats.MaxPenetration = s.pool.Count(), s.pool.Most()
	w.Stats.MaxPenetration = max(w.Stats.MaxPenetration, w.Stats.MaxPlanePenetration)
}

// measureManifolds counts the contacts of manifolds lo..hi−1 and finds their deepest point,
// into the part of goroutine g.
func (s *contactState) measureManifolds(w *World, g, lo, hi int) {
	part := s.pool.Parts[g]
	for i := lo; i < hi; i++ {
		m := &s.cur[i]
		for j := range m.N {
			c := &m.Points[j]
			depth := w.pointDepth(m, c)
			part.Most = max(part.Most, depth)
			if c.NormalImpulse > 0 || depth >= -w.PenetrationSlop {
				part.Count++
			}
		}
	}
	s.pool.Parts[g] = part
}

// planeDepth finds how deep the deepest hull corner of free bodies lo..hi−1 lies behind a
// plane (m, 0 when none does), into the part of goroutine g.
func (s *contactState) planeDepth(w *World, g, lo, hi int) {
	deep := s.pool.Parts[g].Most
	normals := s.normals
	for i := lo; i < hi; i++ {
		b := w.Bodies[i]
		if b.Fixed {
			continue
		}
		hull := s.hulls[i]
		for k, pl := range w.Planes {
			n := normals[k]
			base, nb := rounded.Dot(n, b.P.Sub(pl.Point)), rounded.MulTVec(b.R, n)
			if collide.Beyond(base, nb, hull.Radius, 0) {
				continue // every corner is in front of the plane
			}
			for _, c := range hull.Corners {
				deep = max(deep, -(base + rounded.Dot(nb, c)))
			}
		}
	}
	s.pool.Parts[g].Most = deep
}
