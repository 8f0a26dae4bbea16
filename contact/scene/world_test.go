package scene

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"tumble/body"
)

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
		w.Step()
		maxL = max(maxL, b.AngularMomentum().Sub(l0).Len()/l0.Len())
		maxE = max(maxE, math.Abs(b.KineticEnergy()-e0)/e0)
	}
	t.Logf("%d steps of %g s: max relative drift of L %.2g, of energy %.2g", s.Steps(), s.Dt, maxL, maxE)
	if maxL > 1e-9 || maxE > 1e-6 {
		t.Errorf("max relative drift of L %.3g (want ≤ 1e-9), of energy %.3g (want ≤ 1e-6)", maxL, maxE)
	}
}

// TestDzhanibekovSceneFlips checks that the built-in scene shows what it is for: the
// T-handle's bar axis (body x), spun nearly parallel to the angular momentum, turns over
// repeatedly within the scene's duration.
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
	l := b.AngularMomentum().Normalize()
	sign := b.R.Col(0).Dot(l) > 0
	flips := 0
	var firstFlip float64
	for range s.Steps() {
		w.Step()
		if now := b.R.Col(0).Dot(l) > 0; now != sign {
			sign = now
			flips++
			if flips == 1 {
				firstFlip = w.Time
			}
		}
	}
	t.Logf("%d flips in %g s, the first at %.3g s", flips, w.Time, firstFlip)
	if flips < 3 {
		t.Errorf("%d flips of the bar axis in %g s, want at least 3", flips, w.Time)
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
