package planar_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	rigid "github.com/tumble-physics/tumble/body/planar"
	contact "github.com/tumble-physics/tumble/contact/planar"
)

// body builds a body from world vertices with unit masses, failing the test on an error.
func body(t testing.TB, radius float64, fixed bool, p ...mgl64.Vec2) rigid.Body {
	t.Helper()
	m := make([]float64, len(p))
	for i := range m {
		m[i] = 1
	}
	b, err := rigid.NewBody(p, m, radius, mgl64.Vec2{}, 0, fixed)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// box returns the four corners of the axis-aligned box [x0, x1] × [y0, y1], clockwise from
// the bottom left as the course scenes list them.
func box(x0, y0, x1, y1 float64) []mgl64.Vec2 {
	return []mgl64.Vec2{{x0, y0}, {x0, y1}, {x1, y1}, {x1, y0}}
}

func near(a, b mgl64.Vec2, tol float64) bool {
	return math.Abs(a[0]-b[0]) <= tol && math.Abs(a[1]-b[1]) <= tol
}

// TestDetectTouching checks the contact rule, the stored points and the normal's direction
// on a box over a floor, at gaps around the sum of the radii (0.5; all numbers dyadic, so
// exact): contacts exactly when the gap is strictly below it, one per bottom corner.
func TestDetectTouching(t *testing.T) {
	for _, tc := range []struct {
		gap  float64
		want int
	}{{0.75, 0}, {0.5, 0}, {0.5 - 0x1p-40, 2}, {0.125, 2}} {
		floor := body(t, 0.25, true, box(-2, -1, 2, 0)...)
		top := body(t, 0.25, false, box(-0.5, tc.gap, 0.5, tc.gap+1)...)
		var d contact.Detector
		got := d.Detect([]rigid.Body{floor, top})
		if len(got) != tc.want {
			t.Fatalf("gap %g: %d contacts %v, want %d", tc.gap, len(got), got, tc.want)
		}
		for k, x := range []float64{-0.5, 0.5} {
			if tc.want == 0 {
				break
			}
			// The box's corner (body 1) found the floor's edge: stored with the floor first,
			// normal up from the floor to the box, the floor's point 0.25 above its top and
			// the box's 0.25 below its corner, each from its own centre of mass.
			c := got[k]
			wantR0 := mgl64.Vec2{x, 0.25}.Sub(floor.X)
			wantR1 := mgl64.Vec2{x, tc.gap - 0.25}.Sub(top.X)
			if c.I0 != 0 || c.I1 != 1 || c.N != (mgl64.Vec2{0, 1}) || c.R0 != wantR0 || c.R1 != wantR1 {
				t.Errorf("gap %g: contact %+v, want (0, 1, %v, %v, (0, 1))", tc.gap, c, wantR0, wantR1)
			}
		}
	}
}

// TestDetectBodyFrame turns the upper body by a quarter turn: its stored point is in its own
// frame, so R(θ) r1 + X1 is the world contact point.
func TestDetectBodyFrame(t *testing.T) {
	floor := body(t, 0.1, true, box(-2, -1, 2, 0)...)
	tri := body(t, 0.1, false, mgl64.Vec2{0, 0.15}, mgl64.Vec2{-1, 1.15}, mgl64.Vec2{1, 1.15})
	// Turn the triangle about its tip by rotating its body-space vertices the other way.
	theta := 0.3
	tri.Theta = theta
	r := rigid.RotationOf(theta)
	tip := mgl64.Vec2{0, 0.15}
	tri.X = tip.Sub(r.Apply(tri.Vertices[0]))
	var d contact.Detector
	got := d.Detect([]rigid.Body{floor, tri})
	if len(got) != 1 {
		t.Fatalf("%d contacts %v, want 1", len(got), got)
	}
	world := r.Apply(got[0].R1).Add(tri.X)
	if !near(world, mgl64.Vec2{0, 0.05}, 1e-14) {
		t.Errorf("contact point %v in world, want (0, 0.05)", world)
	}
}

// TestDetectSwapsOrder puts the vertex on the lower-indexed body: the contact is stored
// with the bodies ordered and the normal negated, so it still points from I0 to I1.
func TestDetectSwapsOrder(t *testing.T) {
	top := body(t, 0.1, false, box(-2, 0.15, 2, 1)...)
	tri := body(t, 0.1, false, mgl64.Vec2{0, 0}, mgl64.Vec2{-1, -1}, mgl64.Vec2{1, -1})
	var d contact.Detector
	got := d.Detect([]rigid.Body{top, tri}) // the triangle's tip (body 1) under the box (body 0)
	if len(got) != 1 {
		t.Fatalf("%d contacts %v, want 1", len(got), got)
	}
	if c := got[0]; c.I0 != 0 || c.I1 != 1 || !near(c.N, mgl64.Vec2{0, -1}, 1e-15) {
		t.Errorf("contact %+v: want I0 = 0 (the box), I1 = 1, normal (0, −1) from the box to the triangle", c)
	}
}

// TestDetectClampAndDegenerate checks the segment parameter's clamp: a vertex beyond an
// edge's end measures to that end; a zero-length edge (a repeated vertex) gives the NaN
// parameter that the clamp turns into 0; a vertex exactly on an edge is skipped and counted.
func TestDetectClampAndDegenerate(t *testing.T) {
	// A capsule along x from (0, 0) to (1, 0) and a point-like pair beyond its right end.
	seg := body(t, 0.1, false, mgl64.Vec2{0, 0}, mgl64.Vec2{1, 0})
	stick := body(t, 0.1, false, mgl64.Vec2{1.15, 0.05}, mgl64.Vec2{1.15, 5})
	var d contact.Detector
	got := d.Detect([]rigid.Body{seg, stick})
	// (1.15, 0.05) is 0.158 from the end (1, 0): a contact along that direction.
	want := mgl64.Vec2{0.15, 0.05}.Normalize()
	if len(got) == 0 || !near(got[0].N, want, 1e-15) {
		t.Errorf("contacts %v, want the first along %v", got, want)
	}
	// A triangle with a repeated vertex has a zero-length edge: its α is NaN → 0, so the
	// edge's point is its start.
	tri := body(t, 0.1, false, mgl64.Vec2{0, 0}, mgl64.Vec2{0, 0}, mgl64.Vec2{0, 1})
	dot := body(t, 0.1, false, mgl64.Vec2{-0.1, -0.1}, mgl64.Vec2{-5, -5})
	got = d.Detect([]rigid.Body{tri, dot})
	if len(got) == 0 {
		t.Fatal("no contact with a zero-length edge's point")
	}
	for _, c := range got {
		if math.IsNaN(c.N[0]) || math.IsNaN(c.N[1]) {
			t.Errorf("NaN normal in %+v", c)
		}
	}
	// A vertex exactly on an edge: distance 0, no normal.
	a := body(t, 0.1, false, mgl64.Vec2{0, 0}, mgl64.Vec2{2, 0})
	b := body(t, 0.1, false, mgl64.Vec2{1, 0}, mgl64.Vec2{1, 3})
	got = d.Detect([]rigid.Body{a, b})
	if d.Touching == 0 {
		t.Errorf("vertex on the edge not counted (contacts %v)", got)
	}
	for _, c := range got {
		if math.IsNaN(c.N[0]) || math.IsNaN(c.N[1]) {
			t.Errorf("NaN normal kept: %+v", c)
		}
	}
}

// TestDetectFixedPairs skips two fixed bodies that touch, and counts them.
func TestDetectFixedPairs(t *testing.T) {
	a := body(t, 0.1, true, box(0, 0, 1, 1)...)
	b := body(t, 0.1, true, box(1.1, 0, 2, 1)...)
	var d contact.Detector
	if got := d.Detect([]rigid.Body{a, b}); len(got) != 0 || d.FixedContacts == 0 {
		t.Errorf("contacts %v, %d fixed skipped: want none kept and some skipped", got, d.FixedContacts)
	}
}

// TestSetOrder inserts contacts out of order and with near duplicates: the set is sorted by
// (I0, I1, R0, R1, N), and a contact within 1e-9 of one already there is dropped, so the
// first one inserted survives.
func TestSetOrder(t *testing.T) {
	c := func(i0, i1 int, r0x, nY float64) contact.Contact {
		return contact.Contact{I0: i0, I1: i1, R0: mgl64.Vec2{r0x, 0}, N: mgl64.Vec2{0, nY}}
	}
	var s contact.Set
	for _, x := range []contact.Contact{c(1, 2, 0, 1), c(0, 2, 5, 1), c(0, 2, -5, 1), c(0, 1, 3, 1),
		c(0, 2, 5+5e-10, 1), c(0, 2, -5, 1+1e-10), c(0, 2, 5+2e-9, 1)} {
		s.Insert(x)
	}
	want := []contact.Contact{c(0, 1, 3, 1), c(0, 2, -5, 1), c(0, 2, 5, 1), c(0, 2, 5+2e-9, 1), c(1, 2, 0, 1)}
	if len(s) != len(want) {
		t.Fatalf("set %v, want %v", s, want)
	}
	for i := range want {
		if s[i] != want[i] {
			t.Errorf("set[%d] = %+v, want %+v", i, s[i], want[i])
		}
	}
}

// TestColumn checks N's column against its meaning: Nᵀq̇ is the normal velocity of I1's
// contact point relative to I0's, (v1 + ω1 × R r1 − v0 − ω0 × R r0) · n.
func TestColumn(t *testing.T) {
	bodies := []rigid.Body{
		body(t, 0.1, false, box(-1, -1, 1, 0)...),
		body(t, 0.1, false, box(-0.5, 0.1, 0.5, 1)...),
	}
	bodies[0].V, bodies[0].Omega, bodies[0].Theta = mgl64.Vec2{0.3, -0.2}, 0.7, 0.1
	bodies[1].V, bodies[1].Omega, bodies[1].Theta = mgl64.Vec2{-0.1, 0.4}, -1.1, -0.2
	c := contact.Contact{I0: 0, I1: 1, R0: mgl64.Vec2{0.2, 0.5}, R1: mgl64.Vec2{-0.3, -0.45}, N: mgl64.Vec2{0.6, 0.8}}
	j0, j1 := contact.Column(bodies, &c)
	got := 0.0
	for i, b := range bodies {
		j := [][3]float64{j0, j1}[i]
		got += j[0]*b.V[0] + j[1]*b.V[1] + j[2]*b.Omega
	}
	pointV := func(b rigid.Body, r mgl64.Vec2) mgl64.Vec2 {
		w := b.Rotation().Apply(r)
		return b.V.Add(mgl64.Vec2{-b.Omega * w[1], b.Omega * w[0]})
	}
	want := pointV(bodies[1], c.R1).Sub(pointV(bodies[0], c.R0)).Dot(c.N)
	if math.Abs(got-want) > 1e-15 {
		t.Errorf("Nᵀq̇ = %.17g, want %.17g", got, want)
	}
}
