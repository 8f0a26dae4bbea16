// Package meshtest builds meshes for tests that need more than the built-in ones: large or
// finely divided shapes, not worth committing.
package meshtest

import (
	"math"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/inertia"
)

// Sphere returns a latitude–longitude sphere of radius r (metres) centred at the origin, its
// poles on the y axis: slices meridians and stacks bands, so 2·slices·(stacks−1) triangles
// (1000 × 501 makes a million), wound counter-clockwise seen from outside.
func Sphere(r float64, slices, stacks int) *inertia.Mesh {
	return grid("sphere", slices, stacks-1, func(i, j int) mgl64.Vec3 {
		theta := math.Pi * float64(j+1) / float64(stacks)
		phi := 2 * math.Pi * float64(i) / float64(slices)
		return mgl64.Vec3{r * math.Sin(theta) * math.Cos(phi), r * math.Cos(theta), r * math.Sin(theta) * math.Sin(phi)}
	}, &[2]mgl64.Vec3{{0, r, 0}, {0, -r, 0}})
}

// Torus returns a torus about the y axis centred at the origin: major radius R, tube radius
// r (metres), major segments around the axis and minor around the tube.
func Torus(R, r float64, major, minor int) *inertia.Mesh {
	return grid("torus", major, minor, func(i, j int) mgl64.Vec3 {
		u := 2 * math.Pi * float64(i) / float64(major)
		v := -2 * math.Pi * float64(j) / float64(minor)
		rho := R + r*math.Cos(v)
		return mgl64.Vec3{rho * math.Cos(u), r * math.Sin(v), rho * math.Sin(u)}
	}, nil)
}

// grid joins a grid of nu × nv points at(i, j), closed around in i, into quads of two
// triangles: around in j too when poles is nil (a torus), otherwise capped by fans to the
// two poles before the first row and after the last (a sphere). Rows of j run so that the
// triangles face outward: at(i+1, j) is east of at(i, j) and at(i, j+1) south of it.
func grid(name string, nu, nv int, at func(i, j int) mgl64.Vec3, poles *[2]mgl64.Vec3) *inertia.Mesh {
	m := &inertia.Mesh{Name: name}
	for j := range nv {
		for i := range nu {
			m.Vertices = append(m.Vertices, at(i, j))
		}
	}
	idx := func(i, j int) int32 { return int32(j%nv*nu + i%nu) }
	rows := nv
	if poles != nil {
		rows = nv - 1
		north, south := int32(len(m.Vertices)), int32(len(m.Vertices)+1)
		m.Vertices = append(m.Vertices, poles[0], poles[1])
		for i := range nu {
			m.Triangles = append(m.Triangles, [3]int32{north, idx(i+1, 0), idx(i, 0)},
				[3]int32{south, idx(i, nv-1), idx(i+1, nv-1)})
		}
	}
	for j := range rows {
		for i := range nu {
			m.Triangles = append(m.Triangles, [3]int32{idx(i, j), idx(i+1, j), idx(i+1, j+1)},
				[3]int32{idx(i, j), idx(i+1, j+1), idx(i, j+1)})
		}
	}
	return m
}

// WriteOBJ writes m to the OBJ file path.
func WriteOBJ(path string, m *inertia.Mesh) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := inertia.WriteOBJ(f, m); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
