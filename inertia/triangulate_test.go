package inertia

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// lPrismOBJ is an L-shaped prism 1 m deep: the L of the boxes [0,2]×[0,1] and [0,1]×[1,2] in
// x, y, from z = 0 to 1. Its caps are single 6-vertex faces starting at the corner (2, 1),
// from which a fan covers the notch [1,2]×[1,2] (triangle (2,1) (1,1) (1,2) lies in it).
func lPrismOBJ() string {
	l := [6][2]float64{{2, 1}, {1, 1}, {1, 2}, {0, 2}, {0, 0}, {2, 0}} // counter-clockwise
	var b strings.Builder
	for z := range 2 {
		for _, p := range l {
			fmt.Fprintf(&b, "v %g %g %d\n", p[0], p[1], z)
		}
	}
	b.WriteString("f 6 5 4 3 2 1\nf 7 8 9 10 11 12\n")
	for i := range 6 {
		j := (i + 1) % 6
		fmt.Fprintf(&b, "f %d %d %d %d\n", i+1, j+1, j+7, i+7)
	}
	return b.String()
}

// fan returns the triangles a fan from each face's first vertex makes of OBJ text's faces.
func fan(text string) [][3]int32 {
	var tris [][3]int32
	for line := range strings.Lines(text) {
		f := strings.Fields(line)
		if len(f) == 0 || f[0] != "f" {
			continue
		}
		var idx []int32
		for _, s := range f[1:] {
			var i int32
			fmt.Sscan(s, &i)
			idx = append(idx, i-1)
		}
		for k := 1; k+1 < len(idx); k++ {
			tris = append(tris, [3]int32{idx[0], idx[k], idx[k+1]})
		}
	}
	return tris
}

// The L-prism's concave caps are cut into triangles inside the L, none over the notch; its
// mass properties are the two boxes' and equal those the fan gave (whose signed triangles
// cancel over the notch).
func TestEarClippingLPrism(t *testing.T) {
	text := lPrismOBJ()
	m, err := ReadOBJ(strings.NewReader(text), "l.obj")
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Warnings) != 0 {
		t.Errorf("warnings %q for a planar simple polygon", m.Warnings)
	}
	notch := mgl64.Vec3{1.5, 1.5, 0}
	for _, tri := range m.Triangles {
		a, b, c := m.Vertices[tri[0]], m.Vertices[tri[1]], m.Vertices[tri[2]]
		if a[2] != b[2] || b[2] != c[2] {
			continue // a side
		}
		n := b.Sub(a).Cross(c.Sub(a))
		if want := 2*a[2] - 1; n[2]*want <= 0 {
			t.Errorf("cap triangle %v %v %v faces %v, want outward along z", a, b, c, n)
		}
		notch[2] = a[2]
		if inTriangle(notch, a, b, c) {
			t.Errorf("cap triangle %v %v %v covers the notch at %v", a, b, c, notch)
		}
	}

	got, err := Compute(m, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	before, err := Compute(&Mesh{Vertices: m.Vertices, Triangles: fan(text)}, 1, Options{})
	if err != nil {
		t.Fatal(err)
	}
	// The two boxes: 2 m³ about (1, 0.5, 0.5) and 1 m³ about (0.5, 1.5, 0.5).
	type box struct {
		m          float64
		c, extents mgl64.Vec3
	}
	boxes := []box{{2, mgl64.Vec3{1, 0.5, 0.5}, mgl64.Vec3{2, 1, 1}}, {1, mgl64.Vec3{0.5, 1.5, 0.5}, mgl64.Vec3{1, 1, 1}}}
	com := boxes[0].c.Mul(2.0 / 3).Add(boxes[1].c.Mul(1.0 / 3))
	var inertia mgl64.Mat3
	for _, b := range boxes {
		e := b.extents
		own := mgl64.Diag3(mgl64.Vec3{e[1]*e[1] + e[2]*e[2], e[0]*e[0] + e[2]*e[2], e[0]*e[0] + e[1]*e[1]}.Mul(b.m / 12))
		d := b.c.Sub(com)
		shift := mgl64.Ident3().Mul(d.Dot(d)).Sub(d.OuterProd3(d)).Mul(b.m)
		inertia = inertia.Add(own.Add(shift))
	}
	for _, p := range []struct {
		name  string
		props Properties
	}{{"ear clipped", got}, {"fan", before}} {
		worst := p.props.COM.Sub(com).Len()
		for k := range p.props.Inertia {
			worst = math.Max(worst, math.Abs(p.props.Inertia[k]-inertia[k]))
		}
		if math.Abs(p.props.Mass-3) > 1e-12 || worst > 1e-12 {
			t.Errorf("%s: mass %v COM %v inertia %v; want 3, %v, %v", p.name, p.props.Mass, p.props.COM, p.props.Inertia, com, inertia)
		}
	}
}

// inTriangle reports whether p lies strictly inside triangle (a, b, c) of the plane z = p.z.
func inTriangle(p, a, b, c mgl64.Vec3) bool {
	s := func(a, b mgl64.Vec3) float64 { return (b[0]-a[0])*(p[1]-a[1]) - (b[1]-a[1])*(p[0]-a[0]) }
	x, y, z := s(a, b), s(b, c), s(c, a)
	return x > 0 && y > 0 && z > 0 || x < 0 && y < 0 && z < 0
}

// Random simple polygons (star-shaped about the origin, in a tilted plane, many of them
// concave) are cut into n−2 triangles that all turn the polygon's way and whose areas add up
// to the polygon's: they cover it once, without overlap.
func TestEarClippingCoversPolygon(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rot := mgl64.HomogRotate3D(0.7, mgl64.Vec3{1, 2, 3}.Normalize()).Mat3()
	var e earClipper
	for trial := range 500 {
		n := 3 + rng.IntN(30)
		var v []mgl64.Vec3
		poly := make([]int32, n)
		area := 0.0
		for k := range n {
			angle := (float64(k) + 0.8*rng.Float64()) * 2 * math.Pi / float64(n)
			r := 0.2 + rng.Float64()
			v = append(v, rot.Mul3x1(mgl64.Vec3{r * math.Cos(angle), r * math.Sin(angle), 0}).Add(mgl64.Vec3{5, -2, 1}))
			poly[k] = int32(k)
		}
		normal := rot.Mul3x1(mgl64.Vec3{0, 0, 1})
		for k := range n {
			area += v[k].Sub(v[0]).Cross(v[(k+1)%n].Sub(v[0])).Dot(normal) / 2
		}
		tris := make([][3]int32, n-2)
		off, ok := e.cut(tris, poly, v)
		if !ok || off > 1e-12 {
			t.Fatalf("trial %d: cut reported ok %v, %g off its plane", trial, ok, off)
		}
		sum := 0.0
		for _, tri := range tris {
			a := v[tri[1]].Sub(v[tri[0]]).Cross(v[tri[2]].Sub(v[tri[0]])).Dot(normal) / 2
			if a < -1e-12 {
				t.Fatalf("trial %d: triangle %v turns against the polygon (area %g)", trial, tri, a)
			}
			sum += a
		}
		if math.Abs(sum-area) > 1e-9*area {
			t.Fatalf("trial %d: triangles' area %g, polygon's %g", trial, sum, area)
		}
	}
}

// A warped quad is warned of, a face with no ear (all its vertices on one line but one
// doubled back) is cut all the same with a warning, and a convex polygon keeps its fan.
func TestEarClippingWarnings(t *testing.T) {
	tests := []struct {
		name, text, warning string
		triangles           [][3]int32
	}{
		{"warped quad", "v 0 0 0\nv 1 0 0\nv 1 1 0.3\nv 0 1 0\nf 1 2 3 4\n", "m.obj:5: face of 4 vertices is not planar", [][3]int32{{0, 1, 2}, {0, 2, 3}}},
		{"no ear", "v 2 1 0\nv 0 1 0\nv 0 1 0\nv 1 1 0\nv 1 2 0\nf 1 2 3 4 5\n", "m.obj:6: face of 5 vertices could not be cut into ears", nil},
		{"convex hexagon", "v 2 0 0\nv 1 1.7 0\nv -1 1.7 0\nv -2 0 0\nv -1 -1.7 0\nv 1 -1.7 0\nf 1 2 3 4 5 6\n", "",
			[][3]int32{{0, 1, 2}, {0, 2, 3}, {0, 3, 4}, {0, 4, 5}}},
	}
	for _, tc := range tests {
		m, err := ReadOBJ(strings.NewReader(tc.text), "m.obj")
		if err != nil {
			t.Fatal(err)
		}
		warned := strings.Join(m.Warnings, "\n")
		if tc.warning == "" && warned != "" || !strings.Contains(warned, tc.warning) {
			t.Errorf("%s: warnings %q, want %q", tc.name, warned, tc.warning)
		}
		if tc.triangles != nil && !slices.Equal(m.Triangles, tc.triangles) {
			t.Errorf("%s: triangles %v, want %v", tc.name, m.Triangles, tc.triangles)
		}
		if want := len(strings.Fields(tc.text[strings.LastIndex(tc.text, "f "):])) - 3; len(m.Triangles) != want {
			t.Errorf("%s: %d triangles, want %d", tc.name, len(m.Triangles), want)
		}
	}
}
