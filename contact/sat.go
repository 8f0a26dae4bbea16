package contact

// collideConvex finds the contact of two convex bodies by the separating-axis test.
func (s *contactState) collideConvex(w *World, a, b int, prev *Manifold, m *Manifold) bool {
	return false
}
