package inertia

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// volumeIntegrals are the ten integrals over the solid that the mass properties need, in the
// names of Mirtich (1996): T0 = ∫1 dV, T1 = (∫x, ∫y, ∫z), T2 = (∫x², ∫y², ∫z²) and
// TP = (∫xy, ∫yz, ∫zx), all with coordinates relative to the point the mesh was recentred on.
type volumeIntegrals struct {
	T0         float64
	T1, T2, TP [3]float64
}

// integrate sums the volume integrals of the solid bounded by tris, with every vertex taken
// relative to origin so that the integrals keep their digits far from the mesh's origin.
// Indices must be valid.
func integrate(verts []mgl64.Vec3, tris [][3]int32, origin mgl64.Vec3) volumeIntegrals {
	var t volumeIntegrals
	for _, tri := range tris {
		t.addTriangle(
			verts[tri[0]].Sub(origin),
			verts[tri[1]].Sub(origin),
			verts[tri[2]].Sub(origin),
		)
	}
	// The divergence theorem's factors, applied once rather than per face.
	for k := range 3 {
		t.T1[k] /= 2
		t.T2[k] /= 3
		t.TP[k] /= 2
	}
	return t
}

// negate turns the integrals of an inward-wound surface into those of the outward one.
func (t *volumeIntegrals) negate() {
	t.T0 = -t.T0
	for k := range 3 {
		t.T1[k], t.T2[k], t.TP[k] = -t.T1[k], -t.T2[k], -t.TP[k]
	}
}

// addTriangle adds the surface integrals of the face p0 p1 p2 (counter-clockwise seen from
// outside). By the divergence theorem each volume integral is a sum over faces of n_k times
// a face integral of a monomial; each face integral is reduced to an integral over the face's
// projection on the coordinate plane (α, β) most nearly parallel to it, and that in turn to
// edge integrals by Green's theorem (Mirtich 1996, sections 3–4).
func (t *volumeIntegrals) addTriangle(p0, p1, p2 mgl64.Vec3) {
	n := rounded.Cross(p1.Sub(p0), p2.Sub(p0))
	// γ is the axis of the largest normal component; (α, β, γ) is a cyclic permutation of
	// (x, y, z).
	var a, b, c int
	switch nx, ny, nz := math.Abs(n[0]), math.Abs(n[1]), math.Abs(n[2]); {
	case nx >= ny && nx >= nz:
		a, b, c = 1, 2, 0
	case ny >= nz:
		a, b, c = 2, 0, 1
	default:
		a, b, c = 0, 1, 2
	}
	// Mirtich scales n to unit length. The face integrals are homogeneous of degree −1 in the
	// plane's (n, w) and enter the sums times a component of n, so any positive scale gives
	// the same sums: scaling n_γ to ±1 needs no square root and keeps the powers of 1/n_γ in
	// faceIntegrals near 1, where a tiny face could overflow them.
	big := math.Abs(n[c])
	if big < 1e-300 {
		return // a degenerate face (area below 1e-300 m²) bounds nothing
	}
	n = n.Mul(1 / big)
	w := -rounded.Dot(n, p0) // the face's plane: n·x + w = 0

	p := projectionIntegrals([3][2]float64{{p0[a], p0[b]}, {p1[a], p1[b]}, {p2[a], p2[b]}})
	f := p.faceIntegrals(n[a], n[b], n[c], w)

	var first [3]float64 // the face integrals of x, y, z
	first[a], first[b], first[c] = f.a, f.b, f.c
	t.T0 += float64(n[0] * first[0]) // ∫1 dV = ∮ x n_x dA
	t.T1[a] += float64(n[a] * f.aa)
	t.T1[b] += float64(n[b] * f.bb)
	t.T1[c] += float64(n[c] * f.cc)
	t.T2[a] += float64(n[a] * f.aaa)
	t.T2[b] += float64(n[b] * f.bbb)
	t.T2[c] += float64(n[c] * f.ccc)
	t.TP[a] += float64(n[a] * f.aab)
	t.TP[b] += float64(n[b] * f.bbc)
	t.TP[c] += float64(n[c] * f.cca)
}

// projection holds the integrals over a face's projection on the (α, β) plane of 1, α, β,
// α², αβ, β², α³, α²β, αβ², β³, signed by the projected winding (Mirtich's P1, Pa, …).
type projection struct {
	one, a, b, aa, ab, bb, aaa, aab, abb, bbb float64
}

// projectionIntegrals integrates over the triangle q0 q1 q2 of the (α, β) plane by Green's
// theorem: each integral is a sum over edges of a polynomial in the edge's end points.
func projectionIntegrals(q [3][2]float64) projection {
	var a, b, a2, b2, a3, b3 [3]float64 // each vertex's powers, shared by its two edges
	for i := range 3 {
		a[i], b[i] = q[i][0], q[i][1]
		a2[i], b2[i] = a[i]*a[i], b[i]*b[i]
		a3[i], b3[i] = a2[i]*a[i], b2[i]*b[i]
	}
	var p projection
	for i0 := range 3 {
		i1 := (i0 + 1) % 3
		a0, b0, a1, b1 := a[i0], b[i0], a[i1], b[i1]
		a02, b02, a12, b12 := a2[i0], b2[i0], a2[i1], b2[i1]
		a03, b03, a13, b13 := a3[i0], b3[i0], a3[i1], b3[i1]
		da, db := a1-a0, b1-b0

		c1 := a1 + a0
		ca := float64(a1*c1) + a02
		caa := float64(a1*ca) + a03
		caaa := float64(a1*caa) + float64(a03*a0)
		cb := float64(b1*(b1+b0)) + b02
		cbb := float64(b1*cb) + b03
		cbbb := float64(b1*cbb) + float64(b03*b0)
		cab := float64(3*a12) + float64(2*a1*a0) + a02
		kab := a12 + float64(2*a1*a0) + float64(3*a02)
		caab := float64(a0*cab) + float64(4*a13)
		kaab := float64(a1*kab) + float64(4*a03)
		cabb := float64(4*b13) + float64(3*b12*b0) + float64(2*b1*b02) + b03
		kabb := b13 + float64(2*b12*b0) + float64(3*b1*b02) + float64(4*b03)

		p.one += float64(db * c1)
		p.a += float64(db * ca)
		p.aa += float64(db * caa)
		p.aaa += float64(db * caaa)
		p.b += float64(da * cb)
		p.bb += float64(da * cbb)
		p.bbb += float64(da * cbbb)
		p.ab += float64(db * (float64(b1*cab) + float64(b0*kab)))
		p.aab += float64(db * (float64(b1*caab) + float64(b0*kaab)))
		p.abb += float64(da * (float64(a1*cabb) + float64(a0*kabb)))
	}
	p.one /= 2
	p.a /= 6
	p.aa /= 12
	p.aaa /= 20
	p.b /= -6
	p.bb /= -12
	p.bbb /= -20
	p.ab /= 24
	p.aab /= 60
	p.abb /= -60
	return p
}

// face holds the integrals over a face of α, β, γ, α², β², γ², α³, β³, γ³, α²β, β²γ, γ²α.
type face struct {
	a, b, c, aa, bb, cc, aaa, bbb, ccc, aab, bbc, cca float64
}

// faceIntegrals lifts the projection integrals to the face on the plane
// na α + nb β + nc γ + w = 0 (|nc| the largest component), substituting γ from the plane.
// Dividing by the signed nc both scales the projected area back up and undoes the sign the
// projection's winding gave the integrals.
func (p projection) faceIntegrals(na, nb, nc, w float64) face {
	k1 := 1 / nc
	k2 := k1 * k1
	k3 := k2 * k1
	k4 := k3 * k1
	na2, nb2 := na*na, nb*nb
	lin := float64(na*p.a) + float64(nb*p.b)                              // ∫(na α + nb β)
	quad := float64(na2*p.aa) + float64(2*na*nb*p.ab) + float64(nb2*p.bb) // ∫(na α + nb β)²
	wOne := float64(w * p.one)
	return face{
		a:   k1 * p.a,
		b:   k1 * p.b,
		c:   -k2 * (lin + wOne),
		aa:  k1 * p.aa,
		bb:  k1 * p.bb,
		cc:  k3 * (quad + float64(w*(float64(2*lin)+wOne))),
		aaa: k1 * p.aaa,
		bbb: k1 * p.bbb,
		ccc: -k4 * (float64(na2*na*p.aaa) + float64(3*na2*nb*p.aab) + float64(3*na*nb2*p.abb) +
			float64(nb2*nb*p.bbb) + float64(3*w*quad) + float64(w*w*(float64(3*lin)+wOne))),
		aab: k1 * p.aab,
		bbc: -k2 * (float64(na*p.abb) + float64(nb*p.bbb) + float64(w*p.bb)),
		cca: k3 * (float64(na2*p.aaa) + float64(2*na*nb*p.aab) + float64(nb2*p.abb) +
			float64(w*(float64(2*(float64(na*p.aa)+float64(nb*p.ab)))+float64(w*p.a)))),
	}
}
