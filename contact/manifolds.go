package contact

// Manifolds appends to dst every contact manifold of the last step, one per pair of things
// that touch or may touch within the next step (points with negative Depth; NormalImpulse is
// 0 for points that did not push), and those of the sleeping islands as they were when the
// islands fell asleep, and returns the extended slice: Contacts with the speculative ones.
// The viewer draws them.
func (w *World) Manifolds(dst []Contact) []Contact {
	return w.appendContacts(dst, false)
}
