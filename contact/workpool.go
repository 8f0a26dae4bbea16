package contact

import (
	"github.com/tumble-physics/tumble/contact/internal/work"
)

// Tunables of the stages shared on the work pool.
const (
	// manifoldChunk is how many manifolds a goroutine takes at a time in a per-manifold
	// stage.
	manifoldChunk = 64
	// The fewest items worth an extra goroutine in a stage, by what an item costs (pile1000):
	// about 30 µs of work each, about what a waiting helper takes to start, and a few times
	// the handing over. A pair detected, or a body posed and detected against the planes,
	// costs about 0.5 µs (parallelMinPairs, bodyChunk). minBodies: a body kicked or moved,
	// or its corners measured, about 0.3 µs. minLight: a manifold's rows, impulses, guard
	// or measure, a body's solved velocities or mass blocks, a pair slot copied,
	// 0.03–0.1 µs. Smaller scenes (pyramid20: 210 bodies, 590 manifolds) then keep their
	// light stages on one goroutine.
	minBodies = 128
	minLight  = 512
)

// stageTask is a stage's work on items lo..hi−1, done by goroutine g (0 is the stepping
// goroutine, 1… the extra ones): it writes only the items' own outputs and the scratch of
// g, so the stage's result does not depend on which goroutine took which items.
type stageTask func(s *contactState, w *World, g, lo, hi int)

// stage is the stage the work pool runs: a stageTask with its state and World.
type stage struct {
	s    *contactState
	w    *World
	task stageTask
}

// Run runs the stage's task on items lo..hi−1 as goroutine g.
func (st *stage) Run(g, lo, hi int) { st.task(st.s, st.w, g, lo, hi) }

// share runs task over items 0..n−1, batch items at a time, on up to w.narrowWorkers()
// goroutines but no more than one per minItems items (starting one costs microseconds).
// s.pool.Parts then holds the goroutines' parts of the result.
func (s *contactState) share(w *World, n, batch, minItems int, task stageTask) {
	s.stage = stage{s: s, w: w, task: task}
	s.pool.Share(w.narrowWorkers(), n, batch, minItems, &s.stage)
	s.stage = stage{}
}

// resize is work.Resize: the stages' per-item storage, kept from step to step.
func resize[T any](s []T, n int) []T { return work.Resize(s, n) }
