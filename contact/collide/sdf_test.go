package collide

import (
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/internal/bodytest"
)

// torusPhi is the analytic signed distance of the torus about y with ring radius R and tube
// radius r, and its unit outward normal.
func torusPhi(p mgl64.Vec3, R, r float64) (float64, mgl64.Vec3) {
	rho := math.Hypot(p[0], p[2])
	c := mgl64.Vec3{p[0] / rho * R, 0, p[2] / rho * R} // nearest point of the tube's centre line
	d := p.Sub(c)
	return d.Len() - r, d.Normalize()
}

// nearSurface returns n random points within band of the analytic torus surface (R, r).
func nearSurface(rng *rand.Rand, n int, R, r, band float64) []mgl64.Vec3 {
	pts := make([]mgl64.Vec3, n)
	for i := range pts {
		u, v := 2*math.Pi*rng.Float64(), 2*math.Pi*rng.Float64()
		rad := r + band*(2*rng.Float64()-1)
		rr := R + rad*math.Cos(v)
		pts[i] = mgl64.Vec3{rr * math.Cos(u), rad * math.Sin(v), rr * math.Sin(u)}
	}
	return pts
}

// The grid of the built-in torus (R = 1 m, r = 0.25 m, 48 × 12 facets) against the exact
// distance to its triangles, and against the analytic torus, at random points within 5 cm of
// the surface. The polygonal mesh lies inside the smooth torus by up to its sagitta
// r(1 − cos 15°) + (R + r)(1 − cos 3.75°) ≈ 11 mm.
func TestSDFTorusAccuracy(t *testing.T) {
	m := bodytest.Mesh(t, "torus")
	start := time.Now()
	s := NewSDF(m)
	built := time.Since(start)
	md := newMeshDistance(m)
	rng := rand.New(rand.NewPCG(1, 2))
	const R, r = 1.0, 0.25
	var maxGrid, maxAnalytic, maxAngle, maxAnalyticAngle, maxLen float64
	for _, p := range nearSurface(rng, 20000, R, r, 0.05) {
		exact, q, _ := md.signed(p, -1, false)
		got := s.Distance(p)
		maxGrid = max(maxGrid, math.Abs(got-exact))
		phi, n := torusPhi(p, R, r)
		maxAnalytic = max(maxAnalytic, math.Abs(got-phi))
		g := s.Gradient(p)
		maxLen = max(maxLen, math.Abs(g.Len()-1))
		// The grid's normal against the mesh's own (p − q, outward) and the analytic one.
		// Inside, the exact gradient jumps by the dihedral angle (30° around the tube) on
		// the planes that bisect two facets; the grid smooths it, so test outside only.
		if exact > 0.01 {
			want := p.Sub(q).Mul(math.Copysign(1/math.Abs(exact), exact))
			got, _ := s.Normal(p)
			maxAngle = max(maxAngle, math.Acos(min(1, got.Dot(want))))
		}
		normal, _ := s.Normal(p)
		maxAnalyticAngle = max(maxAnalyticAngle, math.Acos(min(1, normal.Dot(n))))
	}
	t.Logf("torus SDF: cell %.4f m, nodes %v, %d KiB, built in %v", s.Cell, s.N, s.Bytes()/1024, built)
	t.Logf("max |φ_grid − φ_mesh| %.2f mm, max |φ_grid − φ_torus| %.2f mm, max normal error %.2f° (mesh, outside) %.2f° (torus), max ||∇φ| − 1| %.3f",
		1e3*maxGrid, 1e3*maxAnalytic, maxAngle*180/math.Pi, maxAnalyticAngle*180/math.Pi, maxLen)
	if s.Cell > r/4 {
		t.Errorf("cell %.3f m does not resolve the tube (r = %.2f m)", s.Cell, r)
	}
	if maxGrid > SDFAccuracy {
		t.Errorf("grid error %.2f mm, want ≤ %.1f mm", 1e3*maxGrid, 1e3*SDFAccuracy)
	}
	if maxAnalytic > SDFAccuracy+0.011 {
		t.Errorf("distance to the analytic torus off by %.2f mm", 1e3*maxAnalytic)
	}
	// The facets meet at 30° around the tube: a smooth field is up to 15° off the mesh's
	// own direction next to an edge; against the smooth torus it does better.
	if maxAngle > 15*math.Pi/180 || maxAnalyticAngle > 10*math.Pi/180 || maxLen > 0.1 {
		t.Errorf("normal off by %.2f° (mesh), %.2f° (torus), |∇φ| off by %.3f",
			maxAngle*180/math.Pi, maxAnalyticAngle*180/math.Pi, maxLen)
	}
}

// Exact distances signed by pseudo-normals: the torus's hole is outside (it is empty), its
// tube's centre line inside, at the distances the facets give.
func TestMeshDistanceSign(t *testing.T) {
	m := bodytest.Mesh(t, "torus")
	md := newMeshDistance(m)
	for _, c := range []struct {
		p    mgl64.Vec3
		want float64
		tol  float64
	}{
		{mgl64.Vec3{}, 0.75 * math.Cos(math.Pi/48), 1e-9},          // the hole's centre: outside, the 48-gon's apothem
		{mgl64.Vec3{1, 0, 0}, -0.25 * math.Cos(math.Pi/12), 0.003}, // the tube's centre line: the 12-gon's apothem
		{mgl64.Vec3{0, 2, 0}, math.Hypot(1, 2) - 0.25, 0.01},
		{mgl64.Vec3{0, 0.1, 0}, math.Hypot(0.75*math.Cos(math.Pi/48), 0.1), 0.003}, // in the hole, above the middle
	} {
		got, _, _ := md.signed(c.p, -1, false)
		if math.Abs(got-c.want) > c.tol {
			t.Errorf("φ(%v) = %.4f, want %.4f", c.p, got, c.want)
		}
	}
}

func BenchmarkNewSDFTorus(b *testing.B) {
	m := bodytest.Mesh(b, "torus")
	for b.Loop() {
		NewSDF(m)
	}
}

// The cube's field against the analytic box distance: flat faces carry no facet error, so
// this is the grid's own error; and its sign everywhere in and around the box.
func TestSDFCubeAnalytic(t *testing.T) {
	m := bodytest.Mesh(t, "cube")
	lo, hi := m.Bounds()
	half := hi.Sub(lo).Mul(0.5)
	centre := lo.Add(half)
	s := NewSDF(m)
	box := func(p mgl64.Vec3) float64 {
		var q mgl64.Vec3
		for k := range 3 {
			q[k] = math.Abs(p[k]-centre[k]) - half[k]
		}
		out := mgl64.Vec3{max(q[0], 0), max(q[1], 0), max(q[2], 0)}.Len()
		return out + min(max(q[0], q[1], q[2]), 0)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var worst [2]float64 // outside, inside
	for range 20000 {
		var p mgl64.Vec3
		for k := range 3 {
			p[k] = centre[k] + (1.2*rng.Float64()-0.6)*2*half[k]
		}
		want := box(p)
		got := s.Distance(p)
		if math.Abs(want) < 0.05 { // near the surface, where contacts read it
			side := 0
			if want < 0 {
				side = 1
			}
			worst[side] = max(worst[side], math.Abs(got-want))
		}
		if math.Signbit(got) != math.Signbit(want) && math.Abs(want) > s.Cell {
			t.Errorf("φ(%v) = %.4f, want %.4f: wrong side", p, got, want)
		}
	}
	t.Logf("cube SDF: cell %.4f m, %d KiB; max |φ_grid − φ_box| within 5 cm of the surface: %.2f mm outside, %.2f mm inside",
		s.Cell, s.Bytes()/1024, 1e3*worst[0], 1e3*worst[1])
	// At a sharp edge the distance bends on the scale of the distance itself (around the
	// edge outside, on the bisecting plane inside), which trilinear interpolation rounds off
	// by up to about a quarter cell; the torus's 15° facet edges cost far less.
	if limit := 0.3 * s.Cell; worst[0] > limit || worst[1] > limit {
		t.Errorf("grid error %.2f mm outside, %.2f mm inside, want ≤ %.1f mm (0.3 cell)",
			1e3*worst[0], 1e3*worst[1], 1e3*limit)
	}
}
