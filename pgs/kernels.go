package pgs

// The per-body arithmetic of GaussSeidel, written once for every body width. Each kernel
// fixes its order of operations: the solver's results are reproducible bit for bit, and
// kernels_test.go holds each one equal to the plain formula it replaces.

// block is one body's DOF numbers: *[6]float64 in 3D and *[3]float64 in 2D, whose width the
// compiler knows, so that the loops unroll without bounds checks, and []float64 for any
// other width.
type block interface {
	*[6]float64 | *[3]float64 | []float64
}

// fixedWidth reports whether P's width is known at compile time.
func fixedWidth[P block]() bool { return len(P(nil)) > 0 }

// at returns block i (d numbers from i·d) of x. For the fixed widths d is the constant
// width, which spares the index arithmetic and most bounds checks.
func at[P block](x []float64, i, d int) P {
	if n := len(P(nil)); n > 0 {
		return P(x[i*n:])
	}
	return P(x[i*d : i*d+d])
}

// dotFrom returns s + a·b, summed left to right in one chain.
func dotFrom[P block](s float64, a, b P) float64 {
	for i := range len(a) {
		s += float64(a[i] * b[i])
	}
	return s
}

// dotChain returns a·b summed left to right from 0: the order of dot.
func dotChain[P block](a, b P) float64 { return dotFrom(0, a, b) }

// dotBlock returns a · b for one body block, summing the two halves (linear and angular in
// 3D) as separate chains: the sum sits on the dependency chain from one row's velocity
// update to the next row, so its depth matters more than its operation count (measured: 6%
// faster per row than one chain). The plain sweep uses it for the fixed widths.
func dotBlock[P block](a, b P) float64 {
	h := len(a) / 2
	s0, s1 := 0.0, 0.0
	for i := range h {
		s0 += float64(a[i] * b[i])
		s1 += float64(a[h+i] * b[h+i])
	}
	if len(a)%2 == 1 {
		s0 += float64(a[len(a)-1] * b[len(a)-1])
	}
	return s0 + s1
}

// is6 reports whether P is the 3D body block, *[6]float64, whose kernels below are written
// out: Go does not unroll loops, and at six numbers the loop's counting costs as much as its
// arithmetic. The result is a constant in each instantiation, so the test costs nothing.
// A generic kernel with both paths would be too costly to inline, so the row-level
// functions test is6 themselves; the written-out kernels keep the generic ones' order of
// operations (kernels_test.go).
func is6[P block]() bool { return len(P(nil)) == 6 }

// body6 returns block i of x as a 3D body block.
func body6(x []float64, i int) *[6]float64 { return (*[6]float64)(x[6*i : 6*i+6]) }

// rowJM6 returns the J and M⁻¹Jᵀ blocks of row k (GaussSeidel.jm) in 3D: J_A, J_B, M⁻¹J_Aᵀ,
// M⁻¹J_Bᵀ, six numbers each. Its blocks are taken with part6, without further bounds
// checks.
func rowJM6(jm []float64, k int) *[24]float64 { return (*[24]float64)(jm[24*k : 24*k+24]) }

// part6 returns block i (a constant 0 to 3) of a row's J and M⁻¹Jᵀ.
func part6(jm *[24]float64, i int) *[6]float64 { return (*[6]float64)(jm[6*i : 6*i+6]) }

// dot6From is dotFrom for the 3D body block.
func dot6From(s float64, a, b *[6]float64) float64 {
	return s + float64(a[0]*b[0]) + float64(a[1]*b[1]) + float64(a[2]*b[2]) +
		float64(a[3]*b[3]) + float64(a[4]*b[4]) + float64(a[5]*b[5])
}

// dot6 is dotChain for the 3D body block.
func dot6(a, b *[6]float64) float64 { return dot6From(0, a, b) }

// axpy6 is axpyBlock for the 3D body block.
func axpy6(y, x *[6]float64, a float64) {
	y[0] += float64(a * x[0])
	y[1] += float64(a * x[1])
	y[2] += float64(a * x[2])
	y[3] += float64(a * x[3])
	y[4] += float64(a * x[4])
	y[5] += float64(a * x[5])
}

// rowDot is the dot product of the plain sweep and of M⁻¹Jᵀ: dotBlock for the fixed widths,
// dotChain for the others.
func rowDot[P block](a, b P) float64 {
	if fixedWidth[P]() {
		return dotBlock(a, b)
	}
	return dotChain(a, b)
}

// axpyBlock adds a·x to y.
func axpyBlock[P block](y, x P, a float64) {
	for i := range len(y) {
		y[i] += float64(a * x[i])
	}
}

// massShape describes a body's DOF×DOF inverse mass block.
type massShape uint8

const (
	// fullMass is any block: M⁻¹x costs DOF² products.
	fullMass massShape = iota
	// fixedMass is all zeros: an infinitely heavy body.
	fixedMass
	// splitMass is zero outside the diagonal of its first linearDOF rows and the square
	// block of the others (a rigid body's diag(1/m, …, I⁻¹)): M⁻¹x costs linearDOF + (DOF −
	// linearDOF)² products, a third of the full cost in 3D.
	splitMass
)

// linearDOF returns how many of a d-wide velocity block are linear: 3 in 3D, 2 in 2D.
func linearDOF(d int) int { return (d + 1) / 2 }

// shapeOf classifies the d×d row-major block m.
func shapeOf(m []float64, d int) massShape {
	zero, split := true, true
	l := linearDOF(d)
	for r := range d {
		for c, x := range m[r*d : r*d+d] {
			if x != 0 {
				zero = false
				if r < l && c != r || r >= l && c < l {
					split = false
				}
			}
		}
	}
	switch {
	case zero:
		return fixedMass
	case split:
		return splitMass
	}
	return fullMass
}

// mulInv sets dst = M x for the d×d row-major block m of the given shape (not fixedMass).
// Each dst[r] is rowDot(M_r, x); for splitMass the products with M's zeros, which for a
// finite x add only zeros that turn a −0 into +0, are left out and the +0 kept, so that
// the result is the same to the bit.
func mulInv[P block](dst P, m []float64, x P, shape massShape) {
	d := len(x)
	if shape != splitMass {
		for r := range d {
			dst[r] = rowDot(P(m[r*d:r*d+d]), x)
		}
		return
	}
	l := linearDOF(d)
	for r := range l {
		dst[r] = 0 + float64(at[P](m, r, d)[r]*x[r])
	}
	for r := l; r < d; r++ {
		row, s := at[P](m, r, d), 0.0
		for c := l; c < d; c++ {
			s += float64(row[c] * x[c])
		}
		dst[r] = s
	}
}
