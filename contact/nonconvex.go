package contact

// collideNonConvex finds the contact between bodies a and b when either is not convex; it is
// a placeholder that finds none (owner: the non-convex engineer, who replaces this file).
// Its contract is collide's. Helpers: set m.Normal, append candidates with
// s.addPairCandidate (surface points on A and B, an id stable across steps), then
// reduce(m, s.pairCands, m.Normal, prev), as collideConvex does.
func (s *contactState) collideNonConvex(w *World, a, b int, prev *Manifold, m *Manifold) bool {
	return false
}
