package viewer

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// cube returns an axis-aligned cube of side s centred on the origin, wound outward.
func cube(s float64) ([]mgl64.Vec3, [][3]int32) {
	var v []mgl64.Vec3
	for i := range 8 {
		v = append(v, mgl64.Vec3{float64(i&1) - 0.5, float64(i>>1&1) - 0.5, float64(i>>2&1) - 0.5}.Mul(s))
	}
	quads := [][4]int32{{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}}
	var t [][3]int32
	for _, q := range quads {
		t = append(t, [3]int32{q[0], q[1], q[2]}, [3]int32{q[0], q[2], q[3]})
	}
	return v, t
}

func TestTriangle(t *testing.T) {
	a, b, c := mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}
	tests := []struct {
		name string
		ray  Ray
		t    float64
		hit  bool
	}{
		{"front", Ray{mgl64.Vec3{0.2, 0.2, 3}, mgl64.Vec3{0, 0, -1}}, 3, true},
		{"back side", Ray{mgl64.Vec3{0.2, 0.2, -2}, mgl64.Vec3{0, 0, 1}}, 2, true},
		{"outside edge", Ray{mgl64.Vec3{0.6, 0.6, 3}, mgl64.Vec3{0, 0, -1}}, 0, false},
		{"behind origin", Ray{mgl64.Vec3{0.2, 0.2, 3}, mgl64.Vec3{0, 0, 1}}, 0, false},
		{"parallel", Ray{mgl64.Vec3{0.2, 0.2, 0}, mgl64.Vec3{1, 0, 0}}, 0, false},
		{"oblique", Ray{mgl64.Vec3{0, 0, 1}, mgl64.Vec3{0.25, 0.25, -1}.Normalize()}, math.Sqrt(1.125), true},
	}
	for _, tc := range tests {
		got, hit := tc.ray.Triangle(a, b, c)
		if hit != tc.hit || (hit && math.Abs(got-tc.t) > 1e-12) {
			t.Errorf("%s: t=%g hit=%v, want t=%g hit=%v", tc.name, got, hit, tc.t, tc.hit)
		}
	}
}

func TestMeshHitRotatedCube(t *testing.T) {
	v, tri := cube(2)
	R := mgl64.Rotate3DY(math.Pi / 4)
	P := mgl64.Vec3{5, 1, 0}
	// Seen along −x, the cube turned 45° about y shows an edge at x = 5 + √2.
	r := Ray{Origin: mgl64.Vec3{20, 1.3, 0}, Dir: mgl64.Vec3{-1, 0, 0}}
	d, local, hit := r.MeshHit(v, tri, BoundingRadius(v), R, P)
	if !hit || math.Abs(d-(15-math.Sqrt2)) > 1e-12 {
		t.Fatalf("hit=%v at %g, want 15-√2", hit, d)
	}
	if world := R.Mul3x1(local).Add(P); world.Sub(r.At(d)).Len() > 1e-12 {
		t.Errorf("local point %v maps to %v, not the crossing %v", local, world, r.At(d))
	}
	if _, _, hit := (Ray{Origin: mgl64.Vec3{20, 3, 0}, Dir: mgl64.Vec3{-1, 0, 0}}).MeshHit(v, tri, BoundingRadius(v), R, P); hit {
		t.Error("a ray passing above the cube hit it")
	}
	if got := BoundingRadius(v); math.Abs(got-math.Sqrt(3)) > 1e-15 {
		t.Errorf("bounding radius %g, want √3", got)
	}
}

func TestHitsSphere(t *testing.T) {
	r := Ray{Origin: mgl64.Vec3{}, Dir: mgl64.Vec3{1, 0, 0}}
	for _, tc := range []struct {
		c    mgl64.Vec3
		want bool
	}{{mgl64.Vec3{5, 0.9, 0}, true}, {mgl64.Vec3{5, 1.1, 0}, false}, {mgl64.Vec3{-0.5, 0, 0}, true}, {mgl64.Vec3{-3, 0, 0}, false}} {
		if got := r.HitsSphere(tc.c, 1); got != tc.want {
			t.Errorf("sphere at %v: %v, want %v", tc.c, got, tc.want)
		}
	}
}
