package contact

import (
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// A sleeping body is skipped by every stage of the step, so a change to the world that
// would move it must wake it: a plane raised under it, removed or turned, gravity changed,
// sleeping turned off. Step compares the planes, gravity and EnableSleep with those the
// last step saw, wakes what each change affects, and forgets the manifolds of planes that
// moved or are gone (their indices, their points and their impulses belong to a plane that
// is no longer there).

// seenState is what the last step saw of the world's planes, gravity and sleep setting.
type seenState struct {
	stepped bool
	planes  []Plane
	gravity mgl64.Vec3
	sleep   bool
}

// noticeEdits wakes what the changes since the last step affect, and drops the manifolds of
// planes that changed place or were removed (Step calls it once the world is checked).
func (w *World) noticeEdits() {
	seen := &w.seen
	if seen.stepped {
		if w.Gravity != seen.gravity || seen.sleep && !w.EnableSleep {
			w.wakeAll()
		}
		for k := range max(len(w.Planes), len(seen.planes)) {
			switch {
			case k >= len(w.Planes):
				w.planeGone(k)
			case k >= len(seen.planes):
				w.wakeNear(w.Planes[k])
			case w.Planes[k] != seen.planes[k]:
				moved := w.Planes[k].Point != seen.planes[k].Point || w.Planes[k].Normal != seen.planes[k].Normal
				if moved {
					w.planeGone(k)
				} else {
					w.wakeOnPlane(k) // its friction or restitution changed
				}
				w.wakeNear(w.Planes[k])
			}
		}
	}
	seen.stepped = true
	seen.planes = append(seen.planes[:0], w.Planes...)
	seen.gravity, seen.sleep = w.Gravity, w.EnableSleep
}

// wakeAll wakes every sleeping body.
func (w *World) wakeAll() {
	for i := range w.Bodies {
		if !w.awake(i) {
			w.wake(i)
		}
	}
}

// planeGone wakes the bodies that touched plane k at the last step and drops those
// manifolds: the plane was removed or moved.
func (w *World) planeGone(k int) {
	w.wakeOnPlane(k)
	onK := func(m Manifold) bool { return m.Pair.Plane() == k }
	w.contacts.prev = slices.DeleteFunc(w.contacts.prev, onK)
	w.sleep.dormant = slices.DeleteFunc(w.sleep.dormant, onK)
}

// wakeOnPlane wakes, with its island, every body with a manifold against plane k.
func (w *World) wakeOnPlane(k int) {
	for _, ms := range [2][]Manifold{w.contacts.prev, w.sleep.dormant} {
		for _, m := range ms {
			if m.Pair.Plane() == k {
				w.wake(int(m.Pair.A))
			}
		}
	}
}

// wakeNear wakes, with its island, every sleeping body whose hull comes within the
// speculative margin of plane pl: a plane put where a body sleeps.
func (w *World) wakeNear(pl Plane) {
	n := rounded.Normalize(pl.Normal)
	for i, b := range w.Bodies {
		if w.awake(i) || i >= len(w.contacts.hulls) {
			continue
		}
		base, nb := rounded.Dot(n, b.P.Sub(pl.Point)), rounded.MulTVec(b.R, n)
		for _, c := range w.contacts.hulls[i].Corners {
			if base+rounded.Dot(nb, c) < w.SpeculativeMargin {
				w.wake(i)
				break
			}
		}
	}
}
