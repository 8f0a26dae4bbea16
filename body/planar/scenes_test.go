package planar_test

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/body/planar/internal/testscenes"
)

// load parses a course scene and returns it with a fresh system (no contact).
func load(t testing.TB, path string) (*fosssim.Scene, *planar.System) {
	t.Helper()
	scene, err := fosssim.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := scene.System(nil)
	if err != nil {
		t.Fatal(err)
	}
	return scene, sys
}

func step(t testing.TB, sys *planar.System) {
	t.Helper()
	if err := sys.Step(); err != nil {
		t.Fatal(err)
	}
}

func finite(s planar.State) bool {
	for _, v := range []float64{s.X[0], s.X[1], s.Theta, s.V[0], s.V[1], s.Omega} {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// Every t3m1 scene (course and student) runs to its end with finite states, and total
// momentum changes only by the external forces: with no gravity or wind (springs only, or
// nothing), Σ P stays at its initial value to rounding.
func TestT3M1ScenesRun(t *testing.T) {
	files := append(testscenes.Glob(t, "t3m1/*/*.xml"), testscenes.Glob(t, "student_salepaun/t3m1/*.xml")...)
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), ".xml"), func(t *testing.T) {
			scene, sys := load(t, f)
			internal := true
			for _, force := range scene.Forces {
				if _, ok := force.(*planar.Spring); !ok {
					internal = false
				}
			}
			worldSpring := false
			for _, s := range scene.Springs() {
				worldSpring = worldSpring || s.I == planar.World || s.J == planar.World
			}
			p0 := sys.Momentum()
			scale := 1.0
			for range scene.Steps() {
				step(t, sys)
				for i := range sys.Bodies {
					if !finite(sys.Bodies[i].State()) {
						t.Fatalf("step %d: body %d not finite: %+v", sys.Steps, i, sys.Bodies[i].State())
					}
					scale = max(scale, sys.Bodies[i].Momentum().Len())
				}
			}
			if internal && !worldSpring {
				if d := sys.Momentum().Sub(p0).Len(); d > 1e-12*scale {
					t.Errorf("total momentum drifted by %g under internal forces only", d)
				}
			}
		})
	}
}

// With no forces the velocities, hence each body's momentum and spin, stay bit for bit what
// they were, and the centre of mass moves by exactly V dt each step.
func TestNoForceScenesConserveMomentumExactly(t *testing.T) {
	for _, f := range testscenes.Glob(t, "t3m1/inertiatests/*.xml") {
		t.Run(filepath.Base(f), func(t *testing.T) {
			scene, sys := load(t, f)
			if len(scene.Forces) != 0 {
				t.Skip("scene has forces")
			}
			b := &sys.Bodies[0]
			p0, l0 := b.Momentum(), b.SpinAngularMomentum()
			for range scene.Steps() {
				x := b.X
				step(t, sys)
				if b.Momentum() != p0 || b.SpinAngularMomentum() != l0 {
					t.Fatalf("step %d: P %v L %v, want exactly %v %v", sys.Steps, b.Momentum(), b.SpinAngularMomentum(), p0, l0)
				}
				if want := (mgl64.Vec2{x[0] + b.V[0]*sys.Dt, x[1] + b.V[1]*sys.Dt}); b.X != want {
					t.Fatalf("step %d: X %v, want exactly %v", sys.Steps, b.X, want)
				}
			}
		})
	}
}

// Under gravity alone every body follows the integrator's closed form: after k steps
// v = v0 + k g dt and x = x0 + k v0 dt + g dt² k(k+1)/2 (symplectic: moves with the new
// velocity) or k(k−1)/2 (explicit: with the old one), and ω stays constant.
func TestGravityScenesFollowClosedForm(t *testing.T) {
	for _, f := range testscenes.Glob(t, "t3m1/gravitytests/*.xml") {
		t.Run(filepath.Base(f), func(t *testing.T) {
			scene, sys := load(t, f)
			var g mgl64.Vec2
			for _, force := range scene.Forces {
				g = g.Add(force.(*planar.Gravity).G)
			}
			start := append([]planar.Body(nil), sys.Bodies...)
			n := scene.Steps()
			for range n {
				step(t, sys)
			}
			k, dt := float64(n), sys.Dt
			pairs := k * (k + 1) / 2
			if sys.Integrator == planar.ExplicitEuler {
				pairs = k * (k - 1) / 2
			}
			for i, b := range sys.Bodies {
				b0 := start[i]
				wantV := b0.V.Add(g.Mul(k * dt))
				wantX := b0.X.Add(b0.V.Mul(k * dt)).Add(g.Mul(dt * dt * pairs))
				if d := b.V.Sub(wantV).Len(); d > 1e-11*(1+wantV.Len()) {
					t.Errorf("body %d: V %v, closed form %v (off by %g)", i, b.V, wantV, d)
				}
				if d := b.X.Sub(wantX).Len(); d > 1e-11*(1+wantX.Len()) {
					t.Errorf("body %d: X %v, closed form %v (off by %g)", i, b.X, wantX, d)
				}
				if b.Omega != b0.Omega {
					t.Errorf("body %d: ω changed from %g to %g under gravity", i, b0.Omega, b.Omega)
				}
			}
		})
	}
}

// The spin tests complete the revolutions their descriptions state.
func TestSpinScenesCompleteRevolutions(t *testing.T) {
	dir := testscenes.Dir(t)
	for _, c := range []struct {
		scene       string
		after       float64 // s
		revolutions float64
		tol         float64 // rad: the scenes write π as 3.14159
		stated      string
	}{
		{"t3m1/inertiatests/test02sym.xml", 2, 1, 1e-5, "complete a single rotation in 2 seconds"},
		{"t3m1/inertiatests/test02ee.xml", 2, 1, 1e-5, "complete a single rotation in 2 seconds"},
		{"t3m1/inertiatests/test03sym.xml", 2, 1, 1e-5, "complete a single rotation in 2 seconds"},
		{"t3m1/inertiatests/test03sym.xml", 4, 2, 2e-5, "complete a single rotation in 2 seconds"},
		{"t3m1/gravitytests/test02sym.xml", 4, 1, 1e-9, "undergo one complete revolution"},
		{"t3m1/gravitytests/test02ee.xml", 4, 1, 1e-9, "undergo one complete revolution"},
	} {
		t.Run(c.scene, func(t *testing.T) {
			scene, sys := load(t, filepath.Join(dir, c.scene))
			if !strings.Contains(scene.Description, c.stated) {
				t.Fatalf("description %q does not state %q", scene.Description, c.stated)
			}
			for range int(math.Round(c.after / sys.Dt)) {
				step(t, sys)
			}
			if got, want := sys.Bodies[0].Theta, 2*math.Pi*c.revolutions; math.Abs(got-want) > c.tol {
				t.Errorf("θ(%g s) = %.9f, want %.9f (%g revolutions)", c.after, got, want, c.revolutions)
			}
		})
	}
}

// springtests/test03: a 4 kg body on a spring (k = 1) from a fixed world point oscillates
// along x with period 2π √(M/k) = 4π s. Symplectic Euler's discrete period,
// 2π dt / acos(1 − (ω dt)²/2), is shorter by about (ω dt)²/24; zero crossings of the
// displacement (interpolated linearly) must measure it within 1e-6 s.
func TestFixedEndSpringPeriod(t *testing.T) {
	scene, sys := load(t, filepath.Join(testscenes.Dir(t), "t3m1/springtests/test03sym.xml"))
	b := &sys.Bodies[0]
	spring := scene.Springs()[0]
	rest := spring.PI[0] + spring.L0 - spring.PJ[0] // equilibrium x of the centre of mass
	omega := math.Sqrt(spring.K / b.M)
	discrete := 2 * math.Pi * sys.Dt / math.Acos(1-omega*omega*sys.Dt*sys.Dt/2)
	var crossings []float64
	prev := b.X[0] - rest
	for range scene.Steps() {
		step(t, sys)
		u := b.X[0] - rest
		if prev < 0 && u >= 0 {
			crossings = append(crossings, sys.Time()-sys.Dt*u/(u-prev))
		}
		prev = u
		if b.X[1] != 0 || b.Theta != 0 {
			t.Fatalf("step %d: the body left the x axis: y %g θ %g", sys.Steps, b.X[1], b.Theta)
		}
	}
	if len(crossings) < 5 {
		t.Fatalf("only %d upward crossings in %g s", len(crossings), scene.Duration)
	}
	period := (crossings[len(crossings)-1] - crossings[0]) / float64(len(crossings)-1)
	analytic := 2 * math.Pi / omega
	if math.Abs(period-discrete) > 1e-6 {
		t.Errorf("period %.9f s, symplectic Euler's discrete period %.9f s", period, discrete)
	}
	if rel := math.Abs(period-analytic) / analytic; rel > omega*omega*sys.Dt*sys.Dt {
		t.Errorf("period %.9f s differs from 2π√(M/k) = %.9f s by %.2g, more than (ω dt)²", period, analytic, rel)
	}
	t.Logf("period %.9f s (analytic %.9f, discrete %.9f) over %d cycles", period, analytic, discrete, len(crossings)-1)
}

// On the spring scenes symplectic Euler keeps the energy within a band of its start value
// while explicit Euler's grows by (1 + (ω dt)²) per step.
func TestSymplecticEnergyBoundedExplicitDrifts(t *testing.T) {
	dir := testscenes.Dir(t)
	for _, name := range []string{"test00", "test01", "test03"} {
		t.Run(name, func(t *testing.T) {
			drift := map[string]float64{}
			for _, variant := range []string{"sym", "ee"} {
				scene, sys := load(t, filepath.Join(dir, "t3m1/springtests", name+variant+".xml"))
				e0 := sys.KineticEnergy() + sys.PotentialEnergy()
				worst := 0.0
				for range scene.Steps() {
					step(t, sys)
					worst = max(worst, math.Abs(sys.KineticEnergy()+sys.PotentialEnergy()-e0)/e0)
				}
				drift[variant] = worst
			}
			if drift["sym"] > 0.01 || drift["ee"] < 0.2 || drift["ee"] < 20*drift["sym"] {
				t.Errorf("largest relative energy change: symplectic %.3g (want < 0.01), explicit %.3g (want > 0.2)", drift["sym"], drift["ee"])
			}
			t.Logf("largest relative energy change: symplectic %.3g, explicit %.3g", drift["sym"], drift["ee"])
		})
	}
}

// The wind tests' bodies "eventually reach the wind speed": after the run every box moves
// within 2.5% of the wind velocity (from rest, from against the wind, from faster than it),
// without turning (the boxes are symmetric).
func TestWindScenesReachWindSpeed(t *testing.T) {
	for _, f := range testscenes.Glob(t, "t3m1/windtests/test0[0-3]*.xml") {
		t.Run(filepath.Base(f), func(t *testing.T) {
			scene, sys := load(t, f)
			w := scene.Forces[0].(*planar.Wind).W
			start := append([]planar.Body(nil), sys.Bodies...)
			for range scene.Steps() {
				step(t, sys)
			}
			approached := 0
			for i, b := range sys.Bodies {
				if d := b.V.Sub(w).Len(); d > 0.025*w.Len() || b.Omega != 0 || b.Theta != 0 {
					t.Errorf("body %d: V %v ω %g after %g s, wind %v", i, b.V, b.Omega, sys.Time(), w)
				}
				if start[i].V.Sub(w).Len() > 0.025*w.Len() {
					approached++
				}
			}
			if approached == 0 {
				t.Error("every body starts at the wind speed already")
			}
		})
	}
}

// The airplane, held by a spring against gravity and wind, "should reach an equilibrium
// between the three forces": after 50 s it is nearly still and the forces nearly cancel.
func TestAirplaneReachesEquilibrium(t *testing.T) {
	scene, sys := load(t, filepath.Join(testscenes.Dir(t), "t3m1/hollistictests/airplane.xml"))
	for range scene.Steps() {
		step(t, sys)
	}
	b := &sys.Bodies[0]
	weight := b.M * 2 // the scene's gravity is 2 m/s²
	if b.V.Len() > 1e-3 || math.Abs(b.Omega) > 1e-4 || b.F.Len() > 1e-3*weight || math.Abs(b.Tau) > 1e-2 {
		t.Errorf("after %g s: V %v ω %g, net force %v (weight %g N) torque %g", sys.Time(), b.V, b.Omega, b.F, weight, b.Tau)
	}
}
