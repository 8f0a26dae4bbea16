// Package bodytest builds what the tests of contact detection share: boxes, icospheres and
// tori with their analytic mass properties, the built-in meshes, and point sets.
package bodytest

import (
	"bytes"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/inertia"
)

// Box returns a free box of the given size (m) and mass (kg), centred at pos.
func Box(size mgl64.Vec3, mass float64, pos mgl64.Vec3) *body.Body {
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

// Icosphere returns a free icosphere (icosahedron subdivided twice, 162 vertices) of radius
// r and mass m at pos, with the solid ball's inertia 2/5 m r².
func Icosphere(r, mass float64, pos mgl64.Vec3) *body.Body {
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

// Torus returns a free torus about the y axis (ring radius big, tube radius small, nu × nv
// vertices) of mass m at pos, with the solid torus's inertia.
func Torus(big, small, mass float64, pos mgl64.Vec3) *body.Body {
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

// Mesh reads the built-in mesh name (data/meshes), failing t if it cannot.
func Mesh(t testing.TB, name string) *inertia.Mesh {
	t.Helper()
	b, err := data.Mesh(name)
	if err != nil {
		t.Fatal(err)
	}
	m, err := inertia.ReadOBJ(bytes.NewReader(b), name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// CylinderPoints returns a cylinder of radius r and height 2 with k points around each cap
// and the caps' centres (as a triangulated OBJ cylinder has them).
func CylinderPoints(k int, r float64) []mgl64.Vec3 {
	p := []mgl64.Vec3{{0, -1, 0}, {0, 1, 0}}
	for i := range k {
		a := 2 * math.Pi * float64(i) / float64(k)
		p = append(p, mgl64.Vec3{r * math.Cos(a), -1, r * math.Sin(a)}, mgl64.Vec3{r * math.Cos(a), 1, r * math.Sin(a)})
	}
	return p
}
