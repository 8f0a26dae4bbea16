package contact

// collideNonConvex finds the contact between bodies a and b when either is not convex; it is
// a placeholder that finds none (owner: the non-convex engineer, who replaces this file).
func (s *contactState) collideNonConvex(w *World, a, b int, prev *Manifold, m *Manifold) bool {
	return false
}
