package planar_test

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	rigid "github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	contact "github.com/tumble-physics/tumble/contact/planar"
)

// run2D is a built-in 2D scene run to its end: its system, the state after every step
// (states[0] the initial one) and the body pairs in contact at each step.
type run2D struct {
	scene   *fosssim.Scene
	sys     *rigid.System
	states  [][]rigid.Body
	touched []map[[2]int]bool // the pairs (I0, I1) among the contacts of each step's solve
}

// body returns body i at the end of the run.
func (r *run2D) body(i int) *rigid.Body { return &r.sys.Bodies[i] }

// touching reports whether bodies a < b touched at step k (the last step for k < 0).
func (r *run2D) touching(a, b, k int) bool {
	if k < 0 {
		k += len(r.touched)
	}
	return r.touched[k][[2]int{a, b}]
}

// everTouched reports whether bodies a < b touched at any step.
func (r *run2D) everTouched(a, b int) bool {
	for k := range r.touched {
		if r.touched[k][[2]int{a, b}] {
			return true
		}
	}
	return false
}

// sinkRate returns how fast body i moved down over the last n steps, m/s.
func (r *run2D) sinkRate(i, n int) float64 {
	last := len(r.states) - 1
	return (r.states[last-n][i].X[1] - r.states[last][i].X[1]) / (float64(n) * r.sys.Dt)
}

// runScene runs the built-in scene name (data/scenes2d) to its end with its own response.
func runScene(t *testing.T, name string) *run2D {
	t.Helper()
	scene, err := fosssim.Load(filepath.Join("..", "..", "data", "scenes2d", name+".xml"))
	if err != nil {
		t.Fatal(err)
	}
	sys, err := scene.System(contact.NewResponse)
	if err != nil {
		t.Fatal(err)
	}
	r := &run2D{scene: scene, sys: sys}
	pairs := map[[2]int]bool{}
	if resp, ok := sys.Response.(*contact.Response); ok {
		resp.Observe = func(rec *contact.Record) {
			for _, c := range rec.Contacts {
				pairs[[2]int{c.I0, c.I1}] = true
			}
		}
	}
	r.states = append(r.states, append([]rigid.Body(nil), sys.Bodies...))
	for range scene.Steps() {
		pairs = map[[2]int]bool{}
		if err := sys.Step(); err != nil {
			t.Fatal(err)
		}
		r.states = append(r.states, append([]rigid.Body(nil), sys.Bodies...))
		r.touched = append(r.touched, pairs)
	}
	return r
}

// still reports whether body b moves slower than v m/s and turns slower than v rad/s.
func still(b *rigid.Body, v float64) bool { return b.V.Len() < v && math.Abs(b.Omega) < v }

// TestBuiltInScenesDoWhatTheySay runs every built-in 2D scene to its end and checks what its
// description says happens: each case names the words of the description it checks, so that
// the two change together. A scene whose bodies rest on others sinks as FOSSSim's model
// makes them, g dt² a step (its responses correct velocities only), which its description
// states as g dt every second.
func TestBuiltInScenesDoWhatTheySay(t *testing.T) {
	const g = 9.81
	// restsAndSinks checks that body i has stopped, and sinks at g dt over the last n steps.
	restsAndSinks := func(t *testing.T, r *run2D, i, n int, speed float64) {
		t.Helper()
		if b := r.body(i); !still(b, speed) {
			t.Errorf("body %d at the end: V %v, ω %g; want at rest (below %g)", i, b.V, b.Omega, speed)
		}
		if rate, want := r.sinkRate(i, n), g*r.sys.Dt; math.Abs(rate-want) > 1e-3*want {
			t.Errorf("body %d sinks at %.6g m/s over the last %d steps, want g dt = %.6g m/s", i, rate, n, want)
		}
	}
	slides := func(t *testing.T, r *run2D) { // contact_lcp, contact_pgs: body 1, a box, on the floor
		box := r.body(1)
		if !near(box.V, mgl64.Vec2{0.3, 0}, 1e-9) || math.Abs(box.Omega) > 1e-9 || !r.touching(0, 1, -1) {
			t.Errorf("box at the end: V %v, ω %g, on the floor %v; want sliding at (0.3, 0) without turning, on the floor",
				box.V, box.Omega, r.touching(0, 1, -1))
		}
		if rate, want := r.sinkRate(1, 20), g*r.sys.Dt; math.Abs(rate-want) > 1e-3*want {
			t.Errorf("the box sinks at %.6g m/s, want g dt = %.6g m/s", rate, want)
		}
	}
	for _, c := range []struct {
		scene string
		says  []string
		check func(t *testing.T, r *run2D)
	}{
		{"contact_gr_lcp_three_balls", []string{"Equal masses end at (0, 0, 1)", "the third 100 times heavier"},
			func(t *testing.T, r *run2D) {
				// The heavy row's passes 0–1, 1–2, 0–1 end at (−99/101, 0, 2/101).
				for i, want := range []float64{0, 0, 1, -99.0 / 101, 0, 2.0 / 101} {
					if b := r.body(i); !near(b.V, mgl64.Vec2{want, 0}, 1e-12) || math.Abs(b.Omega) > 1e-12 {
						t.Errorf("ball %d: V %v, ω %g; want (%g, 0), 0", i, b.V, b.Omega, want)
					}
				}
			}},
		{"contact_gr_velocity_projection_pucks", []string{"bounce off each other and the walls", "kinetic energy stays what it was"},
			func(t *testing.T, r *run2D) {
				if e0, e := kinetic(r.states[0]), kinetic(r.sys.Bodies); math.Abs(e-e0) > 1e-12 {
					t.Errorf("kinetic energy %.17g -> %.17g", e0, e)
				}
				if !r.everTouched(4, 5) {
					t.Error("the pucks never touch each other")
				}
				for _, puck := range []int{4, 5} {
					walls := 0
					for wall := range 4 {
						if r.everTouched(wall, puck) {
							walls++
						}
					}
					if walls == 0 || r.body(puck).Omega == 0 {
						t.Errorf("puck %d touches %d walls and spins at %g rad/s; want a wall and a spin", puck, walls, r.body(puck).Omega)
					}
				}
			}},
		{"contact_lcp", []string{"stops turning and slides on at 0.3 m/s", "sinks into the floor by g dt every second (10 cm/s here)"}, slides},
		{"contact_pgs", []string{"stops turning and slides on at 0.3 m/s", "sinks into the floor by g dt every second (10 cm/s here)"}, slides},
		{"contact_lcp_stack", []string{"they land and stack", "g dt every second (2 cm/s here): the pile sinks into the floor as one"},
			func(t *testing.T, r *run2D) {
				low, high := r.body(1), r.body(2)
				if !r.touching(0, 1, -1) || !r.touching(1, 2, -1) || math.Abs(high.X[0]-low.X[0]-0.25) > 1e-9 {
					t.Errorf("at the end: box 1 on the floor %v, box 2 on box 1 %v, box 2 offset %g; want a stack, offset 0.25 m",
						r.touching(0, 1, -1), r.touching(1, 2, -1), high.X[0]-low.X[0])
				}
				for _, i := range []int{1, 2} { // the stack sinks into the floor as one
					restsAndSinks(t, r, i, 100, 1e-12)
				}
			}},
		{"contact_pgs_pyramid", []string{"settle under gravity and come to rest", "g dt every second (2 cm/s here): the pile sinks into the floor as one"},
			func(t *testing.T, r *run2D) {
				for _, pair := range [][2]int{{0, 1}, {0, 2}, {1, 3}, {2, 3}} {
					if !r.touching(pair[0], pair[1], -1) {
						t.Errorf("bodies %d and %d do not touch at the end", pair[0], pair[1])
					}
				}
				if top := r.body(3); math.Abs(top.X[0]) > 1e-6 {
					t.Errorf("the top box ends at x = %g, want it centred on the two below", top.X[0])
				}
				// PGS stops within its 20 sweeps, not exactly: velocities of 1e-8 m/s remain.
				for _, i := range []int{1, 2, 3} {
					restsAndSinks(t, r, i, 100, 1e-6)
				}
			}},
		{"contact_velocity_projection_seesaw", []string{"tips it until that end rests on the floor", "the box slides against the lip and stays", "the plank rests tipped"},
			func(t *testing.T, r *run2D) {
				const floor, pivot, plank, box = 0, 1, 2, 3
				p, b := r.body(plank), r.body(box)
				if !(p.Theta > 0.25) || !r.touching(floor, plank, -1) || !r.touching(pivot, plank, -1) {
					t.Errorf("plank at the end: θ %g, on the floor %v, on the pivot %v; want tipped left (θ > 0.25) on both",
						p.Theta, r.touching(floor, plank, -1), r.touching(pivot, plank, -1))
				}
				// The box lies at the lip, on the plank: in the plank's frame its centre is
				// within 0.15 m of where touching the lip puts it (the lip's inner face, plus
				// both radii, plus half the box: x = −2.8 + 0.1 + 0.3), and above the plank.
				at := p.Rotation().ApplyInverse(b.X.Sub(p.X))
				lip := p.Vertices[3] // the lip's inner foot, (−2.8, 1.3) in the scene
				if !r.touching(plank, box, -1) || at[0] > lip[0]+0.4+0.15 || at[1] < lip[1] || math.Abs(b.Theta-p.Theta) > 0.05 {
					t.Errorf("box at the end: at %v in the plank's frame (lip foot %v), touching it %v, θ %g (plank %g); want it lying at the lip",
						at, lip, r.touching(plank, box, -1), b.Theta, p.Theta)
				}
				for _, i := range []int{plank, box} {
					if body := r.body(i); !still(body, 1e-3) {
						t.Errorf("body %d at the end: V %v, ω %g; want at rest", i, body.V, body.Omega)
					}
				}
			}},
		{"drift_and_spin", []string{"drifting and spinning freely", "carries a velocity but never moves"},
			func(t *testing.T, r *run2D) {
				start := r.states[0]
				pent, bar := r.body(0), r.body(1)
				if pent.V != start[0].V || pent.Omega != start[0].Omega || pent.X == start[0].X || pent.Theta == start[0].Theta {
					t.Errorf("pentagon: V %v ω %g from %v %g; want them unchanged, and the pentagon moved and turned", pent.V, pent.Omega, start[0].V, start[0].Omega)
				}
				if bar.X != start[1].X || bar.Theta != start[1].Theta || bar.V != (mgl64.Vec2{0.5, 0}) || bar.Omega != -1 {
					t.Errorf("bar: X %v θ %g V %v ω %g; want where it started, with its velocity (0.5, 0), −1", bar.X, bar.Theta, bar.V, bar.Omega)
				}
			}},
		{"springs_under_gravity", []string{"a triangle hanging from it, a fixed post"},
			func(t *testing.T, r *run2D) {
				// Symplectic Euler keeps the energy of the springs and gravity within a band.
				e0 := r.states[0]
				sys := r.sys
				if post := r.body(2); post.X != e0[2].X || post.Theta != e0[2].Theta {
					t.Errorf("the post moved to %v, θ %g", post.X, post.Theta)
				}
				if box, tri := r.body(0), r.body(1); !(tri.X[1] < box.X[1]) {
					t.Errorf("triangle at y = %g, box at %g: want the triangle hanging below the box", tri.X[1], box.X[1])
				}
				sys.Bodies = e0
				start := sys.KineticEnergy() + sys.PotentialEnergy()
				worst := 0.0
				for _, st := range r.states {
					sys.Bodies = st
					worst = max(worst, math.Abs(sys.KineticEnergy()+sys.PotentialEnergy()-start))
				}
				sys.Bodies = r.states[len(r.states)-1]
				if worst > 0.01*math.Abs(start) {
					t.Errorf("energy strays by %g J from %g J, more than 1%%", worst, start)
				}
			}},
		{"wind_on_shapes", []string{"slows their fall, pushes them sideways and sets them turning"},
			func(t *testing.T, r *run2D) {
				// Gravity alone would leave each body at y0 + vy0 t − g t²/2, x0 + vx0 t,
				// turning at ω0. (The capsule, tilted, is pushed toward −x: the air it falls
				// through comes up at it, against its slanted sides.)
				tEnd := r.sys.Time()
				for i, b := range r.sys.Bodies {
					b0 := r.states[0][i]
					free := b0.X.Add(b0.V.Mul(tEnd)).Add(mgl64.Vec2{0, -g * tEnd * tEnd / 2})
					if !(b.X[1] < b0.X[1]) || !(b.X[1] > free[1]+0.1) || !(math.Abs(b.X[0]-free[0]) > 0.1) || !(math.Abs(b.Omega-b0.Omega) > 0.1) {
						t.Errorf("body %d: from %v to %v, ω %g to %g; want it lower, but above free fall (%v), off its drift sideways, and turned",
							i, b0.X, b.X, b0.Omega, b.Omega, free)
					}
				}
			}},
	} {
		t.Run(c.scene, func(t *testing.T) {
			r := runScene(t, c.scene)
			for _, s := range c.says {
				if !strings.Contains(r.scene.Description, s) {
					t.Fatalf("the description %q does not say %q", r.scene.Description, s)
				}
			}
			c.check(t, r)
		})
	}
}
