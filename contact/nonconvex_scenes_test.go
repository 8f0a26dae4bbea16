package contact_test

import (
	"fmt"
	"math"
	"os"
	"slices"
	"sync"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/inertia"
)

// Ring sizes of the built-in torus (the space donut), m.
const ringR, tubeR = 1.0, 0.25

// linkLimit is the farthest apart two linked tori's centres can be: the lower ring's centre
// circle passes through the upper one's hole within R − 2r of its centre, and its own
// centre is R beyond that.
const linkLimit = 2 * (ringR - tubeR)

// penetration measures, independently of the contact code's samples and manifolds, the
// deepest any body's vertex or edge midpoint lies inside another body (by that body's SDF,
// built here, within contact.SDFAccuracy on the torus) or behind a plane, m (0 when none
// does).
type penetration struct {
	of map[*inertia.Mesh]*meshProbe // per body's mesh
}

// meshProbe is what penetration needs of a mesh: its SDF, its radius about the centre of
// mass, and the points it probes other bodies with (vertices and edge midpoints).
type meshProbe struct {
	sdf    *contact.SDF
	radius float64
	points []mgl64.Vec3
}

// probes holds a probe per mesh content: bodies copy their mesh, and a torus's SDF takes
// half a second to build.
var probes struct {
	sync.Mutex
	of map[string]*meshProbe
}

func newPenetration(w *contact.World) *penetration {
	p := &penetration{of: map[*inertia.Mesh]*meshProbe{}}
	probes.Lock()
	defer probes.Unlock()
	if probes.of == nil {
		probes.of = map[string]*meshProbe{}
	}
	for _, b := range w.Bodies {
		key := fmt.Sprint(b.Mesh.Vertices, b.Mesh.Triangles)
		if mp, ok := probes.of[key]; ok {
			p.of[b.Mesh] = mp
			continue
		}
		mp := &meshProbe{sdf: contact.NewSDF(b.Mesh), points: slices.Clone(b.Mesh.Vertices)}
		for _, v := range b.Mesh.Vertices {
			mp.radius = max(mp.radius, v.Len())
		}
		seen := map[[2]int32]bool{}
		for _, t := range b.Mesh.Triangles {
			for k := range 3 {
				e := [2]int32{min(t[k], t[(k+1)%3]), max(t[k], t[(k+1)%3])}
				if !seen[e] {
					seen[e] = true
					mp.points = append(mp.points, b.Mesh.Vertices[e[0]].Add(b.Mesh.Vertices[e[1]]).Mul(0.5))
				}
			}
		}
		probes.of[key], p.of[b.Mesh] = mp, mp
	}
	return p
}

// depth returns the deepest point of body b inside body a, m (negative: the gap, or −Inf
// when no point of b is within a's bounding sphere).
func (p *penetration) depth(a, b *body.Body) float64 {
	pa := p.of[a.Mesh]
	d := math.Inf(1)
	for _, x := range p.of[b.Mesh].points {
		if y := a.BodyPoint(b.WorldPoint(x)); y.Len() <= pa.radius {
			d = min(d, pa.sdf.Distance(y))
		}
	}
	return -d
}

// worst returns the deepest penetration between any two of the world's bodies whose
// bounding spheres overlap, and of any body into a plane.
func (p *penetration) worst(w *contact.World) float64 {
	worst := 0.0
	for i, a := range w.Bodies {
		for _, pl := range w.Planes {
			if !a.Fixed {
				worst = max(worst, -lowestCorner(a, pl))
			}
		}
		for _, b := range w.Bodies[i+1:] {
			if a.P.Sub(b.P).Len() < p.of[a.Mesh].radius+p.of[b.Mesh].radius {
				worst = max(worst, p.depth(a, b), p.depth(b, a))
			}
		}
	}
	return worst
}

// Fifty tori dropped into a pen heap up and settle: no torus is ever 1 cm inside another or
// a wall, and the kinetic energy ends below 0.1% of its peak. Every step, the deepest
// manifold point (Stats.MaxPenetration) is checked, and the independent measure over every
// vertex and edge midpoint during the landings (the first 1.5 s, 617 kg rings hitting rings
// at up to 6 m/s), then every 30 steps; TUMBLE_TORI_FULL=1 measures every step of the 10 s
// (about 30 s more).
func TestTori50Settles(t *testing.T) {
	sc, w := loadWorld(t, "tori50")
	pen := newPenetration(w)
	full := os.Getenv("TUMBLE_TORI_FULL") == "1"
	peak, deepest, deepestAt, stat, statAt := 0.0, 0.0, 0.0, 0.0, 0.0
	for i := range sc.Steps() {
		mustStep(t, w)
		peak = max(peak, w.KineticEnergy())
		if w.Stats.MaxPenetration > stat {
			stat, statAt = w.Stats.MaxPenetration, w.Time
		}
		if !full && w.Time > 1.5 && i%30 != 29 {
			continue
		}
		if d := pen.worst(w); d > deepest {
			deepest, deepestAt = d, w.Time
		}
	}
	end := pen.worst(w)
	t.Logf("tori50: deepest %.2f mm (t = %.2f s), %.2f mm at the end; deepest manifold point %.2f mm (t = %.2f s); kinetic energy %.3g J of a %.3g J peak; %d manifolds",
		1e3*deepest, deepestAt, 1e3*end, 1e3*stat, statAt, w.KineticEnergy(), peak, w.Stats.Manifolds)
	if deepest > 0.01 || end > 0.01 || stat > 0.01 {
		t.Errorf("a torus went %.1f mm deep (t = %.2f s), a manifold point %.1f mm (t = %.2f s), %.1f mm at the end: want < 10 mm",
			1e3*deepest, deepestAt, 1e3*stat, statAt, 1e3*end)
	}
	if ke := w.KineticEnergy(); ke > 1e-3*peak {
		t.Errorf("kinetic energy %.3g J after %g s, want below 0.1%% of the peak %.3g J", ke, w.Time, peak)
	}
	for i, b := range w.Bodies {
		if math.Abs(b.P[0]) > 5.6 || math.Abs(b.P[2]) > 5.6 || b.P[1] < tubeR-0.01 {
			t.Errorf("torus %d left the pen: %v", i, b.P)
		}
	}
}

// The chain of five tori hanging from a fixed one stays linked while it drops its slack and
// swings: every step, each link's centre is within 2(R − r) of its neighbour's (plus 5 mm
// for the facets and the slop), and no link is ever 1 cm inside another.
func TestChainStaysLinked(t *testing.T) {
	sc, w := loadWorld(t, "chain")
	pen := newPenetration(w)
	far, deep := 0.0, 0.0
	for range sc.Steps() {
		mustStep(t, w)
		for k := 1; k < len(w.Bodies); k++ {
			far = max(far, w.Bodies[k].P.Sub(w.Bodies[k-1].P).Len())
		}
		deep = max(deep, pen.worst(w))
	}
	t.Logf("chain: farthest link centres %.4f m apart (limit %.2f m), deepest %.2f mm", far, linkLimit, 1e3*deep)
	if far > linkLimit+0.005 || deep > 0.01 {
		t.Errorf("links %.4f m apart (limit %.2f m), %.1f mm deep: the chain came apart", far, linkLimit, 1e3*deep)
	}
	// It hangs: the lowest link is below where it started, by the slack it had.
	if low := w.Bodies[len(w.Bodies)-1].P[1]; low > 2.0-0.4 {
		t.Errorf("the lowest link hangs at %.3f m; taut it would be near %.2f m", low, 9-5*linkLimit)
	}
}

// A torus hooked on the rim of a fixed one (thrown sideways) and one dropped over a peg stay
// hooked: the hooked ring's centre stays within R − 2r of the fixed ring's centre circle (it
// threads the hole) and the dropped ring's centre within its hole's radius less the peg's
// half width of the peg's axis, and the ring is never 1 cm inside what holds it, every step
// for 10 s.
func TestHookedTorusStaysHooked(t *testing.T) {
	for _, c := range []struct {
		scene string
		// off is how far the ring's centre is from what threads it, m.
		off   func(ring, fixed *body.Body) float64
		limit float64
	}{
		{"hook", func(ring, fixed *body.Body) float64 {
			d := fixed.BodyPoint(ring.P) // the fixed ring's centre circle: radius R in its xz plane
			return math.Hypot(math.Hypot(d[0], d[2])-ringR, d[1])
		}, ringR - 2*tubeR},
		{"peg", func(ring, fixed *body.Body) float64 {
			d := ring.P.Sub(fixed.P) // the peg's axis runs along z
			return math.Hypot(d[0], d[1])
		}, ringR - tubeR - 0.1},
	} {
		t.Run(c.scene, func(t *testing.T) {
			sc, w := loadWorld(t, c.scene)
			fixed, ring := w.Bodies[0], w.Bodies[1]
			pen := newPenetration(w)
			worst, deep := 0.0, 0.0
			for range sc.Steps() {
				mustStep(t, w)
				worst = max(worst, c.off(ring, fixed))
				deep = max(deep, pen.worst(w))
			}
			t.Logf("%s: ring centre at most %.4f m off (limit %.3f m), ends at %v; deepest %.2f mm", c.scene, worst, c.limit, ring.P, 1e3*deep)
			if worst > c.limit+0.01 {
				t.Errorf("the ring came %.4f m off, beyond %.3f m: it is no longer hooked", worst, c.limit)
			}
			if deep > 0.01 {
				t.Errorf("the ring went %.1f mm deep, want < 10 mm", 1e3*deep)
			}
		})
	}
}

// BenchmarkTori50 times a step of the settled heap of fifty tori (after 5 s).
func BenchmarkTori50(b *testing.B) {
	_, w := loadWorld(b, "tori50")
	for range 300 {
		mustStep(b, w)
	}
	for b.Loop() {
		mustStep(b, w)
	}
	b.ReportMetric(float64(w.Stats.Manifolds), "manifolds")
}

// Two runs of each non-convex scene end in bit-identical states (tori50 over its first
// second, the first landings, to keep the suite short). The second run reuses the first's cached SDFs.
func TestNonConvexDeterministic(t *testing.T) {
	for _, c := range []struct {
		scene string
		steps int
	}{{"chain", 600}, {"hook", 600}, {"peg", 600}, {"tori50", 60}} {
		t.Run(c.scene, func(t *testing.T) {
			var hashes [2]uint64
			for run := range hashes {
				_, w := loadWorld(t, c.scene)
				for range c.steps {
					mustStep(t, w)
				}
				hashes[run] = stateHash(w)
			}
			if hashes[0] != hashes[1] {
				t.Errorf("%s: runs end in states with hashes %x and %x", c.scene, hashes[0], hashes[1])
			}
		})
	}
}
