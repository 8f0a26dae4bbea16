package contact

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
)

// randomScene returns a world of 24 bodies of the built-in meshes, convex and not, scattered
// and turned at random in a 8 m cube above a floor, a few of them fixed, after a few steps
// (so that some have fallen onto others and the floor).
func randomScene(t *testing.T, rng *rand.Rand) *World {
	w := floorOnly()
	meshes := []string{"cube", "box", "torus", "icosphere", "tetrahedron", "thandle", "cylinder"}
	for range 24 {
		def := DefaultBodyDef()
		def.Mesh = builtinMesh(t, meshes[rng.IntN(len(meshes))])
		def.Position = mgl64.Vec3{8*rng.Float64() - 4, 0.5 + 6*rng.Float64(), 8*rng.Float64() - 4}
		def.Orientation = body.Exp(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
		def.Fixed = rng.IntN(5) == 0
		if _, err := w.CreateBody(def); err != nil {
			t.Fatal(err)
		}
	}
	for range 20 {
		mustStep(t, w)
	}
	return w
}

// forRandomScenes calls f with each of five random scenes (seeded by seed), their triangles
// in world coordinates and a random source.
func forRandomScenes(t *testing.T, seed uint64, f func(scene int, w *World, tris []worldTriangle, rng *rand.Rand)) {
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for scene := range 5 {
		w := randomScene(t, rng)
		f(scene, w, worldTriangles(w), rng)
	}
}

// worldTriangle is a triangle of body i's mesh in world coordinates.
type worldTriangle struct {
	i       int
	a, p, q mgl64.Vec3
}

// worldTriangles returns every triangle of w's bodies in world coordinates.
func worldTriangles(w *World) []worldTriangle {
	var ts []worldTriangle
	for i, b := range w.Bodies {
		for _, tr := range b.Mesh.Triangles {
			v := b.Mesh.Vertices
			ts = append(ts, worldTriangle{i, b.WorldPoint(v[tr[0]]), b.WorldPoint(v[tr[1]]), b.WorldPoint(v[tr[2]])})
		}
	}
	return ts
}

// within reports whether x, on the plane of the triangle with normal n, lies within its
// three edges.
func (t *worldTriangle) within(x, n mgl64.Vec3) bool {
	return t.p.Sub(t.a).Cross(x.Sub(t.a)).Dot(n) >= 0 && t.q.Sub(t.p).Cross(x.Sub(t.p)).Dot(n) >= 0 &&
		t.a.Sub(t.q).Cross(x.Sub(t.q)).Dot(n) >= 0
}

// bruteRay is CastRay by brute force, another way: every triangle in world coordinates,
// intersected with its plane and kept when the point lies within its three edges, and every
// plane; it returns the hit and the distance of the runner-up.
func bruteRay(w *World, tris []worldTriangle, o, d mgl64.Vec3, most float64) (best RayHit, second float64, ok bool) {
	d = d.Normalize()
	best.Distance, second = math.Inf(1), math.Inf(1)
	take := func(h RayHit) {
		if h.Distance < 0 || h.Distance > most {
			return
		}
		if h.Distance < best.Distance {
			second, best = best.Distance, h
		} else {
			second = min(second, h.Distance)
		}
	}
	for _, t := range tris {
		n := t.p.Sub(t.a).Cross(t.q.Sub(t.a))
		if n.Dot(d) >= 0 {
			continue // seen from behind
		}
		s := n.Dot(t.a.Sub(o)) / n.Dot(d)
		if x := o.Add(d.Mul(s)); t.within(x, n) {
			take(RayHit{Body: w.ID(t.i), Plane: -1, Point: x, Normal: n.Normalize(), Distance: s})
		}
	}
	for k, pl := range w.Planes {
		n := pl.Normal.Normalize()
		if n.Dot(d) < 0 {
			s := n.Dot(pl.Point.Sub(o)) / n.Dot(d)
			take(RayHit{Plane: k, Point: o.Add(d.Mul(s)), Normal: n, Distance: s})
		}
	}
	return best, second, !math.IsInf(best.Distance, 1)
}

// Ray casts on random scenes find what brute force finds: the same body or plane, at the
// same distance, point and normal (a near tie, two surfaces within 1e-9 m, may go either
// way); rays toward the bodies, from anywhere, some from inside a body, some with a limit.
func TestCastRayMatchesBruteForce(t *testing.T) {
	hits, planes := 0, 0
	forRandomScenes(t, 1, func(scene int, w *World, tris []worldTriangle, rng *rand.Rand) {
		for ray := range 400 {
			o := mgl64.Vec3{12*rng.Float64() - 6, 8 * rng.Float64(), 12*rng.Float64() - 6}
			target := w.Bodies[rng.IntN(len(w.Bodies))].P.Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(0.3))
			d := target.Sub(o).Mul(0.5 + rng.Float64())
			most := math.Inf(1)
			if ray%4 == 0 {
				most = 15 * rng.Float64()
			}
			got, ok := w.CastRay(o, d, most)
			want, second, wantOK := bruteRay(w, tris, o, d, most)
			if ok != wantOK {
				t.Fatalf("scene %d ray %d from %v along %v (≤ %g m): hit %v %+v, brute force %v %+v", scene, ray, o, d, most, ok, got, wantOK, want)
			}
			if !ok {
				continue
			}
			hits++
			if want.Plane >= 0 {
				planes++
			}
			tie := second-want.Distance < 1e-9
			if !tie && (got.Body != want.Body || got.Plane != want.Plane || got.Normal.Sub(want.Normal).Len() > 1e-9) {
				t.Fatalf("scene %d ray %d: hit %+v, brute force %+v", scene, ray, got, want)
			}
			if math.Abs(got.Distance-want.Distance) > 1e-9 || got.Point.Sub(want.Point).Len() > 1e-9 {
				t.Fatalf("scene %d ray %d: hit at %g m %v, brute force at %g m %v", scene, ray, got.Distance, got.Point, want.Distance, want.Point)
			}
		}
	})
	t.Logf("%d of 2000 rays hit (%d a plane)", hits, planes)
	if hits < 1000 || planes < 50 {
		t.Errorf("only %d rays hit, %d of them a plane: the test aims badly", hits, planes)
	}
}

// bruteOverlap is OverlapBox by brute force, another way: a body overlaps the box when a
// triangle, clipped by the box's six planes (Sutherland–Hodgman), keeps a point, or else
// when the box's centre is inside the mesh by the parity of the triangles a ray from it
// crosses.
func bruteOverlap(w *World, tris []worldTriangle, lo, hi mgl64.Vec3) []BodyID {
	centre := lo.Add(hi).Mul(0.5)
	ray := mgl64.Vec3{0.3141, 0.5926, 0.5358}.Normalize()
	meets, crossings := make([]bool, len(w.Bodies)), make([]int, len(w.Bodies))
	for _, t := range tris {
		poly := []mgl64.Vec3{t.a, t.p, t.q}
		for k := range 3 {
			poly = clipToSlab(poly, k, lo[k], 1)
			poly = clipToSlab(poly, k, hi[k], -1)
		}
		meets[t.i] = meets[t.i] || len(poly) > 0
		n := t.p.Sub(t.a).Cross(t.q.Sub(t.a))
		if s := n.Dot(t.a.Sub(centre)) / n.Dot(ray); s > 0 && t.within(centre.Add(ray.Mul(s)), n) {
			crossings[t.i]++
		}
	}
	var ids []BodyID
	for i := range w.Bodies {
		if meets[i] || crossings[i]%2 == 1 {
			ids = append(ids, w.ID(i))
		}
	}
	return ids
}

// clipToSlab keeps the part of poly on the side sign·(x[k] − at) ≥ 0.
func clipToSlab(poly []mgl64.Vec3, k int, at, sign float64) []mgl64.Vec3 {
	var out []mgl64.Vec3
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		dp, dq := sign*(p[k]-at), sign*(q[k]-at)
		if dp >= 0 {
			out = append(out, p)
		}
		if dp*dq < 0 {
			out = append(out, p.Add(q.Sub(p).Mul(dp/(dp-dq))))
		}
	}
	return out
}

// Overlap queries on random scenes find the bodies brute force finds: boxes from a
// centimetre to three metres across, anywhere in and around the scene, some inside a body.
func TestOverlapBoxMatchesBruteForce(t *testing.T) {
	found, within := 0, 0
	forRandomScenes(t, 3, func(scene int, w *World, tris []worldTriangle, rng *rand.Rand) {
		for q := range 400 {
			centre := mgl64.Vec3{10*rng.Float64() - 5, 7 * rng.Float64(), 10*rng.Float64() - 5}
			if q%5 == 0 { // at a body's centre of mass: inside most bodies
				centre = w.Bodies[rng.IntN(len(w.Bodies))].P
			}
			half := mgl64.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}.Mul(math.Pow(10, -2+2*rng.Float64()) * 1.5)
			lo, hi := centre.Sub(half), centre.Add(half)
			got := w.OverlapBox(lo, hi, nil)
			want := bruteOverlap(w, tris, lo, hi)
			if !slices.Equal(got, want) {
				t.Fatalf("scene %d box %v–%v: %v, brute force %v", scene, lo, hi, got, want)
			}
			found += len(got)
			if q%5 == 0 && len(got) > 0 {
				within++
			}
		}
	})
	t.Logf("%d bodies found by 2000 boxes; %d of the 400 boxes at a centre of mass found one", found, within)
	if found < 500 || within < 300 {
		t.Errorf("found %d bodies, %d at centres: the test aims badly", found, within)
	}
}
