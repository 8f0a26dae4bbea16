package contact

// Manifolds returns the last step's contact manifolds, one per touching pair, speculative ones
// included (points with negative Depth; NormalImpulse is 0 for points that did not push). The
// viewer draws them. The slice and its manifolds belong to the World and are overwritten by
// the next Step: read them, don't keep or change them.
func (w *World) Manifolds() []Manifold { return w.contacts.prev }
