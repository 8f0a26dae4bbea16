package contact

import "slices"

// RemoveBody takes the body named id out of the world and reports whether it was there.
// Its contacts go with it, and every body it touched wakes, with its island: a stack whose
// middle box is removed falls. The bodies after it in Bodies move down by one index (scene
// order is kept); every BodyID but id still names its body. It reports false, and changes
// nothing, for an id that names no body of the World (Valid), and when World.Bodies was
// changed by hand into something Step refuses.
func (w *World) RemoveBody(id BodyID) bool {
	i := w.Index(id)
	if i < 0 || w.sync("RemoveBody") != nil {
		return false
	}
	w.wakeTouching(i)
	s, sl := &w.contacts, &w.sleep
	s.prev = dropBody(s.prev, i)
	sl.dormant = dropBody(sl.dormant, i)
	sl.Remove(i) // body i is awake now, so no sleeping island's ring runs through it
	s.hulls, s.meshes, s.posed = cut(s.hulls, i), cut(s.meshes, i), cut(s.posed, i)
	s.detector.remove(i, w.Bodies[i].Mesh)
	s.guards.nc.forget() // its pairs' indices shift: no non-convex pair is recycled next step
	w.query.bounds.Delete(w.Bodies[i].Mesh)
	h := &w.handles
	delete(h.added, w.Bodies[i])
	w.Bodies, w.Materials = cut(w.Bodies, i), cut(w.Materials, i)
	h.at[id.n] = -1
	h.ids = cut(h.ids, i)
	for _, later := range h.ids[i:] {
		h.at[later.n]--
	}
	return true
}

// wakeTouching wakes body i's island and that of every body a contact of the last step (or
// of a sleeping island) joins to i: what rested on i must notice it is gone or has moved.
func (w *World) wakeTouching(i int) {
	w.wake(i)
	for _, ms := range [2][]Manifold{w.contacts.prev, w.sleep.dormant} {
		for k := range ms {
			switch p := ms[k].Pair; {
			case int(p.A) == i && p.B >= 0:
				w.wake(int(p.B))
			case int(p.B) == i:
				w.wake(int(p.A))
			}
		}
	}
}

// dropBody removes from ms the manifolds of body i and renumbers the
// bodies after it.
func dropBody(ms []Manifold, i int) []Manifold {
	k := 0
	for _, m := range ms {
		if int(m.Pair.A) == i || int(m.Pair.B) == i {
			continue
		}
		m.Pair.A = shifted(m.Pair.A, i)
		if m.Pair.B >= 0 {
			m.Pair.B = shifted(m.Pair.B, i)
		}
		ms[k] = m
		k++
	}
	return ms[:k]
}

// shifted returns body index j once body i (≠ j) is removed.
func shifted(j int32, i int) int32 {
	if int(j) > i {
		return j - 1
	}
	return j
}

// cut returns s without its element i, if it has one.
func cut[T any](s []T, i int) []T {
	if i < len(s) {
		return slices.Delete(s, i, i+1)
	}
	return s
}
