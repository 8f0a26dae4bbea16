package collide

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact/internal/bodytest"
)

// A box resting on a box keeps its manifold while the pair moves less than the tolerance
// relative to where it was detected, with each point's depth where its anchors now stand:
// the distance along the normal the box above has sunk. A larger move, a relative turn
// whose chord at the hulls' reach exceeds the tolerance, or a turn of both bodies together
// by more than 10° (the relative pose unchanged, the normal no longer the detection's)
// detects the pair again.
func TestRecycle(t *testing.T) {
	const tol = 2e-3
	unit := mgl64.Vec3{1, 1, 1}
	for _, tc := range []struct {
		name  string
		shift mgl64.Vec3 // of B, world
		turnB float64    // B turned about the vertical, rad
		turn  float64    // both turned about the x axis, about A's centre, rad
		kept  bool
	}{
		{"still", mgl64.Vec3{}, 0, 0, true},
		{"sunk 0.4 mm", mgl64.Vec3{0, -4e-4, 0}, 0, 0, true},
		{"slid 1.5 mm", mgl64.Vec3{1.5e-3, 0, 0}, 0, 0, true},
		{"slid 3 mm", mgl64.Vec3{3e-3, 0, 0}, 0, 0, false},
		{"turned 0.05°", mgl64.Vec3{}, 0.05 * math.Pi / 180, 0, true},
		{"turned 0.5°", mgl64.Vec3{}, 0.5 * math.Pi / 180, 0, false},
		{"both turned 12°", mgl64.Vec3{}, 0, 12 * math.Pi / 180, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := bodytest.Box(unit, 1, mgl64.Vec3{0, 0.5, 0})
			b := bodytest.Box(unit, 1, mgl64.Vec3{0.2, 1.5, 0.1})
			prev, ok := collidePair(a, b)
			if !ok || prev.N != 4 {
				t.Fatalf("detection found %d points (%v)", prev.N, ok)
			}
			Anchor(&prev, a, b)
			b.P = b.P.Add(tc.shift)
			b.R = body.Exp(mgl64.Vec3{0, tc.turnB, 0})
			if tc.turn != 0 {
				q := body.Exp(mgl64.Vec3{tc.turn, 0, 0})
				a.R, b.R = q, q.Mul3(b.R)
				b.P = a.P.Add(q.Mul3x1(b.P.Sub(a.P)))
			}
			var shapes Shapes
			va, vb := newBody(&shapes, a), newBody(&shapes, b)
			m := Manifold{Pair: Pair{A: 0, B: 1}, Friction: 0.3}
			if got := Recycle(&m, &prev, va, vb, tol); got != tc.kept {
				t.Fatalf("recycled %v, want %v", got, tc.kept)
			}
			if !tc.kept {
				return
			}
			if m.Friction != 0.3 || m.N != prev.N || m.Normal != prev.Normal {
				t.Errorf("recycled manifold: friction %g, %d points, normal %v; want the pair's 0.3 and the detection's %d points and normal %v",
					m.Friction, m.N, m.Normal, prev.N, prev.Normal)
			}
			for j := range m.N {
				c, c0 := &m.Points[j], &prev.Points[j]
				xa, xb := a.WorldPoint(c.LocalA), b.WorldPoint(c.LocalB)
				want := c0.Depth - tc.shift.Dot(m.Normal) // B moving along the normal closes the pair
				if c.ID != c0.ID || math.Abs(c.Depth-want) > 1e-6 || c.Position.Sub(xa.Add(xb).Mul(0.5)).Len() > 1e-12 {
					t.Errorf("point %d: id %d, depth %.9f, at %v; want id %d, depth %.9f, midway between its anchors %v",
						j, c.ID, c.Depth, c.Position, c0.ID, want, xa.Add(xb).Mul(0.5))
				}
			}
		})
	}
}

// A recycled non-convex pair's samples follow their anchors: a T-handle resting across a
// cube, its samples refreshed where they were taken, keep the depths detection gave them
// (the handle's samples against the cube's exact polyhedron to rounding, the cube's against
// the handle's field within a cell); with the cube then 0.4 mm higher, each sample is
// deeper by that height along its normal, and lies midway between its anchors.
func TestRefreshSamples(t *testing.T) {
	a := meshBody(t, "thandle")
	b := meshBody(t, "cube")
	a.P, b.P = mgl64.Vec3{0, 1.05, 0}, mgl64.Vec3{0.1, 0, 0.05}
	var shapes Shapes
	va, vb := newBody(&shapes, a), newBody(&shapes, b)
	var nc NonConvex
	var sc NonConvexScratch
	samples := append([]Sample(nil), sc.Sample(&nc, va, vb, 0.02, dt)...)
	if len(samples) < 10 {
		t.Fatalf("%d samples: the bodies do not touch", len(samples))
	}
	cell := nc.shape(va).sdf.Cell
	for i, c := range RefreshSamples(nil, samples, a, b) {
		tol := 1e-12
		if c.ID&(1<<31) == 0 { // the cube's sample, in the handle's field
			tol = cell
		}
		if d := math.Abs(c.Depth - samples[i].Depth); d > tol {
			t.Errorf("sample %d (id %x): refreshed depth %.6g m, detected %.6g", i, c.ID, c.Depth, samples[i].Depth)
		}
	}
	rest := RefreshSamples(nil, samples, a, b)
	lift := mgl64.Vec3{0, 4e-4, 0}
	b.P = b.P.Add(lift)
	for i, c := range RefreshSamples(nil, samples, a, b) {
		xa, xb := a.WorldPoint(c.Local), b.WorldPoint(c.LocalB)
		if want := rest[i].Depth - lift.Dot(c.N); math.Abs(c.Depth-want) > 1e-12 || c.X.Sub(xa.Add(xb).Mul(0.5)).Len() > 1e-12 {
			t.Errorf("sample %d: depth %.9f at %v, want %.9f midway between its anchors %v", i, c.Depth, c.X, want, xa.Add(xb).Mul(0.5))
		}
	}
}
