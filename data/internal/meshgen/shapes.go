package main

import "math"

// box is an axis-aligned box of the given side lengths (metres), centred at c.
func box(comment string, sx, sy, sz float64, c vec) *mesh {
	m := &mesh{comment: comment}
	// Vertex i has x = ±sx/2 from bit 0, y from bit 1, z from bit 2.
	for i := range 8 {
		m.vertex(c[0]+sign(i&1)*sx/2, c[1]+sign(i&2)*sy/2, c[2]+sign(i&4)*sz/2)
	}
	m.quad(0, 2, 3, 1) // z−
	m.quad(4, 5, 7, 6) // z+
	m.quad(0, 4, 6, 2) // x−
	m.quad(1, 3, 7, 5) // x+
	m.quad(0, 1, 5, 4) // y−
	m.quad(2, 6, 7, 3) // y+
	return m
}

func sign(bit int) float64 {
	if bit != 0 {
		return 1
	}
	return -1
}

// tetrahedron is the regular tetrahedron inscribed in the unit cube centred at the origin: the
// corners (±0.5, ±0.5, ±0.5) with an even number of minus signs; edge √2 m, volume 1/3 m³.
// Its coordinates are exact in binary.
func tetrahedron() *mesh {
	m := &mesh{comment: "tetrahedron: regular, edge sqrt(2) m, inscribed in the unit cube, centred at the origin"}
	a := m.vertex(0.5, 0.5, 0.5)
	b := m.vertex(0.5, -0.5, -0.5)
	c := m.vertex(-0.5, 0.5, -0.5)
	d := m.vertex(-0.5, -0.5, 0.5)
	m.tri(a, c, d)
	m.tri(a, d, b)
	m.tri(a, b, c)
	m.tri(b, d, c)
	return m
}

// icosphere subdivides an icosahedron inscribed in a sphere of radius r, projecting every new
// vertex onto the sphere, level times (each level splits every triangle into four).
func icosphere(r float64, level int) *mesh {
	m := &mesh{comment: "icosphere: radius 0.5 m, icosahedron subdivided twice, centred at the origin"}
	t := (1 + math.Sqrt(5)) / 2
	onSphere := func(x, y, z float64) int {
		s := r / math.Sqrt(x*x+y*y+z*z)
		return m.vertex(x*s, y*s, z*s)
	}
	for _, p := range [][3]float64{
		{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0},
		{0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t},
		{t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1},
	} {
		onSphere(p[0], p[1], p[2])
	}
	m.tris = [][3]int{
		{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11},
		{1, 5, 9}, {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
		{3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8}, {3, 8, 9},
		{4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1},
	}
	for range level {
		mid := map[[2]int]int{} // edge (low index first) → its midpoint vertex, shared by both sides
		midpoint := func(a, b int) int {
			key := [2]int{min(a, b), max(a, b)}
			if i, ok := mid[key]; ok {
				return i
			}
			p, q := m.vertices[a], m.vertices[b]
			i := onSphere((p[0]+q[0])/2, (p[1]+q[1])/2, (p[2]+q[2])/2)
			mid[key] = i
			return i
		}
		old := m.tris
		m.tris = make([][3]int, 0, 4*len(old))
		for _, f := range old {
			ab, bc, ca := midpoint(f[0], f[1]), midpoint(f[1], f[2]), midpoint(f[2], f[0])
			m.tri(f[0], ab, ca)
			m.tri(f[1], bc, ab)
			m.tri(f[2], ca, bc)
			m.tri(ab, bc, ca)
		}
	}
	return m
}

// cylinder has its axis along y, radius r, height h, centred at the origin; n segments around,
// and a centre vertex on each cap so that the caps are fans of well-shaped triangles.
func cylinder(r, h float64, n int) *mesh {
	m := &mesh{comment: "cylinder: radius 0.5 m, height 1 m, axis y, 32 segments, centred at the origin"}
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		m.vertex(r*math.Cos(a), -h/2, -r*math.Sin(a)) // bottom ring, vertex 2i
		m.vertex(r*math.Cos(a), h/2, -r*math.Sin(a))  // top ring, vertex 2i+1
	}
	bottom := m.vertex(0, -h/2, 0)
	top := m.vertex(0, h/2, 0)
	// The rings run counter-clockwise seen from +y (angle from +x towards −z).
	for i := range n {
		j := (i + 1) % n
		m.quad(2*i, 2*j, 2*j+1, 2*i+1)
		m.tri(top, 2*i+1, 2*j+1)
		m.tri(bottom, 2*j, 2*i)
	}
	return m
}

// torus lies in the x–z plane around the y axis: tube centre radius R, tube radius r, with
// major segments around y and minor segments around the tube.
func torus(R, r float64, major, minor int) *mesh {
	m := &mesh{comment: "torus (the space donut): R = 1 m, r = 0.25 m, axis y, 48 x 12 segments, centred at the origin"}
	for i := range major {
		u := 2 * math.Pi * float64(i) / float64(major)
		for j := range minor {
			v := 2 * math.Pi * float64(j) / float64(minor)
			d := R + r*math.Cos(v)
			m.vertex(d*math.Cos(u), r*math.Sin(v), -d*math.Sin(u)) // vertex i*minor + j
		}
	}
	at := func(i, j int) int { return (i%major)*minor + j%minor }
	// u turns counter-clockwise seen from +y, v turns from outside over the top: the quad
	// (i,j) (i+1,j) (i+1,j+1) (i,j+1) is counter-clockwise seen from outside the tube.
	for i := range major {
		for j := range minor {
			m.quad(at(i, j), at(i+1, j), at(i+1, j+1), at(i, j+1))
		}
	}
	return m
}

// tHandle is the T-handle of the Dzhanibekov (intermediate-axis) demonstration: a bar along x
// with a shaft hanging from its middle along −y, both of square section, made as the
// T-shaped polygon in the x–y plane extruded along z so that it is a closed, non-convex
// 2-manifold without internal faces. bar and shaft are the lengths, side the section.
func tHandle(bar, shaft, side float64) *mesh {
	m := &mesh{comment: "thandle: bar 1 m along x, shaft 0.8 m along -y, square section 0.2 m (T-shaped prism)"}
	a, s, t := bar/2, side/2, side/2
	bottom := -t - shaft
	outline := [][2]float64{ // counter-clockwise seen from +z
		{-s, bottom}, {s, bottom}, {s, -t}, {a, -t}, {a, t}, {-a, t}, {-a, -t}, {-s, -t},
	}
	n := len(outline)
	for _, p := range outline {
		m.vertex(p[0], p[1], side/2)  // front (+z) vertex 2k
		m.vertex(p[0], p[1], -side/2) // back vertex 2k+1
	}
	front := func(k int) int { return 2 * k }
	back := func(k int) int { return 2*k + 1 }
	// The outline split into triangles without new vertices: the shaft's rectangle, then the
	// bar's hexagon (its lower edge passes through outline points 7 and 2).
	for _, t := range [][3]int{{0, 1, 2}, {0, 2, 7}, {7, 2, 5}, {2, 3, 4}, {2, 4, 5}, {6, 7, 5}} {
		m.tri(front(t[0]), front(t[1]), front(t[2]))
		m.tri(back(t[0]), back(t[2]), back(t[1]))
	}
	for k := range n {
		j := (k + 1) % n
		m.quad(back(k), back(j), front(j), front(k))
	}
	return m
}
