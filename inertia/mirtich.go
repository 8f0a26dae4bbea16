package inertia

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/go-gl/mathgl/mgl64"
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
// Indices must be valid. A large mesh's triangles are worked on by several goroutines, but
// their terms are summed here, one triangle after another in their order, so the sums are
// the same to the bit however many work on them.
func integrate(verts []mgl64.Vec3, tris [][3]int32, origin mgl64.Vec3) volumeIntegrals {
	return integrateOn(runtime.GOMAXPROCS(0), verts, tris, origin)
}

// integrateOn is integrate on at most workers goroutines.
func integrateOn(workers int, verts []mgl64.Vec3, tris [][3]int32, origin mgl64.Vec3) volumeIntegrals {
	var t volumeIntegrals
	if workers > 1 && len(tris) >= parallelTriangles {
		termsInParallel(verts, tris, origin, workers, &t)
	} else {
		terms := make([]triangle, min(termBlock, len(tris)))
		for len(tris) > 0 {
			n := min(termBlock, len(tris))
			termsOf(terms[:n], verts, tris[:n], origin)
			t.addAll(terms[:n])
			tris = tris[n:]
		}
	}
	// The divergence theorem's factors, applied once rather than per face.
	for k := range 3 {
		t.T1[k] /= 2
		t.T2[k] /= 3
		t.TP[k] /= 2
	}
	return t
}

// parallelTriangles is the fewest triangles integrate shares among goroutines: below it, the
// work is less than their start.
const parallelTriangles = 1 << 14

// termBlock is the triangles a goroutine works on at a time: their terms, 80 bytes each, stay
// in a core's cache until summed.
const termBlock = 1 << 12

// termsInParallel adds the terms of every triangle, in order, to t. The goroutines take
// blocks from a shared counter, each computing its block's terms into a slot of its own,
// then adding them to t when every block before it has been added: the blocks are added in
// their order, by whichever goroutine computed them, while the others compute the next.
func termsInParallel(verts []mgl64.Vec3, tris [][3]int32, origin mgl64.Vec3, workers int, t *volumeIntegrals) {
	blocks := int64((len(tris) + termBlock - 1) / termBlock)
	var next, added atomic.Int64
	work := func(slot []triangle) {
		for {
			i := next.Add(1) - 1
			if i >= blocks {
				return
			}
			part := tris[i*termBlock : min((i+1)*termBlock, int64(len(tris)))]
			termsOf(slot[:len(part)], verts, part, origin)
			for added.Load() != i {
				runtime.Gosched()
			}
			t.addAll(slot[:len(part)])
			added.Store(i + 1)
		}
	}
	var wg sync.WaitGroup
	for range workers - 1 {
		slot := make([]triangle, termBlock)
		wg.Go(func() { work(slot) })
	}
	work(make([]triangle, termBlock))
	wg.Wait()
}

// triangle holds one face's terms of the volume integrals' sums, in the order of
// volumeIntegrals: T0, T1, T2, TP.
type triangle [10]float64

// addAll adds the terms of faces to the sums, one face after the other.
func (t *volumeIntegrals) addAll(terms []triangle) {
	for i := range terms {
		x := &terms[i]
		t.T0 += x[0]
		t.T1[0], t.T1[1], t.T1[2] = t.T1[0]+x[1], t.T1[1]+x[2], t.T1[2]+x[3]
		t.T2[0], t.T2[1], t.T2[2] = t.T2[0]+x[4], t.T2[1]+x[5], t.T2[2]+x[6]
		t.TP[0], t.TP[1], t.TP[2] = t.TP[0]+x[7], t.TP[1]+x[8], t.TP[2]+x[9]
	}
}

// termsOf sets terms[k] to the terms of face tris[k], its vertices taken relative to origin.
func termsOf(terms []triangle, verts []mgl64.Vec3, tris [][3]int32, origin mgl64.Vec3) {
	for k, tri := range tris {
		faceTerms(&terms[k], relative(&verts[tri[0]], &origin), relative(&verts[tri[1]], &origin), relative(&verts[tri[2]], &origin))
	}
}

// point is a vertex as three scalars: unlike an array, the compiler keeps a small struct's
// fields in registers, where a Vec3 goes through memory at every step (faceTerms took half
// again as long on Vec3s).
type point struct{ x, y, z float64 }

// relative returns v − origin.
func relative(v, origin *mgl64.Vec3) point {
	return point{v[0] - origin[0], v[1] - origin[1], v[2] - origin[2]}
}

// negate turns the integrals of an inward-wound surface into those of the outward one.
func (t *volumeIntegrals) negate() {
	t.T0 = -t.T0
	for k := range 3 {
		t.T1[k], t.T2[k], t.TP[k] = -t.T1[k], -t.T2[k], -t.TP[k]
	}
}

// noTerms are the terms of a face that bounds nothing: −0, which leaves every sum as it was
// (even a sum of −0, which +0 would turn into +0).
var noTerms = triangle{-0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0, -0.0}

// faceTerms sets x to the terms of the surface integrals of the face p0 p1 p2
// (counter-clockwise seen from outside). By the divergence theorem each volume integral is a
// sum over faces of n_k times a face integral of a monomial; each face integral is reduced to
// an integral over the face's projection on the coordinate plane (α, β) most nearly parallel
// to it, and that in turn to edge integrals by Green's theorem (Mirtich 1996, sections 3–4).
func faceTerms(x *triangle, p0, p1, p2 point) {
	// n = (p1 − p0) × (p2 − p0), in the order of rounded.Cross.
	ux, uy, uz := p1.x-p0.x, p1.y-p0.y, p1.z-p0.z
	vx, vy, vz := p2.x-p0.x, p2.y-p0.y, p2.z-p0.z
	nx := float64(uy*vz) - float64(uz*vy)
	ny := float64(uz*vx) - float64(ux*vz)
	nz := float64(ux*vy) - float64(uy*vx)
	// γ is the axis of the largest normal component; (α, β, γ) is a cyclic permutation of
	// (x, y, z).
	var c int
	var big float64
	switch ax, ay, az := math.Abs(nx), math.Abs(ny), math.Abs(nz); {
	case ax >= ay && ax >= az:
		c, big = 0, ax
	case ay >= az:
		c, big = 1, ay
	default:
		c, big = 2, az
	}
	// Mirtich scales n to unit length. The face integrals are homogeneous of degree −1 in the
	// plane's (n, w) and enter the sums times a component of n, so any positive scale gives
	// the same sums: scaling n_γ to ±1 needs no square root and keeps the powers of 1/n_γ in
	// face.lift near 1, where a tiny face could overflow them.
	if big < 1e-300 {
		*x = noTerms // a degenerate face (area below 1e-300 m²) bounds nothing
		return
	}
	k := 1 / big
	nx, ny, nz = nx*k, ny*k, nz*k
	w := -(float64(nx*p0.x) + float64(ny*p0.y) + float64(nz*p0.z)) // the face's plane: n·x + w = 0

	// Passed in registers and filled in place: copies of these structs cost as much as the
	// arithmetic around them.
	var p projection
	var f face
	switch c {
	case 0:
		p.integrate(p0.y, p0.z, p1.y, p1.z, p2.y, p2.z)
		f.lift(&p, ny, nz, nx, w)
		*x = f.terms(nx, f.c, ny, nz, nx)
		x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9] = x[3], x[1], x[2], x[6], x[4], x[5], x[9], x[7], x[8]
	case 1:
		p.integrate(p0.z, p0.x, p1.z, p1.x, p2.z, p2.x)
		f.lift(&p, nz, nx, ny, w)
		*x = f.terms(nx, f.b, nz, nx, ny)
		x[1], x[2], x[3], x[4], x[5], x[6], x[7], x[8], x[9] = x[2], x[3], x[1], x[5], x[6], x[4], x[8], x[9], x[7]
	default:
		p.integrate(p0.x, p0.y, p1.x, p1.y, p2.x, p2.y)
		f.lift(&p, nx, ny, nz, w)
		*x = f.terms(nx, f.a, nx, ny, nz)
	}
}

// projection holds the integrals over a face's projection on the (α, β) plane of 1, α, β,
// α², αβ, β², α³, α²β, αβ², β³, signed by the projected winding (Mirtich's P1, Pa, …).
type projection struct {
	one, a, b, aa, ab, bb, aaa, aab, abb, bbb float64
}

// integrate sets p to the integrals over the triangle (a0, b0) (a1, b1) (a2, b2) of the
// (α, β) plane, by Green's theorem: each integral is a sum over edges of a polynomial in the
// edge's end points.
func (p *projection) integrate(a0, b0, a1, b1, a2, b2 float64) {
	// Each vertex's powers, shared by its two edges.
	a02, b02, a12, b12, a22, b22 := a0*a0, b0*b0, a1*a1, b1*b1, a2*a2, b2*b2
	a03, b03, a13, b13, a23, b23 := a02*a0, b02*b0, a12*a1, b12*b1, a22*a2, b22*b2
	*p = projection{}
	p.addEdge(a0, b0, a1, b1, a02, b02, a12, b12, a03, b03, a13, b13)
	p.addEdge(a1, b1, a2, b2, a12, b12, a22, b22, a13, b13, a23, b23)
	p.addEdge(a2, b2, a0, b0, a22, b22, a02, b02, a23, b23, a03, b03)
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
}

// addEdge adds the terms of the edge from (a0, b0) to (a1, b1) to the sums of projection.integrate,
// before their common factors, given the end points' squares and cubes.
func (p *projection) addEdge(a0, b0, a1, b1, a02, b02, a12, b12, a03, b03, a13, b13 float64) {
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

// face holds the integrals over a face of α, β, γ, α², β², γ², α³, β³, γ³, α²β, β²γ, γ²α.
type face struct {
	a, b, c, aa, bb, cc, aaa, bbb, ccc, aab, bbc, cca float64
}

// terms returns the face's terms of the sums, given n_x, the face integral fx of x
// (∫1 dV = ∮ x n_x dA) and the normal (na, nb, nc) in the face's axes (α, β, γ): T0, then
// T1, T2 and TP each in the order (α, β, γ), which faceTerms turns into (x, y, z).
func (f *face) terms(nx, fx, na, nb, nc float64) triangle {
	return triangle{
		float64(nx * fx),
		float64(na * f.aa), float64(nb * f.bb), float64(nc * f.cc),
		float64(na * f.aaa), float64(nb * f.bbb), float64(nc * f.ccc),
		float64(na * f.aab), float64(nb * f.bbc), float64(nc * f.cca),
	}
}

// lift sets f to the projection integrals p lifted to the face on the plane
// na α + nb β + nc γ + w = 0 (|nc| the largest component), substituting γ from the plane.
// Dividing by the signed nc both scales the projected area back up and undoes the sign the
// projection's winding gave the integrals.
func (f *face) lift(p *projection, na, nb, nc, w float64) {
	k1 := 1 / nc
	k2 := k1 * k1
	k3 := k2 * k1
	k4 := k3 * k1
	na2, nb2 := na*na, nb*nb
	lin := float64(na*p.a) + float64(nb*p.b)                              // ∫(na α + nb β)
	quad := float64(na2*p.aa) + float64(2*na*nb*p.ab) + float64(nb2*p.bb) // ∫(na α + nb β)²
	wOne := float64(w * p.one)
	*f = face{
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
