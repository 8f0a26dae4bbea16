package planar_test

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	rigid "github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	contact "github.com/tumble-physics/tumble/contact/planar"
	"github.com/tumble-physics/tumble/pgs"
)

// balls returns three touching discs in a row along x: upright capsules of length 1 and
// radius 0.1 (two point masses each), 0.19 apart so that each touches its neighbours with
// two contacts (top and bottom), masses m, the first moving at 1 m/s toward the others.
func balls(t *testing.T, m [3]float64) []rigid.Body {
	var out []rigid.Body
	for i := range 3 {
		x := 0.19 * float64(i)
		v := mgl64.Vec2{}
		if i == 0 {
			v[0] = 1
		}
		b, err := rigid.NewBody([]mgl64.Vec2{{x, -0.5}, {x, 0.5}}, []float64{m[i] / 2, m[i] / 2}, 0.1, v, 0, false)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// pairs names the body pairs of a set of rows as "0–1", "1–2".
func pairs(p []contact.Contact, rows []int) string {
	var s []string
	for _, k := range rows {
		name := fmt.Sprintf("%d–%d", p[k].I0, p[k].I1)
		if len(s) == 0 || s[len(s)-1] != name {
			s = append(s, name)
		}
	}
	return "{" + strings.Join(s, ",") + "}"
}

// TestThreeBalls runs generalized reflections on three touching balls, the first moving at
// 1 m/s: with equal masses both variants end at (0, 0, 1) in two passes, {0–1} then {1–2}
// (a single simultaneous elastic solve gives (−1/3, 2/3, 2/3) instead); with the third ball
// 100 times heavier the passes are {0–1}, {1–2}, {0–1}, ending at (−99/101, 0, 2/101).
func TestThreeBalls(t *testing.T) {
	for _, tc := range []struct {
		masses [3]float64
		passes string
		want   [3]float64
	}{
		{[3]float64{1, 1, 1}, "{0–1} {1–2}", [3]float64{0, 0, 1}},
		{[3]float64{1, 1, 100}, "{0–1} {1–2} {0–1}", [3]float64{-99.0 / 101, 0, 2.0 / 101}},
	} {
		for _, name := range []string{"gr-lcp", "gr-velocity-projection"} {
			t.Run(fmt.Sprintf("%s/%v", name, tc.masses), func(t *testing.T) {
				r, err := contact.New(fosssim.CollisionHandling{Detection: "all-pairs", Response: name})
				if err != nil {
					t.Fatal(err)
				}
				sys := &rigid.System{Bodies: balls(t, tc.masses), Response: r}
				var got []string
				r.Solver.(*contact.Reflections).OnPass = func(rows []int) {
					got = append(got, pairs(r.Contacts(), rows))
				}
				e0 := kinetic(sys.Bodies)
				if err := r.Respond(sys); err != nil {
					t.Fatal(err)
				}
				if len(r.Contacts()) != 4 {
					t.Errorf("%d contacts, want 2 per touching pair", len(r.Contacts()))
				}
				if s := strings.Join(got, " "); s != tc.passes {
					t.Errorf("passes %s, want %s", s, tc.passes)
				}
				for i, b := range sys.Bodies {
					if math.Abs(b.V[0]-tc.want[i]) > 1e-12 || math.Abs(b.V[1]) > 1e-12 || math.Abs(b.Omega) > 1e-12 {
						t.Errorf("ball %d: V = %v, ω = %g; want (%g, 0), 0", i, b.V, b.Omega, tc.want[i])
					}
				}
				if e := kinetic(sys.Bodies); math.Abs(e-e0) > 1e-12 {
					t.Errorf("kinetic energy %.17g -> %.17g", e0, e)
				}
			})
		}
	}
	// The single simultaneous elastic solve over all four contacts, for contrast.
	bodies := balls(t, [3]float64{1, 1, 1})
	var det contact.Detector
	var p pgs.Problem
	contact.Build(&p, bodies, det.Detect(bodies))
	for k := range p.Rows {
		p.Rows[k].Bias = -p.RowVelocity(k)
	}
	if _, err := (&contact.LCP{}).Solve(&p); err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{-1.0 / 3, 2.0 / 3, 2.0 / 3} {
		if v := p.Velocity(i)[0]; math.Abs(v-want) > 1e-12 {
			t.Errorf("simultaneous elastic solve: ball %d at %g, want %g", i, v, want)
		}
	}
}

// TestReflectionsConserve runs the course's generalized-reflections scenes (Newton's cradle,
// the pool breaks, the figures of the paper) with both variants: every response keeps the
// kinetic energy of the free bodies to 1e-12, and also their linear and angular momentum
// where no fixed body takes part (the cradle and the breaks; these have no external force
// either, so their whole run keeps all three).
func TestReflectionsConserve(t *testing.T) {
	for _, f := range glob(t, "t3m2_optional/gr_*/*.xml") {
		t.Run(filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), func(t *testing.T) {
			scene, sys, r := load(t, f)
			worst, solves := 0.0, 0
			anyFixed := false
			for _, b := range sys.Bodies {
				anyFixed = anyFixed || b.Fixed
			}
			before := make([]rigid.Body, len(sys.Bodies))
			r.Observe = func(rec *contact.Record) {
				solves++
				copy(before, rec.Bodies)
				for i := range before {
					v := rec.Before[i*contact.DOF : (i+1)*contact.DOF]
					before[i].V, before[i].Omega = mgl64.Vec2{v[0], v[1]}, v[2]
				}
				d := math.Abs(kinetic(before) - kinetic(rec.Bodies))
				if !anyFixed {
					p0, l0 := momenta(before)
					p1, l1 := momenta(rec.Bodies)
					d = max(d, math.Abs(p0[0]-p1[0]), math.Abs(p0[1]-p1[1]), math.Abs(l0-l1))
				}
				if d > 1e-12 {
					t.Errorf("step %d: a response changed energy or momentum by %.3g", rec.Step, d)
				}
				worst = max(worst, d)
			}
			p0, l0 := momenta(sys.Bodies)
			e0 := kinetic(sys.Bodies)
			run(t, sys, scene.Steps())
			if solves == 0 {
				t.Fatal("no contact during the run")
			}
			t.Logf("%d solves, largest change of energy or momentum in one response %.3g", solves, worst)
			if len(scene.Forces) == 0 && !anyFixed {
				p1, l1 := momenta(sys.Bodies)
				if d := max(math.Abs(kinetic(sys.Bodies)-e0), math.Abs(p1[0]-p0[0]), math.Abs(p1[1]-p0[1]), math.Abs(l1-l0)); d > 1e-12 {
					t.Errorf("the whole run changed energy or momentum by %.3g", d)
				}
			}
		})
	}
}

// TestBreaksSymmetric runs the pool breaks, whose racks are symmetric about the cue ball's
// line (y = 0): every ball's mirror image moves as its mirror does to the end, and balls on
// the line stay on it.
func TestBreaksSymmetric(t *testing.T) {
	for _, f := range glob(t, "t3m2_optional/gr_*/pool_break_*.xml") {
		t.Run(filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), func(t *testing.T) {
			scene, sys, _ := load(t, f)
			mirror := make([]int, len(sys.Bodies))
			for i, a := range sys.Bodies {
				mirror[i] = -1
				for j, b := range sys.Bodies {
					if math.Abs(a.X[0]-b.X[0]) < 1e-9 && math.Abs(a.X[1]+b.X[1]) < 1e-9 {
						mirror[i] = j
					}
				}
				if mirror[i] < 0 {
					t.Fatalf("ball %d at %v has no mirror image", i, a.X)
				}
			}
			worst := 0.0
			for range scene.Steps() {
				run(t, sys, 1)
				for i, j := range mirror {
					a, b := sys.Bodies[i].State(), sys.Bodies[j].State()
					worst = max(worst, math.Abs(a.X[0]-b.X[0]), math.Abs(a.X[1]+b.X[1]), math.Abs(a.V[0]-b.V[0]),
						math.Abs(a.V[1]+b.V[1]), math.Abs(a.Theta+b.Theta), math.Abs(a.Omega+b.Omega))
				}
			}
			moved := 0
			for _, b := range sys.Bodies {
				if b.V.Len() > 0.01 {
					moved++
				}
			}
			t.Logf("largest asymmetry %.3g; %d of %d balls moving at the end", worst, moved, len(sys.Bodies))
			if worst > 1e-12 {
				t.Errorf("the break lost its symmetry by %.3g", worst)
			}
			if moved < len(sys.Bodies)-1 {
				t.Errorf("only %d of %d balls move at the end: the break did not spread", moved, len(sys.Bodies))
			}
		})
	}
}
