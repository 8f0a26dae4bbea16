package contact

// Manifolds returns the contact manifolds of the last step, one per touching pair, speculative
// ones included (points with negative Depth; NormalImpulse is 0 for points that did not push),
// and those of the sleeping islands as they were when the islands fell asleep. The viewer
// draws them. The slice and its manifolds belong to the World and are overwritten by the next
// Step or call: read them, don't keep or change them.
func (w *World) Manifolds() []Manifold {
	if len(w.sleep.dormant) == 0 {
		return w.contacts.prev
	}
	w.shown = append(append(w.shown[:0], w.contacts.prev...), w.sleep.dormant...)
	return w.shown
}
