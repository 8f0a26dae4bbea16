package inertia

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The error measures below are +Inf rather than NaN when a value is NaN, so that a check
// "error > tolerance" cannot pass on NaN.

// matRel is the largest entry of |a − b| relative to the largest entry of |b|.
func matRel(a, b mgl64.Mat3) float64 {
	diff, scale := 0.0, 0.0
	for i := range 9 {
		diff = max(diff, math.Abs(a[i]-b[i]))
		scale = max(scale, math.Abs(b[i]))
	}
	return notNaN(diff / scale)
}

// vecDist is |a − b|.
func vecDist(a, b mgl64.Vec3) float64 { return notNaN(a.Sub(b).Len()) }

// rel is |got − want| / |want|.
func rel(got, want float64) float64 { return notNaN(math.Abs(got-want) / math.Abs(want)) }

func notNaN(e float64) float64 {
	if math.IsNaN(e) {
		return math.Inf(1)
	}
	return e
}

// sameAxis reports whether unit vectors a and b span the same line to within tol.
func sameAxis(a, b mgl64.Vec3, tol float64) bool { return 1-math.Abs(a.Dot(b)) < tol }

func TestComputeClosedForms(t *testing.T) {
	const a = 0.7 // regular tetrahedron edge, m
	s := a / (2 * math.Sqrt2)
	regular := tetraMesh([4]mgl64.Vec3{{s, s, s}, {s, -s, -s}, {-s, s, -s}, {-s, -s, s}})
	regularMass := 1000 * a * a * a / (6 * math.Sqrt2)
	right := tetraMesh([4]mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}})
	// Right tetrahedron, ρ = 1: V = 1/6, COM = (1/4)(1,1,1); about the COM ∫x² = 1/60 − V/16
	// = 1/160 and ∫xy = 1/120 − V/16 = −1/480, so I_xx = 2/160 = 1/80 and I_xy = +1/480.
	p, q := 1.0/80, 1.0/480
	tests := []struct {
		name    string
		mesh    *Mesh
		density float64
		volume  float64
		com     mgl64.Vec3
		inertia mgl64.Mat3
		moments mgl64.Vec3
	}{
		{"unit cube", boxMesh(mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}), 1, 1,
			mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.Diag3(mgl64.Vec3{1, 1, 1}.Mul(1.0 / 6)), mgl64.Vec3{1, 1, 1}.Mul(1.0 / 6)},
		{"box 1x2x3", boxMesh(mgl64.Vec3{}, mgl64.Vec3{1, 2, 3}), 3, 6,
			mgl64.Vec3{0.5, 1, 1.5}, mgl64.Diag3(mgl64.Vec3{13, 10, 5}.Mul(18.0 / 12)), mgl64.Vec3{5, 10, 13}.Mul(18.0 / 12)},
		{"right tetrahedron", right, 1, 1.0 / 6,
			mgl64.Vec3{0.25, 0.25, 0.25}, mgl64.Mat3{p, q, q, q, p, q, q, q, p}, mgl64.Vec3{p - q, p - q, p + 2*q}},
		{"regular tetrahedron", regular, 1000, a * a * a / (6 * math.Sqrt2),
			mgl64.Vec3{}, mgl64.Ident3().Mul(regularMass * a * a / 20), mgl64.Vec3{1, 1, 1}.Mul(regularMass * a * a / 20)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Compute(tc.mesh, tc.density, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got.Flipped || got.OpenEdges != 0 {
				t.Errorf("Flipped %v, OpenEdges %d for an outward closed mesh", got.Flipped, got.OpenEdges)
			}
			if e := rel(got.Volume, tc.volume); e > 1e-12 {
				t.Errorf("volume %.17g, want %.17g (rel %.1e)", got.Volume, tc.volume, e)
			}
			if e := rel(got.Mass, tc.density*tc.volume); e > 1e-12 {
				t.Errorf("mass %.17g, want %.17g", got.Mass, tc.density*tc.volume)
			}
			if d := vecDist(got.COM, tc.com); d > 1e-12 {
				t.Errorf("COM %v, want %v", got.COM, tc.com)
			}
			if e := matRel(got.Inertia, tc.inertia); e > 1e-12 {
				t.Errorf("inertia %v, want %v (rel %.1e)", got.Inertia, tc.inertia, e)
			}
			for k := range 3 {
				if e := rel(got.PrincipalMoments[k], tc.moments[k]); e > 1e-12 {
					t.Errorf("principal moments %v, want %v", got.PrincipalMoments, tc.moments)
				}
			}
			checkEigen(t, got)
		})
	}
}

// checkEigen asserts that the principal axes are orthonormal eigenvectors of the inertia
// with the principal moments, each with its largest component positive.
func checkEigen(t *testing.T, p Properties) {
	t.Helper()
	scale := p.PrincipalMoments[2]
	for k, e := range p.PrincipalAxes {
		if r := vecDist(p.Inertia.Mul3x1(e), e.Mul(p.PrincipalMoments[k])); r > 1e-12*scale {
			t.Errorf("axis %d %v: |I e − λ e| = %.1e", k, e, r)
		}
		big := 0
		for i := range 3 {
			if math.Abs(e[i]) > math.Abs(e[big]) {
				big = i
			}
		}
		if e[big] <= 0 {
			t.Errorf("axis %d %v: largest component not positive", k, e)
		}
		for j, f := range p.PrincipalAxes {
			want := 0.0
			if j == k {
				want = 1
			}
			if notNaN(math.Abs(e.Dot(f)-want)) > 1e-12 {
				t.Errorf("axes %d·%d = %g, want %g", k, j, e.Dot(f), want)
			}
		}
	}
	if !slices.IsSorted(p.PrincipalMoments[:]) {
		t.Errorf("principal moments %v not ascending", p.PrincipalMoments)
	}
	f := p.PrincipalFrame()
	if e := matRel(f.Mul3(mgl64.Diag3(p.PrincipalMoments)).Mul3(f.Transpose()), p.Inertia); e > 1e-12 {
		t.Errorf("F diag(moments) Fᵀ differs from the inertia by %.1e", e)
	}
	if notNaN(math.Abs(f.Det()-1)) > 1e-12 {
		t.Errorf("principal frame det %g, want 1", f.Det())
	}
}

func TestRightTetrahedronAxes(t *testing.T) {
	// The symmetric axis (1,1,1)/√3 carries the largest moment, 1/60.
	got, err := Compute(tetraMesh([4]mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}), 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := (mgl64.Vec3{1, 1, 1}).Normalize(); vecDist(got.PrincipalAxes[2], want) > 1e-12 {
		t.Errorf("largest axis %v, want %v", got.PrincipalAxes[2], want)
	}
}

// rotation is an arbitrary rotation for the tests: 1.1 rad about (1, −2, 0.5).
var rotation = mgl64.QuatRotate(1.1, mgl64.Vec3{1, -2, 0.5}.Normalize()).Mat4().Mat3()

func TestRotatedTranslatedBox(t *testing.T) {
	const density = 7.5
	shift := mgl64.Vec3{0.3, -4, 2.2}
	box := boxMesh(mgl64.Vec3{}, mgl64.Vec3{1, 2, 3})
	got, err := Compute(box.Affine(rotation, shift), density, Options{})
	if err != nil {
		t.Fatal(err)
	}
	mass := density * 6
	body := mgl64.Diag3(mgl64.Vec3{13, 10, 5}.Mul(mass / 12))
	want := rotation.Mul3(body).Mul3(rotation.Transpose()) // I transforms as R I Rᵀ
	if e := matRel(got.Inertia, want); e > 1e-12 {
		t.Errorf("inertia %v, want R I Rᵀ = %v (rel %.1e)", got.Inertia, want, e)
	}
	if c := rotation.Mul3x1(mgl64.Vec3{0.5, 1, 1.5}).Add(shift); vecDist(got.COM, c) > 1e-12*c.Len() {
		t.Errorf("COM %v, want %v", got.COM, c)
	}
	if e := rel(got.Mass, mass); e > 1e-12 {
		t.Errorf("mass %g, want %g", got.Mass, mass)
	}
	// Ascending moments go with the box's z (3 m), y (2 m) and x (1 m) edges, rotated.
	for k, col := range []int{2, 1, 0} {
		if !sameAxis(got.PrincipalAxes[k], rotation.Col(col), 1e-12) {
			t.Errorf("axis %d %v, want ±%v", k, got.PrincipalAxes[k], rotation.Col(col))
		}
		if e := rel(got.PrincipalMoments[k], body.At(col, col)); e > 1e-12 {
			t.Errorf("moment %d %g, want %g", k, got.PrincipalMoments[k], body.At(col, col))
		}
	}
	checkEigen(t, got)
}

// tetraReference computes the mass properties independently of Mirtich's projections: the
// solid is the signed sum of the tetrahedra joining the origin to each triangle, and a
// tetrahedron 0abc of signed volume V = a·(b×c)/6 has ∫x = V(a+b+c)/4 and
// ∫x xᵀ = (V/20)(a aᵀ + b bᵀ + c cᵀ + s sᵀ), s = a+b+c.
func tetraReference(m *Mesh, density float64) (mass float64, com mgl64.Vec3, inertia mgl64.Mat3) {
	var vol float64
	var first mgl64.Vec3
	var second mgl64.Mat3
	outer := func(u mgl64.Vec3) mgl64.Mat3 {
		return mgl64.Mat3FromCols(u.Mul(u[0]), u.Mul(u[1]), u.Mul(u[2]))
	}
	for _, tri := range m.Triangles {
		a, b, c := m.Vertices[tri[0]], m.Vertices[tri[1]], m.Vertices[tri[2]]
		v := a.Dot(b.Cross(c)) / 6
		s := a.Add(b).Add(c)
		vol += v
		first = first.Add(s.Mul(v / 4))
		second = second.Add(outer(a).Add(outer(b)).Add(outer(c)).Add(outer(s)).Mul(v / 20))
	}
	com = first.Mul(1 / vol)
	central := second.Sub(outer(com).Mul(vol))
	trace := central.At(0, 0) + central.At(1, 1) + central.At(2, 2)
	inertia = mgl64.Ident3().Mul(trace).Sub(central).Mul(density)
	return density * vol, com, inertia
}

func TestTorusAgainstTetrahedra(t *testing.T) {
	const R, r, density = 1.0, 0.25, 2.0
	torus := torusMesh(R, r, 48, 24)
	got, err := Compute(torus, density, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got.Flipped || got.OpenEdges != 0 {
		t.Fatalf("Flipped %v, OpenEdges %d", got.Flipped, got.OpenEdges)
	}
	mass, com, inertia := tetraReference(torus, density)
	if e := rel(got.Mass, mass); e > 1e-12 {
		t.Errorf("mass %.17g, tetrahedra give %.17g (rel %.1e)", got.Mass, mass, e)
	}
	if d := vecDist(got.COM, com); d > 1e-12 {
		t.Errorf("COM %v, tetrahedra give %v", got.COM, com)
	}
	if e := matRel(got.Inertia, inertia); e > 1e-12 {
		t.Errorf("inertia %v, tetrahedra give %v (rel %.1e)", got.Inertia, inertia, e)
	}
	checkEigen(t, got)
	// The smooth torus: V = 2π²Rr², I_axis = m(R² + 3r²/4), I_diameter = m(R²/2 + 5r²/8).
	// The inscribed 48×24 mesh falls short by about (2π/48)²/6 + (2π/24)²/4 ≈ 2%.
	vol := 2 * math.Pi * math.Pi * R * r * r
	smooth := []float64{vol, density * vol * (R*R/2 + 5*r*r/8), density * vol * (R*R + 3*r*r/4)}
	for i, g := range []float64{got.Volume, got.PrincipalMoments[0], got.PrincipalMoments[2]} {
		if e := rel(g, smooth[i]); e > 0.025 {
			t.Errorf("quantity %d: %g, smooth torus %g (rel %.3f)", i, g, smooth[i], e)
		}
	}
	// Symmetry: the equal pair lies in the xz plane, the axis of revolution is y.
	if !sameAxis(got.PrincipalAxes[2], mgl64.Vec3{0, 1, 0}, 1e-12) {
		t.Errorf("largest-moment axis %v, want y", got.PrincipalAxes[2])
	}

	// Turned and moved, the equal pair's axes are any orthonormal pair of the turned plane.
	turned, err := Compute(torus.Affine(rotation, mgl64.Vec3{-3, 2, 7}), density, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if e := matRel(turned.Inertia, rotation.Mul3(got.Inertia).Mul3(rotation.Transpose())); e > 1e-12 {
		t.Errorf("turned torus: inertia differs from R I Rᵀ by %.1e", e)
	}
	if !sameAxis(turned.PrincipalAxes[2], rotation.Col(1), 1e-12) {
		t.Errorf("turned torus: largest-moment axis %v, want ±%v", turned.PrincipalAxes[2], rotation.Col(1))
	}
	checkEigen(t, turned)
}

func TestTranslationFarFromOrigin(t *testing.T) {
	far := mgl64.Vec3{1e6, -1e6, 1e6}
	for _, m := range []*Mesh{torusMesh(1, 0.25, 48, 24), boxMesh(mgl64.Vec3{}, mgl64.Vec3{1, 2, 3}).Affine(rotation, mgl64.Vec3{})} {
		t.Run(m.Name, func(t *testing.T) {
			near, err := Compute(m, 1, Options{})
			if err != nil {
				t.Fatal(err)
			}
			moved := m.Affine(mgl64.Ident3(), far)
			got, err := Compute(moved, 1, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if e := matRel(got.Inertia, near.Inertia); e > 1e-9 {
				t.Errorf("inertia at 1e6 differs by %.1e relative", e)
			}
			if d := vecDist(got.COM, near.COM.Add(far)); d > 1e-9 {
				t.Errorf("COM at 1e6 off by %.1e m", d)
			}
			if e := rel(got.Volume, near.Volume); e > 1e-9 {
				t.Errorf("volume at 1e6 differs by %.1e relative", e)
			}
		})
	}
}

func TestFlippedWinding(t *testing.T) {
	torus := torusMesh(1, 0.25, 48, 24)
	want, err := Compute(torus, 3, Options{})
	if err != nil {
		t.Fatal(err)
	}
	inward := torus.Transformed(mgl64.Vec3{1, 1, 1})
	for i := range inward.Triangles {
		inward.Triangles[i][0], inward.Triangles[i][1] = inward.Triangles[i][1], inward.Triangles[i][0]
	}
	got, err := Compute(inward, 3, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !got.Flipped {
		t.Error("Flipped not set for an inward mesh")
	}
	if e := rel(got.Volume, want.Volume); e > 1e-12 {
		t.Errorf("volume %g, want %g", got.Volume, want.Volume)
	}
	if d := vecDist(got.COM, want.COM); d > 1e-12 {
		t.Errorf("COM %v, want %v", got.COM, want.COM)
	}
	if e := matRel(got.Inertia, want.Inertia); e > 1e-12 {
		t.Errorf("inertia differs by %.1e relative", e)
	}
	// The triangles were reversed in place: the mesh is outward again.
	again, err := Compute(inward, 3, Options{})
	if err != nil || again.Flipped {
		t.Errorf("second Compute: Flipped %v, err %v", again.Flipped, err)
	}
}

func TestTransformedScalesAndMirrors(t *testing.T) {
	cube := boxMesh(mgl64.Vec3{-0.5, -0.5, -0.5}, mgl64.Vec3{0.5, 0.5, 0.5})
	for _, scale := range []mgl64.Vec3{{2, 3, 4}, {-2, 3, 4}, {-2, -3, -4}} {
		got, err := Compute(cube.Transformed(scale), 1, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Flipped {
			t.Errorf("scale %v: the copy is wound inward", scale)
		}
		// A box with edges 2, 3, 4: m = 24, I = m/12 (3²+4², 2²+4², 2²+3²).
		want := mgl64.Diag3(mgl64.Vec3{25, 20, 13}.Mul(24.0 / 12))
		if e := matRel(got.Inertia, want); e > 1e-12 || rel(got.Volume, 24) > 1e-12 {
			t.Errorf("scale %v: volume %g, inertia %v, want 24, %v", scale, got.Volume, got.Inertia, want)
		}
	}
}

func TestOpenMesh(t *testing.T) {
	cube := func() *Mesh { return boxMesh(mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}) }
	holed := cube()
	holed.Triangles = holed.Triangles[1:]
	misfit := cube()
	misfit.Triangles[4][1], misfit.Triangles[4][2] = misfit.Triangles[4][2], misfit.Triangles[4][1]
	faceless := cube()
	faceless.Triangles = faceless.Triangles[2:] // a square hole: its 4 rim edges
	tests := []struct {
		name string
		mesh *Mesh
		open int
	}{
		{"one triangle missing", holed, 3},
		{"one triangle wound against its neighbours", misfit, 3},
		{"one face missing", faceless, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compute(tc.mesh, 1, Options{})
			var open *OpenMeshError
			switch {
			case tc.open == 0 && err != nil:
				t.Fatalf("closed mesh refused: %v", err)
			case tc.open > 0 && !errors.As(err, &open):
				t.Fatalf("error %v, want an OpenMeshError", err)
			case tc.open > 0:
				want := fmt.Sprintf("box: open mesh: %d boundary edges", tc.open)
				if open.Edges != tc.open || !strings.HasPrefix(err.Error(), want) {
					t.Errorf("error %q (%d edges), want it to start %q", err, open.Edges, want)
				}
			}
			got, err := Compute(tc.mesh, 1, Options{AllowOpen: true})
			if err != nil {
				t.Fatal(err)
			}
			if got.OpenEdges != tc.open {
				t.Errorf("OpenEdges %d, want %d", got.OpenEdges, tc.open)
			}
		})
	}
}

// A mesh with edges shared by more than two triangles bounds no single solid: refused even
// with AllowOpen. Every face given twice passed the boundary test (each edge's uses still pair
// up) with twice the volume.
func TestNonManifold(t *testing.T) {
	cube := func() *Mesh { return boxMesh(mgl64.Vec3{}, mgl64.Vec3{1, 1, 1}) }
	twins := cube()
	twins.Triangles = append(twins.Triangles, twins.Triangles...)
	flap := cube() // a triangle and its reverse glued onto the cube's first
	tr := flap.Triangles[0]
	flap.Triangles = append(flap.Triangles, tr, [3]int32{tr[0], tr[2], tr[1]})
	bowtie := cube() // two cubes sharing an edge
	n := int32(len(bowtie.Vertices))
	other := boxMesh(mgl64.Vec3{1, 1, 0}, mgl64.Vec3{2, 2, 1})
	bowtie.Vertices = append(bowtie.Vertices, other.Vertices...)
	for _, t := range other.Triangles {
		bowtie.Triangles = append(bowtie.Triangles, [3]int32{t[0] + n, t[1] + n, t[2] + n})
	}
	merged, index := bowtie.Vertices[:0:0], map[mgl64.Vec3]int32{}
	for _, v := range bowtie.Vertices {
		if _, ok := index[v]; !ok {
			index[v] = int32(len(merged))
			merged = append(merged, v)
		}
	}
	for i, t := range bowtie.Triangles {
		for k := range 3 {
			bowtie.Triangles[i][k] = index[bowtie.Vertices[t[k]]]
		}
	}
	bowtie.Vertices = merged
	for _, tc := range []struct {
		name  string
		mesh  *Mesh
		edges int
	}{{"every triangle twice", twins, 18}, {"a flap", flap, 3}, {"two cubes on one edge", bowtie, 1}} {
		for _, opt := range []Options{{}, {AllowOpen: true}} {
			_, err := Compute(tc.mesh, 1, opt)
			var nm *NonManifoldError
			if !errors.As(err, &nm) || nm.Edges != tc.edges || !strings.HasPrefix(err.Error(), fmt.Sprintf("box: not a manifold: %d edges are shared by more than two triangles", tc.edges)) {
				t.Errorf("%s, %+v: error %v, want %d edges shared by more than two triangles", tc.name, opt, err, tc.edges)
			}
		}
	}
}

func TestComputeRefuses(t *testing.T) {
	cube := boxMesh(mgl64.Vec3{}, mgl64.Vec3{1, 1, 1})
	nan := cube.Transformed(mgl64.Vec3{1, 1, 1})
	nan.Vertices[3][1] = math.NaN()
	badIndex := cube.Transformed(mgl64.Vec3{1, 1, 1})
	badIndex.Triangles[5][2] = 8
	flat := &Mesh{Name: "box", Vertices: cube.Vertices[:3], Triangles: [][3]int32{{0, 1, 2}, {0, 2, 1}}}
	tests := []struct {
		name    string
		mesh    *Mesh
		density float64
		want    string
	}{
		{"zero density", cube, 0, "box: density 0 kg/m³ is not finite and positive"},
		{"negative density", cube, -2, "box: density -2 kg/m³ is not finite and positive"},
		{"NaN density", cube, math.NaN(), "box: density NaN kg/m³ is not finite and positive"},
		{"infinite density", cube, math.Inf(1), "box: density +Inf kg/m³ is not finite and positive"},
		{"no triangles", &Mesh{Name: "box", Vertices: cube.Vertices}, 1, "box: empty mesh: no triangles"},
		{"index out of range", badIndex, 1, "box: triangle 5: vertex index 8 out of range [0, 8)"},
		{"NaN vertex", nan, 1, "box: a vertex coordinate is not finite"},
		{"no volume", flat, 1, "box: mesh encloses no volume (0 m³)"},
		{"overflow", cube.Transformed(mgl64.Vec3{1e80, 1e80, 1e80}), 1, "box: the mass properties overflow float64 (coordinates or density too large)"},
		{"mass overflow", cube.Transformed(mgl64.Vec3{10, 10, 10}), 1e307, "box: the mass properties overflow float64 (coordinates or density too large)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Compute(tc.mesh, tc.density, Options{})
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v, want %q", err, tc.want)
			}
		})
	}
}

func TestTinyMesh(t *testing.T) {
	// Faces of area 1e-120 m²: the powers of 1/n_γ must not overflow into NaN.
	const s = 1e-60
	got, err := Compute(tetraMesh([4]mgl64.Vec3{{0, 0, 0}, {s, 0, 0}, {0, s, 0}, {0, 0, s}}), 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if e := rel(got.Volume, s*s*s/6); e > 1e-12 {
		t.Errorf("volume %g, want %g", got.Volume, s*s*s/6)
	}
	if d := vecDist(got.COM, mgl64.Vec3{s, s, s}.Mul(0.25)); d > 1e-12*s {
		t.Errorf("COM %v, want %g (1,1,1)", got.COM, s/4)
	}
	p, q := s*s*s*s*s/80, s*s*s*s*s/480 // the right tetrahedron's inertia, scaled by s⁵
	if e := matRel(got.Inertia, mgl64.Mat3{p, q, q, q, p, q, q, q, p}); e > 1e-12 {
		t.Errorf("inertia %v off by %.1e relative", got.Inertia, e)
	}
}

func TestStarShapesAgainstTetrahedra(t *testing.T) {
	// Spheres with every vertex pushed radially by a random factor: closed, outward (each
	// tetrahedron from the origin keeps its sign) and without symmetry to hide an error.
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 5 {
		star := sphereMesh(1, 12, 8)
		for i, v := range star.Vertices {
			star.Vertices[i] = v.Mul(0.5 + rng.Float64())
		}
		got, err := Compute(star, 1.5, Options{})
		if err != nil {
			t.Fatal(err)
		}
		mass, com, inertia := tetraReference(star, 1.5)
		if rel(got.Mass, mass) > 1e-12 || vecDist(got.COM, com) > 1e-12 || matRel(got.Inertia, inertia) > 1e-12 {
			t.Errorf("shape %d: mass %g, COM %v, inertia %v; tetrahedra give %g, %v, %v",
				k, got.Mass, got.COM, got.Inertia, mass, com, inertia)
		}
		checkEigen(t, got)
	}
}
