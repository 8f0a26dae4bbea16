package scene

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact"
)

// mustStep steps w and fails the test on an error.
func mustStep(t testing.TB, w *contact.World) {
	t.Helper()
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
}

// TestWorldBodies checks mass, inertia and placement of built bodies against closed forms.
func TestWorldBodies(t *testing.T) {
	s, err := Parse(strings.NewReader(`<scene><duration time="1"/>
<integrator dt="0.01"/><gravity v="0 -1 0"/><solver iterations="7"/>
<body mesh="cube" density="500" scale="1 2 3" position="1 2 3" rotation="0 0.5 0"
      velocity="4 5 6" angularvelocity="7 8 9"/>
<body mesh="cube" mass="2" fixed="1" velocity="1 0 0"/>
</scene>`), "t.xml")
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.World()
	if err != nil {
		t.Fatal(err)
	}
	if w.Dt != 0.01 || w.Gravity != (mgl64.Vec3{0, -1, 0}) || w.Iterations != 7 || len(w.Bodies) != 2 {
		t.Fatalf("world dt %v, gravity %v, iterations %d, %d bodies", w.Dt, w.Gravity, w.Iterations, len(w.Bodies))
	}
	box, fixed := w.Bodies[0], w.Bodies[1]
	// A 1×2×3 box of density 500: m = 3000 kg, I = m/12 (b²+c², a²+c², a²+b²).
	m := 3000.0
	wantI := mgl64.Diag3(mgl64.Vec3{m / 12 * 13, m / 12 * 10, m / 12 * 5})
	if math.Abs(box.Mass-m) > 1e-9*m || !box.Inertia.ApproxEqualThreshold(wantI, 1e-9*m) {
		t.Errorf("box mass %v, inertia %v; want %v, %v", box.Mass, box.Inertia, m, wantI)
	}
	if !box.R.ApproxEqualThreshold(body.Exp(mgl64.Vec3{0, 0.5, 0}), 1e-15) || box.P != (mgl64.Vec3{1, 2, 3}) ||
		box.V != (mgl64.Vec3{4, 5, 6}) || box.Omega != (mgl64.Vec3{7, 8, 9}) {
		t.Errorf("box state R %v, P %v, V %v, ω %v", box.R, box.P, box.V, box.Omega)
	}
	if math.Abs(fixed.Mass-2) > 1e-12 || !fixed.Fixed || fixed.InvMass != 0 || fixed.V != (mgl64.Vec3{}) {
		t.Errorf("fixed body: mass %v, Fixed %v, InvMass %v, V %v", fixed.Mass, fixed.Fixed, fixed.InvMass, fixed.V)
	}
}

// TestWorldRelativeMeshes loads OBJ files next to the scene file, scaled, with a mass, and
// flips (with a warning) the one wound inward.
func TestWorldRelativeMeshes(t *testing.T) {
	s, err := Load(filepath.Join("testdata", "relative.xml"))
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.World()
	if err != nil {
		t.Fatal(err)
	}
	// The right tetrahedron: volume 1/6, scaled by 2 along x: 1/3; mass 2 makes density 6.
	// Its products of inertia about the origin are ρ∫xy = ρ a²b c /120 → COM-relative below.
	if got := w.Bodies[0].Mass; math.Abs(got-2) > 1e-12 {
		t.Errorf("tetrahedron mass %v, want 2", got)
	}
	if got, want := w.Bodies[1].Mass, 1000.0/6; math.Abs(got-want) > 1e-9*want {
		t.Errorf("flipped tetrahedron mass %v, want %v", got, want)
	}
	if len(s.Warnings) != 1 || !strings.Contains(s.Warnings[0], "testdata/relative.xml:4:") {
		t.Errorf("warnings %q, want one for line 4", s.Warnings)
	}
}

func TestWorldErrors(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "open.xml")
	open := "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"
	if err := os.WriteFile(filepath.Join(dir, "open.obj"), []byte(open), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ mesh, want string }{
		{"nosuch.obj", path + `:3: <body mesh="nosuch.obj">: open ` + filepath.Join(dir, "nosuch.obj")},
		{"open.obj", path + `:3: <body mesh="open.obj">: `},
	} {
		src := "<scene>\n<duration time=\"1\"/>\n<body mesh=\"" + c.mesh + "\"/></scene>"
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := Load(path)
		if err != nil {
			t.Fatal(err)
		}
		if _, err = s.World(); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("error %v, want it to start with %q", err, c.want)
		}
	}
}

// TestSpinSceneConservesAngularMomentum runs the built-in spin scene (a torus spinning about
// a generic axis, no gravity) through the whole pipeline: its world angular momentum must stay
// put to 1e-9 relative over the scene's 10 s, and its kinetic energy to 1e-6.
func TestSpinSceneConservesAngularMomentum(t *testing.T) {
	s, err := Builtin("spin")
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.World()
	if err != nil {
		t.Fatal(err)
	}
	b := w.Bodies[0]
	l0, e0 := b.AngularMomentum(), b.KineticEnergy()
	if b.Omega.Normalize().Dot(l0.Normalize()) > 0.99 {
		t.Fatalf("ω %v nearly parallel to L %v: the scene should spin about a generic axis", b.Omega, l0)
	}
	var maxL, maxE float64
	for range s.Steps() {
		mustStep(t, w)
		maxL = max(maxL, b.AngularMomentum().Sub(l0).Len()/l0.Len())
		maxE = max(maxE, math.Abs(b.KineticEnergy()-e0)/e0)
	}
	t.Logf("%d steps of %g s: max relative drift of L %.2g, of energy %.2g", s.Steps(), s.Dt, maxL, maxE)
	if maxL > 1e-9 || maxE > 1e-6 {
		t.Errorf("max relative drift of L %.3g (want ≤ 1e-9), of energy %.3g (want ≤ 1e-6)", maxL, maxE)
	}
}

// TestDzhanibekovSceneFlips checks that the built-in scene shows what it is for: the
// T-handle, spun nearly about its bar (body x, the intermediate principal axis), turns over
// repeatedly, and with the timing of a reference solution: Euler's torque-free equations in
// the body frame, I ω̇ = (I ω) × ω, by RK4 at a step 100 times smaller. The times at which
// the bar's spin component ω_x changes sign must agree to 2% of the half-period.
func TestDzhanibekovSceneFlips(t *testing.T) {
	s, err := Builtin("dzhanibekov")
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.World()
	if err != nil {
		t.Fatal(err)
	}
	b := w.Bodies[0]
	spinX := func() float64 { return b.R.Transpose().Mul3x1(b.Omega)[0] } // ω_x in body axes
	var got []float64
	prev := spinX()
	for range s.Steps() {
		mustStep(t, w)
		now := spinX()
		if (now > 0) != (prev > 0) {
			got = append(got, w.Time-w.Dt*now/(now-prev)) // linear interpolation in the step
		}
		prev = now
	}

	// The reference, from the same inertia tensor and initial angular velocity.
	inertia, invInertia := b.Inertia, b.Inertia.Inv()
	euler := func(o mgl64.Vec3) mgl64.Vec3 { return invInertia.Mul3x1(inertia.Mul3x1(o).Cross(o)) }
	o := s.Bodies[0].AngularVelocity // the scene starts with R = I: body and world axes agree
	h := s.Dt / 100
	var want []float64
	for i := range 100 * s.Steps() {
		k1 := euler(o)
		k2 := euler(o.Add(k1.Mul(h / 2)))
		k3 := euler(o.Add(k2.Mul(h / 2)))
		k4 := euler(o.Add(k3.Mul(h)))
		next := o.Add(k1.Add(k2.Mul(2)).Add(k3.Mul(2)).Add(k4).Mul(h / 6))
		if (next[0] > 0) != (o[0] > 0) {
			want = append(want, float64(i+1)*h-h*next[0]/(next[0]-o[0]))
		}
		o = next
	}
	t.Logf("ω_x changes sign at %.4g s; the reference at %.4g s", got, want)
	if len(want) < 3 || len(got) != len(want) {
		t.Fatalf("%d sign changes, the reference %d (want at least 3)", len(got), len(want))
	}
	halfPeriod := (want[len(want)-1] - want[0]) / float64(len(want)-1)
	for i := range got {
		if d := math.Abs(got[i] - want[i]); d > 0.02*halfPeriod {
			t.Errorf("sign change %d at %.4g s, the reference at %.4g s: off by %.2g%% of the half-period %.3g s",
				i, got[i], want[i], 100*d/halfPeriod, halfPeriod)
		}
	}
}

// BenchmarkWorldDefault measures building the default scene's world: reading four built-in
// meshes and integrating their mass properties.
func BenchmarkWorldDefault(b *testing.B) {
	s, err := Builtin("default")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := s.World(); err != nil {
			b.Fatal(err)
		}
	}
}
