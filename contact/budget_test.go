package contact

import (
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// coincident returns a world of n unit cubes of 1 kg, all centred at one point on the
// floor: every pair of them overlaps.
func coincident(n int) *World {
	var bodies []*body.Body
	for range n {
		bodies = append(bodies, boxBody(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 0.5, 0}))
	}
	return floorWorld(0.5, bodies...)
}

// Cubes spawned at one point make every pair of them a contact. A step keeps MaxContacts
// manifolds between bodies, those of the first pairs in pair order, drops the pairs after
// them from the step (the guards included), keeps every plane contact, and
// says so once: the first step's Overflows names a pair that has no manifold, later steps'
// are empty. The pair budget likewise. Nothing becomes NaN.
func TestBudgetsDropTheExcess(t *testing.T) {
	const n = 60 // 1770 pairs
	w := coincident(n)
	w.MaxPairs, w.MaxContacts = 1000, 400
	for step := 1; step <= 3; step++ {
		w.Step()
		s := &w.contacts
		bodyPairs, planes := 0, 0
		for i := range s.prev {
			if s.prev[i].Pair.B >= 0 {
				bodyPairs++
			} else {
				planes++
			}
		}
		if len(s.detector.pairs) > w.MaxPairs || bodyPairs > w.MaxContacts || step == 1 && (bodyPairs != w.MaxContacts || planes != n) {
			t.Fatalf("step %d: %d pairs, %d manifolds between bodies, %d against the floor; want at most %d, %d, and %d at step 1",
				step, len(s.detector.pairs), bodyPairs, planes, w.MaxPairs, w.MaxContacts, n)
		}
		over := w.Overflows()
		if step > 1 {
			if len(over) != 0 {
				t.Fatalf("step %d: overflows %v said again", step, over)
			}
			continue
		}
		if len(over) != 2 || over[0].Budget != "pairs" || over[1].Budget != "contacts" {
			t.Fatalf("step 1: overflows %v, want the pair budget's then the contact budget's", over)
		}
		if o := over[0]; o.Limit != 1000 || o.Dropped != n*(n-1)/2-1000 || o.Step != 1 || o.Time != w.Dt {
			t.Errorf("pair overflow %+v: want limit 1000, %d dropped, at step 1", o, n*(n-1)/2-1000)
		}
		if o := over[1]; o.Limit != 400 || o.Dropped != 1000-400 {
			t.Errorf("contact overflow %+v: want limit 400 and the 600 pairs after the 400th dropped", o)
		}
		for _, o := range over {
			if w.Index(o.IDA) != o.A || w.Index(o.IDB) != o.B {
				t.Errorf("%s: the IDs %v, %v name bodies %d, %d; the indices say %d, %d", o.Budget, o.IDA, o.IDB, w.Index(o.IDA), w.Index(o.IDB), o.A, o.B)
			}
			if i := slices.IndexFunc(s.prev, func(m Manifold) bool { return m.Pair == Pair{A: int32(o.A), B: int32(o.B)} }); i >= 0 {
				t.Errorf("%s: the pair named dropped, bodies %d and %d, has a manifold", o.Budget, o.A, o.B)
			}
		}
	}
	for i, b := range w.Bodies {
		if !allFinite(b.P[:]) || !allFinite(b.V[:]) {
			t.Fatalf("body %d: position %v, velocity %v", i, b.P, b.V)
		}
	}
}

// With the contact budget reached, every worker count gives the same bits: the narrow phase
// detects its pairs in windows, in pair order, and cuts at the same pair whoever detected
// what (here the first step's 7,118 pairs are cut after the 1,029th, in the second window).
func TestBudgetIsDeterministic(t *testing.T) {
	run := func(workers int) *World {
		w := penPile(400)
		for _, b := range w.Bodies[200:] { // the top half falls into the bottom half
			b.P[1] -= 10
		}
		w.Workers, w.MaxContacts = workers, 300
		for range 20 {
			w.Step()
		}
		return w
	}
	serial, parallel := run(1), run(4)
	for i, a := range serial.Bodies {
		if b := parallel.Bodies[i]; a.P != b.P || a.R != b.R || a.V != b.V || a.Omega != b.Omega {
			t.Fatalf("body %d differs: serial P %v, parallel P %v", i, a.P, b.P)
		}
	}
	o1, o4 := serial.Overflows(), parallel.Overflows()
	for i := range o1 { // BodyIDs carry their World: compare what they name
		o1[i].IDA, o1[i].IDB = NoBody, NoBody
	}
	for i := range o4 {
		o4[i].IDA, o4[i].IDB = NoBody, NoBody
	}
	if len(o1) == 0 || !reflect.DeepEqual(o1, o4) {
		t.Fatalf("overflows: serial %v, parallel %v; want the same, and some", o1, o4)
	}
}

// A pair of bodies whose boxes overlap but that do not touch costs bytes, not the kilobytes
// of a manifold: a 10 × 10 × 10 block of cubes 1.5 cm apart, each box overlapping its 26
// neighbours' (10,476 pairs), allocates in its first steps at most 200 bytes per pair more
// than a row of as many cubes (999 pairs); neither has a contact.
func TestApartPairsAreCheap(t *testing.T) {
	const gap = 1.015 // boxes grown by the 1 cm margin overlap; the cubes are 1.5 cm apart
	grid := func(at func(i int) mgl64.Vec3) *World {
		var bodies []*body.Body
		for i := range 1000 {
			bodies = append(bodies, boxBody(mgl64.Vec3{1, 1, 1}, 1, at(i).Mul(gap)))
		}
		w := floorWorld(0.5, bodies...)
		w.Planes, w.Gravity = nil, mgl64.Vec3{}
		return w
	}
	allocated := func(w *World) (bytes uint64, pairs int) {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for range 3 {
			w.Step()
			if w.Stats.Manifolds != 0 {
				t.Fatalf("%d manifolds: the cubes touch", w.Stats.Manifolds)
			}
		}
		runtime.ReadMemStats(&after)
		return after.TotalAlloc - before.TotalAlloc, len(w.contacts.detector.pairs)
	}
	block, pairsBlock := allocated(grid(func(i int) mgl64.Vec3 { return mgl64.Vec3{float64(i % 10), float64(i / 10 % 10), float64(i / 100)} }))
	row, pairsRow := allocated(grid(func(i int) mgl64.Vec3 { return mgl64.Vec3{float64(i), 0, 0} }))
	per := (float64(block) - float64(row)) / float64(pairsBlock-pairsRow)
	t.Logf("block: %d pairs, %d bytes; row: %d pairs, %d bytes: %.0f bytes per pair", pairsBlock, block, pairsRow, row, per)
	if pairsBlock != 10476 || pairsRow != 999 || per > 200 {
		t.Errorf("%d and %d pairs, %.0f bytes per pair apart; want 10476 and 999, at most 200", pairsBlock, pairsRow, per)
	}
}
