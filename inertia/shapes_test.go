package inertia

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Meshes built in the tests, each wound outward by construction (the tests check Flipped).

// boxMesh is the box from lo to hi: 8 vertices (index bit 0 is x, 1 is y, 2 is z) and 12
// triangles.
func boxMesh(lo, hi mgl64.Vec3) *Mesh {
	m := &Mesh{Name: "box"}
	for i := range 8 {
		v := lo
		for k := range 3 {
			if i>>k&1 == 1 {
				v[k] = hi[k]
			}
		}
		m.Vertices = append(m.Vertices, v)
	}
	for _, q := range [6][4]int32{{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}} {
		m.Triangles = append(m.Triangles, [3]int32{q[0], q[1], q[2]}, [3]int32{q[0], q[2], q[3]})
	}
	return m
}

// tetraMesh is the tetrahedron with corners p, each face wound away from the fourth corner.
func tetraMesh(p [4]mgl64.Vec3) *Mesh {
	m := &Mesh{Name: "tetrahedron", Vertices: p[:]}
	for l := range 4 {
		f := [3]int32{}
		for i, n := 0, 0; i < 4; i++ {
			if i != l {
				f[n] = int32(i)
				n++
			}
		}
		a, b, c := p[f[0]], p[f[1]], p[f[2]]
		if b.Sub(a).Cross(c.Sub(a)).Dot(p[l].Sub(a)) > 0 {
			f[1], f[2] = f[2], f[1]
		}
		m.Triangles = append(m.Triangles, f)
	}
	return m
}

// gridMesh wraps a nu × nv grid of points around both directions when closed (a torus), or
// else around u only, capping v with the two poles (a sphere: nv rings strictly between the
// poles, poles[0] before ring 0). point(i, j) gives grid point i along u, j along v; quads are wound
// (i,j) → (i,j+1) → (i+1,j+1), which point must make outward.
func gridMesh(name string, nu, nv int, poles [2]mgl64.Vec3, closed bool, point func(i, j int) mgl64.Vec3) *Mesh {
	m := &Mesh{Name: name}
	for i := range nu {
		for j := range nv {
			m.Vertices = append(m.Vertices, point(i, j))
		}
	}
	idx := func(i, j int) int32 { return int32(i%nu*nv + j%nv) }
	rows := nv
	if !closed {
		rows = nv - 1
	}
	for i := range nu {
		for j := range rows {
			a, b, c, d := idx(i, j), idx(i, j+1), idx(i+1, j+1), idx(i+1, j)
			m.Triangles = append(m.Triangles, [3]int32{a, b, c}, [3]int32{a, c, d})
		}
	}
	if !closed {
		first, last := int32(len(m.Vertices)), int32(len(m.Vertices)+1)
		m.Vertices = append(m.Vertices, poles[0], poles[1])
		for i := range nu {
			m.Triangles = append(m.Triangles,
				[3]int32{first, idx(i, 0), idx(i+1, 0)},
				[3]int32{idx(i, nv-1), last, idx(i+1, nv-1)})
		}
	}
	return m
}

// torusMesh is the torus about the y axis with major radius R and tube radius r, nu
// segments around the axis and nv around the tube: 2·nu·nv triangles.
func torusMesh(R, r float64, nu, nv int) *Mesh {
	return gridMesh("torus", nu, nv, [2]mgl64.Vec3{}, true, func(i, j int) mgl64.Vec3 {
		u := 2 * math.Pi * float64(i) / float64(nu)
		v := 2 * math.Pi * float64(j) / float64(nv)
		// ∂/∂v × ∂/∂u points out of the tube, so quads step in v before u.
		rho := R + r*math.Cos(v)
		return mgl64.Vec3{rho * math.Cos(u), r * math.Sin(v), rho * math.Sin(u)}
	})
}

// sphereMesh is the latitude–longitude sphere of radius r: slices meridians, stacks bands,
// 2·slices·(stacks−1) triangles.
func sphereMesh(r float64, slices, stacks int) *Mesh {
	poles := [2]mgl64.Vec3{{0, r, 0}, {0, -r, 0}}
	return gridMesh("sphere", slices, stacks-1, poles, false, func(i, j int) mgl64.Vec3 {
		phi := 2 * math.Pi * float64(i) / float64(slices)
		theta := math.Pi * float64(j+1) / float64(stacks)
		// Outward: ∂/∂φ × ∂/∂θ, but quads step in θ before φ, so φ runs clockwise about y.
		return mgl64.Vec3{r * math.Sin(theta) * math.Cos(phi), r * math.Cos(theta), -r * math.Sin(theta) * math.Sin(phi)}
	})
}
