package collide

import (
	"math"
	"testing"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/internal/bodytest"

	"github.com/go-gl/mathgl/mgl64"
)

// collidePair runs the narrow phase on convex bodies a (index 0) and b (index 1) as a step
// would, and returns the manifold and whether it was found.
func collidePair(a, b *body.Body) (Manifold, bool) {
	var shapes Shapes
	var sc Scratch
	va, vb := newBody(&shapes, a), newBody(&shapes, b)
	turn(va)
	turn(vb)
	m := Manifold{Pair: Pair{A: 0, B: 1}}
	ok := sc.Convex(va, vb, step(1), nil, &m)
	return m, ok
}

// The separating-axis test and clipping give the analytic normal, depth and points of box
// pairs: face on face (aligned, offset, a small box on a large one, turned about the
// normal), an edge across an edge, and pairs apart by more than the speculative margin.
func TestBoxBoxContact(t *testing.T) {
	unit := mgl64.Vec3{1, 1, 1}
	s2 := math.Sqrt2 / 2
	tests := []struct {
		name     string
		a, b     *body.Body
		rotB     mgl64.Vec3 // rotation vector of b
		rotA     mgl64.Vec3
		want     bool
		normal   mgl64.Vec3
		depth    float64
		points   int
		inside   float64 // |x|, |z| of every point at most this (m); 0: not checked
		fromEdge bool
	}{
		{name: "stacked, 1 cm deep", a: bodytest.Box(unit, 1, mgl64.Vec3{}), b: bodytest.Box(unit, 1, mgl64.Vec3{0, 0.99, 0}),
			want: true, normal: mgl64.Vec3{0, 1, 0}, depth: 0.01, points: 4, inside: 0.5},
		{name: "offset half a box", a: bodytest.Box(unit, 1, mgl64.Vec3{}), b: bodytest.Box(unit, 1, mgl64.Vec3{0.5, 0.995, 0}),
			want: true, normal: mgl64.Vec3{0, 1, 0}, depth: 0.005, points: 4, inside: 0.5},
		{name: "small box on a large one", a: bodytest.Box(mgl64.Vec3{4, 1, 4}, 10, mgl64.Vec3{}), b: bodytest.Box(mgl64.Vec3{0.5, 0.5, 0.5}, 1, mgl64.Vec3{1, 0.748, -1}),
			want: true, normal: mgl64.Vec3{0, 1, 0}, depth: 0.002, points: 4, inside: 1.25},
		{name: "large box on a small one (B's face is the reference)", a: bodytest.Box(mgl64.Vec3{0.5, 0.5, 0.5}, 1, mgl64.Vec3{}), b: bodytest.Box(mgl64.Vec3{4, 1, 4}, 10, mgl64.Vec3{0, 0.747, 0}),
			want: true, normal: mgl64.Vec3{0, 1, 0}, depth: 0.003, points: 4, inside: 0.25},
		{name: "turned 30° about the normal", a: bodytest.Box(unit, 1, mgl64.Vec3{}), b: bodytest.Box(unit, 1, mgl64.Vec3{0, 0.996, 0}),
			rotB: mgl64.Vec3{0, math.Pi / 6, 0}, want: true, normal: mgl64.Vec3{0, 1, 0}, depth: 0.004, points: 4, inside: 0.5 + 1e-9},
		{name: "edge across edge", a: bodytest.Box(unit, 1, mgl64.Vec3{}), b: bodytest.Box(unit, 1, mgl64.Vec3{0, 2*s2 - 0.003, 0}),
			rotA: mgl64.Vec3{0, 0, math.Pi / 4}, rotB: mgl64.Vec3{math.Pi / 4, 0, 0},
			want: true, normal: mgl64.Vec3{0, 1, 0}, depth: 0.003, points: 1, fromEdge: true},
		{name: "apart by 5 cm", a: bodytest.Box(unit, 1, mgl64.Vec3{}), b: bodytest.Box(unit, 1, mgl64.Vec3{0, 1.05, 0})},
		{name: "apart sideways past the corners", a: bodytest.Box(unit, 1, mgl64.Vec3{}), b: bodytest.Box(unit, 1, mgl64.Vec3{1.02, 1.02, 0})},
		{name: "edges apart by 2 cm", a: bodytest.Box(unit, 1, mgl64.Vec3{}), b: bodytest.Box(unit, 1, mgl64.Vec3{0, 2*s2 + 0.02, 0}),
			rotA: mgl64.Vec3{0, 0, math.Pi / 4}, rotB: mgl64.Vec3{math.Pi / 4, 0, 0}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.a.R, tc.b.R = body.Exp(tc.rotA), body.Exp(tc.rotB)
			m, ok := collidePair(tc.a, tc.b)
			if ok != tc.want {
				t.Fatalf("contact %v, want %v (normal %v, %d points)", ok, tc.want, m.Normal, m.N)
			}
			if !ok {
				return
			}
			if d := m.Normal.Sub(tc.normal).Len(); d > 1e-12 {
				t.Errorf("normal %v, want %v", m.Normal, tc.normal)
			}
			if m.N != tc.points {
				t.Errorf("%d points, want %d", m.N, tc.points)
			}
			for i := range m.N {
				c := &m.Points[i]
				if math.Abs(c.Depth-tc.depth) > 1e-12 {
					t.Errorf("point %d: depth %.15g, want %g", i, c.Depth, tc.depth)
				}
				// The two surface points are Depth apart along the normal.
				xa, xb := tc.a.WorldPoint(c.LocalA), tc.b.WorldPoint(c.LocalB)
				if d := xa.Sub(xb).Sub(m.Normal.Mul(c.Depth)).Len(); d > 1e-12 {
					t.Errorf("point %d: surface points %v and %v are not Depth apart along the normal", i, xa, xb)
				}
				if tc.inside > 0 && (math.Abs(c.Position[0]) > tc.inside+1e-12 || math.Abs(c.Position[2]) > tc.inside+1e-12) {
					t.Errorf("point %d at %v outside the overlap", i, c.Position)
				}
				if tc.fromEdge && c.Position.Sub(mgl64.Vec3{0, s2 - 0.0015, 0}).Len() > 1e-12 {
					t.Errorf("edge point at %v, want the middle of the crossing", c.Position)
				}
			}
		})
	}
}

// A box resting on another keeps its four ids from step to step (warm starting matches them),
// however the rounding of a small sideways drift falls.
func TestBoxBoxIDsPersist(t *testing.T) {
	a := bodytest.Box(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{})
	b := bodytest.Box(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{0, 1, 0})
	first, _ := collidePair(a, b)
	for _, dx := range []float64{1e-15, -1e-15, 1e-9, -3e-7} {
		b.P = mgl64.Vec3{dx, 1 - 1e-9, dx}
		m, _ := collidePair(a, b)
		if m.N != 4 {
			t.Fatalf("offset %g: %d points, want 4", dx, m.N)
		}
		for i := range m.N {
			if index(&first, m.Points[i].ID) < 0 {
				t.Errorf("offset %g: point %d has a new id %d", dx, i, m.Points[i].ID)
			}
		}
	}
}

// The convex test decides at load: the cube, a box and the icosphere are convex, the torus
// is not, and so for the built-in meshes; a cube's hull has six quads and twelve edges.
func TestConvexAtLoad(t *testing.T) {
	var s Shapes
	cube := bodytest.Box(mgl64.Vec3{1, 1, 1}, 1, mgl64.Vec3{})
	ring := bodytest.Torus(0.5, 0.2, 1, mgl64.Vec3{})
	ball := bodytest.Icosphere(0.5, 1, mgl64.Vec3{})
	if h := s.For(cube.Mesh); !h.Convex || len(h.poly.faces) != 6 || len(h.poly.edges) != 12 {
		t.Errorf("cube: convex %v, %d faces, %d edges; want true, 6, 12", h.Convex, len(h.poly.faces), len(h.poly.edges))
	} else {
		for _, f := range h.poly.faces {
			if len(f.loop) != 4 {
				t.Errorf("cube face with %d corners", len(f.loop))
			}
		}
	}
	if !s.For(ball.Mesh).Convex {
		t.Error("icosphere: not convex")
	}
	if s.For(ring.Mesh).Convex {
		t.Error("torus: convex")
	}
	for name, want := range map[string]bool{"cube": true, "box": true, "cylinder": true, "icosphere": true,
		"tetrahedron": true, "torus": false, "thandle": false} {
		if got := s.For(bodytest.Mesh(t, name)).Convex; got != want {
			t.Errorf("built-in %s: convex %v, want %v", name, got, want)
		}
	}
}
