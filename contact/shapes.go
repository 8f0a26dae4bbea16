package contact

import "github.com/tumble-physics/tumble/body"

// buildShapes builds what the step collides b by, when b enters the World rather than in
// the first step that meets it: its convex hull and, for a non-convex mesh, its signed
// distance field and surface samples (shared with every equal mesh, as the step would).
// A mesh of a million triangles takes seconds here, where the caller expects work, instead
// of stalling a step.
func (s *contactState) buildShapes(b *body.Body) {
	if b.Mesh == nil {
		return
	}
	if h := s.hullsByShape.For(b.Mesh); !h.Convex {
		s.detector.nc.Prepare(b)
	}
}
