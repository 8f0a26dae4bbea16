package contact

import (
	"github.com/tumble-physics/tumble/contact/broad"
	"github.com/tumble-physics/tumble/contact/collide"
	"github.com/tumble-physics/tumble/inertia"
)

// detector is the step's contact detection: the broad phase, each body against the planes
// and each candidate pair through the narrow phase (docs/contact.md, "Detection"). Its
// fields are in three groups by how long they live.
type detector struct {
	// What the next detection reads: the broad phase's sorted boxes, the last detection's
	// pairs and the axes that separated them (collide.Axis), which the narrow phase tries
	// first (parallel.go), the non-convex pairs' fields and caches, and how many detections
	// have run (collide.Step.Detection).
	broad      broad.Phase
	lastPairs  [][2]int32
	lastAxes   []collide.Axis
	nc         nonConvexState // (nonconvexpairs.go)
	detections int
	// This step's candidate body pairs (a < b, ascending), from broadPairs.
	pairs [][2]int32
	// What a detection's stages work in: the per-body stage's (perbody.go) and the narrow
	// phase's per-pair results and goroutines' scratch (parallel.go).
	bodies bodyStage
	narrow narrowPhase
}

// run fills s.cur with this step's manifolds, warm started from last step's, which it
// indexes by pair, and levels the contact graph.
func (d *detector) run(s *contactState, w *World) {
	if s.prevAt == nil {
		s.prevAt = map[Pair]int{}
	}
	clear(s.prevAt)
	for i := range s.prev {
		s.prevAt[s.prev[i].Pair] = i
	}
	s.cur, s.cands, s.span = s.cur[:0], s.cands[:0], s.span[:0]
	d.detections++
	d.broadPairs(s, w)
	d.detectBodies(s, w, true) // planes and poses, in parallel (perbody.go)
	d.collidePairs(s, w)       // in parallel, into one slot per pair (parallel.go)
	d.gatherSlots(s, w)        // merged in pair order: the same on every run
	w.Stats.Recycled = 0
	for _, p := range d.narrow.recycled {
		w.Stats.Recycled += p.Count
	}
	w.Stats.Manifolds = len(s.cur)
	s.levels(w)
}

// remove forgets body i, whose mesh is mesh, as World.RemoveBody takes it out: its remembered
// pairs go and the later bodies' indices shift down; its distance field goes if no other
// World holds it.
func (d *detector) remove(i int, mesh *inertia.Mesh) {
	k := 0
	for j, p := range d.lastPairs {
		if p[0] == int32(i) || p[1] == int32(i) {
			continue
		}
		d.lastPairs[k], d.lastAxes[k] = [2]int32{shifted(p[0], i), shifted(p[1], i)}, d.lastAxes[j]
		k++
	}
	d.lastPairs, d.lastAxes = d.lastPairs[:k], d.lastAxes[:k]
	d.nc.Forget(mesh)
}
