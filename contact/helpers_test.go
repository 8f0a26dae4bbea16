package contact

import (
	"math"
	"testing"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/inertia"

	"github.com/go-gl/mathgl/mgl64"
)

// boxBody returns a free box of the given size (m) and mass (kg), centred at pos.
func boxBody(size mgl64.Vec3, mass float64, pos mgl64.Vec3) *body.Body {
	m := &inertia.Mesh{Name: "box"}
	for _, x := range []float64{-0.5, 0.5} {
		for _, y := range []float64{-0.5, 0.5} {
			for _, z := range []float64{-0.5, 0.5} {
				m.Vertices = append(m.Vertices, mgl64.Vec3{x * size[0], y * size[1], z * size[2]})
			}
		}
	}
	a, b, c := size[0]*size[0], size[1]*size[1], size[2]*size[2]
	i := mgl64.Vec3{mass / 12 * (b + c), mass / 12 * (a + c), mass / 12 * (a + b)}
	return &body.Body{Mesh: m, Mass: mass, InvMass: 1 / mass, Inertia: mgl64.Diag3(i),
		InvInertia: mgl64.Diag3(mgl64.Vec3{1 / i[0], 1 / i[1], 1 / i[2]}), R: mgl64.Ident3(), P: pos}
}

// floorWorld returns a world at dt = 1/60 with 10 iterations and a floor through the origin.
func floorWorld(friction float64, bodies ...*body.Body) *World {
	w := worldOf(mgl64.Vec3{0, -9.81, 0}, bodies...)
	w.Planes = []Plane{{Normal: mgl64.Vec3{0, 1, 0}, Friction: friction}}
	return w
}

// worldOf returns a world with the default settings but gravity g, holding bodies.
func worldOf(g mgl64.Vec3, bodies ...*body.Body) *World {
	w := NewWorld(DefaultSettings())
	w.Gravity, w.Bodies = g, bodies
	return w
}

// mustStep steps w and fails the test on an error.
func mustStep(t testing.TB, w *World) {
	t.Helper()
	if err := w.Step(); err != nil {
		t.Fatal(err)
	}
}

// defaults are the default settings, for tests that compare with a tolerance.
var defaults = DefaultSettings()

// icosphere returns a free icosphere (icosahedron subdivided twice, 162 vertices) of radius
// r and mass m at pos, with the solid ball's inertia 2/5 m r².
func icosphere(r, mass float64, pos mgl64.Vec3) *body.Body {
	phi := (1 + math.Sqrt(5)) / 2
	v := []mgl64.Vec3{{-1, phi, 0}, {1, phi, 0}, {-1, -phi, 0}, {1, -phi, 0}, {0, -1, phi}, {0, 1, phi},
		{0, -1, -phi}, {0, 1, -phi}, {phi, 0, -1}, {phi, 0, 1}, {-phi, 0, -1}, {-phi, 0, 1}}
	tri := [][3]int32{{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11}, {1, 5, 9}, {5, 11, 4},
		{11, 10, 2}, {10, 7, 6}, {7, 1, 8}, {3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8}, {3, 8, 9},
		{4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1}}
	for range 2 {
		mid := map[[2]int32]int32{}
		at := func(a, b int32) int32 {
			k := [2]int32{min(a, b), max(a, b)}
			if i, ok := mid[k]; ok {
				return i
			}
			v = append(v, v[a].Add(v[b]).Mul(0.5))
			mid[k] = int32(len(v) - 1)
			return mid[k]
		}
		var next [][3]int32
		for _, t := range tri {
			a, b, c := at(t[0], t[1]), at(t[1], t[2]), at(t[2], t[0])
			next = append(next, [3]int32{t[0], a, c}, [3]int32{t[1], b, a}, [3]int32{t[2], c, b}, [3]int32{a, b, c})
		}
		tri = next
	}
	for i := range v {
		v[i] = v[i].Normalize().Mul(r)
	}
	i := 0.4 * mass * r * r
	return &body.Body{Mesh: &inertia.Mesh{Name: "icosphere", Vertices: v, Triangles: tri}, Mass: mass,
		InvMass: 1 / mass, Inertia: mgl64.Diag3(mgl64.Vec3{i, i, i}),
		InvInertia: mgl64.Diag3(mgl64.Vec3{1 / i, 1 / i, 1 / i}), R: mgl64.Ident3(), P: pos}
}

// lowest returns the height of b's lowest vertex.
func lowest(b *body.Body) float64 {
	y := math.Inf(1)
	for _, v := range b.Mesh.Vertices {
		y = min(y, b.WorldPoint(v)[1])
	}
	return y
}

// torus returns a free torus about the y axis (ring radius big, tube radius small, nu × nv
// vertices) of mass m at pos, with the solid torus's inertia.
func torus(big, small, mass float64, pos mgl64.Vec3) *body.Body {
	const nu, nv = 24, 12
	m := &inertia.Mesh{Name: "torus"}
	for i := range nu {
		u := 2 * math.Pi * float64(i) / nu
		for j := range nv {
			v := 2 * math.Pi * float64(j) / nv
			rr := big + small*math.Cos(v)
			m.Vertices = append(m.Vertices, mgl64.Vec3{rr * math.Cos(u), small * math.Sin(v), rr * math.Sin(u)})
		}
	}
	ia := mass * (big*big + 0.75*small*small)
	id := mass * (big*big/2 + 0.625*small*small)
	return &body.Body{Mesh: m, Mass: mass, InvMass: 1 / mass, Inertia: mgl64.Diag3(mgl64.Vec3{id, ia, id}),
		InvInertia: mgl64.Diag3(mgl64.Vec3{1 / id, 1 / ia, 1 / id}), R: mgl64.Ident3(), P: pos}
}

// energy returns the kinetic plus gravitational potential energy of the world's bodies (J),
// with the potential measured from y = 0.
func energy(w *World) float64 {
	e := 0.0
	for _, b := range w.Bodies {
		e += b.KineticEnergy() - b.Mass*w.Gravity.Dot(b.P)
	}
	return e
}

// updateTurns sets s.turns to every body's turn for its current angular velocity, as the
// step's per-body stages do.
func (s *contactState) updateTurns(w *World) {
	s.sizeTurns(w)
	for i := range w.Bodies {
		s.turn(w, i)
	}
}
