package contact

import (
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// The package doc's goroutine contract, checked under the race detector (make test runs
// the tests named Concurrent with -race): reads of an idle World may run side by side, and
// a World stepped in one goroutine may be read in others that take turns with Step.

// readings is everything the read-only methods say about a World, for comparing.
type readings struct {
	Rays       []RayHit
	Boxes      [][]BodyID
	Contacts   []Contact
	Manifolds  []Contact
	Touch      TouchEvents
	IDs        []BodyID
	Indices    []int
	Sleeping   []bool
	Materials  []Material
	Asleep     int
	Energy     float64
	FiniteErr  error
	Valid      bool
	ForeignOK  bool
	FirstBody  *body.Body
	StatsCount int
}

// probes are the rays and boxes the readers cast and overlap.
type probes struct {
	rays  [][2]mgl64.Vec3
	boxes [][2]mgl64.Vec3
}

func newProbes(rng *rand.Rand) probes {
	var p probes
	for range 40 {
		o := mgl64.Vec3{10*rng.Float64() - 5, 6 + 2*rng.Float64(), 10*rng.Float64() - 5}
		d := mgl64.Vec3{rng.NormFloat64(), -3, rng.NormFloat64()}
		p.rays = append(p.rays, [2]mgl64.Vec3{o, d})
		c := mgl64.Vec3{8*rng.Float64() - 4, 3 * rng.Float64(), 8*rng.Float64() - 4}
		h := mgl64.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}
		p.boxes = append(p.boxes, [2]mgl64.Vec3{c.Sub(h), c.Add(h)})
	}
	return p
}

// read calls every read-only method of w.
func read(w *World, p probes, foreign BodyID) readings {
	var r readings
	for _, ray := range p.rays {
		hit, _ := w.CastRay(ray[0], ray[1], 100)
		r.Rays = append(r.Rays, hit)
	}
	for _, box := range p.boxes {
		r.Boxes = append(r.Boxes, w.OverlapBox(box[0], box[1], nil))
	}
	r.Contacts, r.Manifolds = w.Contacts(nil), w.Manifolds(nil)
	ev := w.TouchEvents()
	r.Touch = TouchEvents{Begin: append([]Touch(nil), ev.Begin...), End: append([]Touch(nil), ev.End...)}
	for i := range w.Bodies {
		id := w.ID(i)
		r.IDs, r.Indices = append(r.IDs, id), append(r.Indices, w.Index(id))
		r.Sleeping, r.Materials = append(r.Sleeping, w.Sleeping(id)), append(r.Materials, w.BodyMaterial(id))
	}
	r.Asleep, r.Energy, r.FiniteErr = w.SleepingBodies(), w.KineticEnergy(), w.CheckFinite()
	r.Valid, r.ForeignOK, r.FirstBody = w.Valid(w.ID(0)), w.Valid(foreign), w.Body(w.ID(0))
	r.StatsCount = w.Stats.Contacts
	return r
}

// concurrentScene returns a world of a dozen bodies, convex and not, some resting on others,
// some asleep, after steps steps; with steps 0 its bodies are appended to Bodies by hand,
// so that no BodyID is given and no query has run yet.
func concurrentScene(t *testing.T, steps int) *World {
	w := floorOnly()
	meshes := []string{"cube", "torus", "icosphere", "box"}
	var bodies []*body.Body
	for k := range 12 {
		def := DefaultBodyDef()
		def.Mesh = builtinMesh(t, meshes[k%len(meshes)])
		def.Position = mgl64.Vec3{float64(k%3) - 1, 0.6 + 1.2*float64(k/3), float64(k%2) * 0.3}
		b, err := newBody(def)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, b)
	}
	if steps == 0 {
		w.Bodies = bodies
		return w
	}
	for _, b := range bodies {
		if _, err := w.AddBody(b, DefaultMaterial); err != nil {
			t.Fatal(err)
		}
	}
	for range steps {
		mustStep(t, w)
	}
	return w
}

// stepsToFirstSleep returns how many steps concurrentScene takes until some of its bodies
// sleep while others are still awake: a world with both to read.
func stepsToFirstSleep(t *testing.T) int {
	w := concurrentScene(t, 1)
	for steps := 1; steps < 1200; steps++ {
		if n := w.SleepingBodies(); n > 0 && n < len(w.Bodies) {
			return steps
		}
		mustStep(t, w)
	}
	t.Fatal("no body of the scene sleeps within 20 s")
	return 0
}

// Eight goroutines reading one idle World at once all read what one reader alone reads: rays,
// boxes, contacts, touch events, ids, sleep, energy. The fresh world has never been stepped:
// its readers give its bodies' BodyIDs and fill the queries' cache side by side.
func TestConcurrentReads(t *testing.T) {
	foreign := floorOnly()
	stranger := create(t, foreign, builtinMesh(t, "cube"), mgl64.Vec3{})
	p := newProbes(rand.New(rand.NewPCG(3, 4)))
	for _, steps := range []int{0, stepsToFirstSleep(t)} {
		w := concurrentScene(t, steps)
		want := read(concurrentScene(t, steps), p, stranger) // an equal world, read alone
		var wg sync.WaitGroup
		got := make([]readings, 8)
		for g := range got {
			wg.Go(func() { got[g] = read(w, p, stranger) })
		}
		wg.Wait()
		want.FirstBody = nil
		hits := 0
		for _, h := range want.Rays {
			if h.Body != NoBody || h.Plane >= 0 {
				hits++
			}
		}
		if hits < 30 || steps > 0 && (len(want.Contacts) < 10 || want.Asleep == 0) || want.ForeignOK || !want.Valid {
			t.Fatalf("%d steps: %d rays hit, %d contacts, %d asleep, foreign id valid %v: the test reads too little",
				steps, hits, len(want.Contacts), want.Asleep, want.ForeignOK)
		}
		for g, r := range got {
			if r.FirstBody != w.Bodies[0] {
				t.Fatalf("%d steps, reader %d: Body(ID(0)) is not Bodies[0]", steps, g)
			}
			for i, id := range r.IDs {
				if w.Index(id) != i || id.world != w.serial() {
					t.Fatalf("%d steps, reader %d: the id %v of body %d names body %d", steps, g, id, i, w.Index(id))
				}
			}
			r.FirstBody = nil
			// The two worlds' BodyIDs differ in their World only.
			if !reflect.DeepEqual(stripIDs(r), stripIDs(want)) {
				t.Fatalf("%d steps: reader %d read\n%+v\nwant (one reader, an equal world)\n%+v", steps, g, stripIDs(r), stripIDs(want))
			}
		}
	}
}

// stripIDs returns r with the World of every BodyID left out, so that two equal worlds read
// alike.
func stripIDs(r readings) readings {
	strip := func(id BodyID) BodyID { return BodyID{n: id.n} }
	for _, ids := range append(r.Boxes, r.IDs) {
		for j := range ids {
			ids[j] = strip(ids[j])
		}
	}
	for _, cs := range [][]Contact{r.Contacts, r.Manifolds} {
		for k := range cs {
			cs[k].A, cs[k].B = strip(cs[k].A), strip(cs[k].B)
		}
	}
	for _, ts := range [][]Touch{r.Touch.Begin, r.Touch.End} {
		for k := range ts {
			ts[k].A, ts[k].B = strip(ts[k].A), strip(ts[k].B)
		}
	}
	for k := range r.Rays {
		r.Rays[k].Body = strip(r.Rays[k].Body)
	}
	return r
}

// A viewer's pattern: one goroutine steps, others read between steps, each read under a
// read lock and each Step under the write lock (docs/tutorial.md). The readers see whole
// steps, and reading changes nothing: the world ends bit for bit where a world stepped
// alone ends.
func TestConcurrentStepAndReads(t *testing.T) {
	const steps = 60
	w, alone := concurrentScene(t, 1), concurrentScene(t, 1)
	p := newProbes(rand.New(rand.NewPCG(5, 6)))
	var mu sync.RWMutex
	done := make(chan struct{})
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			last := 0
			for {
				select {
				case <-done:
					return
				default:
				}
				mu.RLock()
				r := read(w, p, NoBody)
				n := w.Steps
				mu.RUnlock()
				if n < last || len(r.IDs) != len(w.Bodies) {
					t.Errorf("a reader saw step %d after step %d", n, last)
					return
				}
				last = n
			}
		})
	}
	for range steps {
		mu.Lock()
		err := w.Step()
		mu.Unlock()
		if err != nil {
			t.Fatal(err)
		}
		mustStep(t, alone)
	}
	close(done)
	wg.Wait()
	for i, b := range w.Bodies {
		if o := alone.Bodies[i]; b.P != o.P || b.R != o.R || b.V != o.V || b.Omega != o.Omega {
			t.Errorf("body %d: read while stepping it ends at %v, stepped alone at %v", i, b.P, o.P)
		}
	}
}
