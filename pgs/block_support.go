package pgs

import "math"

// A block's support: the rows that push at the last visit's solution. Once a stack settles
// it rarely changes from one sweep to the next, so each visit first tries it, and keeps its
// factorization for the visits after.

// trySupport solves the block LCP on the assumption that exactly the rows in support push:
// A_SS x_S = −b_S, x = 0 elsewhere. It reports whether that assumption holds (x_S ≥ 0 and
// w ≥ 0 off S, to rounding) with A_SS not singular to 1e-12 relative. A_SS is factored
// into lu unless lu already holds it.
func trySupport(lu *SupportLU, support uint8, m int, a, b, x []float64) bool {
	if !lu.valid || lu.support != support {
		lu.factor(support, m, a)
	}
	if !lu.solvable {
		return false
	}
	n := lu.n
	if n == m { // every row pushes: x is x_S
		for i := range m {
			x[i] = -b[i]
		}
		luSolve(n, lu.lu[:n*n], lu.piv[:n], x[:m])
		for _, xi := range x[:m] {
			if xi < 0 {
				return false
			}
		}
		return true
	}
	var y [MaxBlock]float64
	for r := range n {
		y[r] = -b[lu.idx[r]]
	}
	luSolve(n, lu.lu[:n*n], lu.piv[:n], y[:n])
	clear(x[:m])
	for r := range n {
		if y[r] < 0 {
			return false
		}
		x[lu.idx[r]] = y[r]
	}
	for i := range m {
		if support&(1<<i) == 0 {
			w := b[i]
			scale := math.Abs(b[i])
			for j := range m {
				w += float64(a[i*m+j] * x[j])
				scale += math.Abs(a[i*m+j] * x[j])
			}
			if w < -1e-12*scale {
				return false
			}
		}
	}
	return true
}

// SupportLU is a block's A_SS for one support S, factored by luFactor (its zero value holds
// none). The pivots and multipliers of Gaussian elimination depend on the matrix alone, so a
// visit that tries S again only substitutes its new right-hand side (luSolve), and gets the
// numbers of a full elimination to the bit.
type SupportLU struct {
	valid    bool  // the fields below describe the block's current matrix
	support  uint8 // S
	solvable bool  // A_SS has no pivot at or below 1e-12 of its largest diagonal entry
	n        int   // |S|
	idx      [MaxBlock]int
	piv      [MaxBlock]int
	lu       [MaxBlock * MaxBlock]float64
}

// factor factors the rows and columns in support of the m×m matrix a.
func (f *SupportLU) factor(support uint8, m int, a []float64) {
	f.valid, f.support, f.n = true, support, 0
	for i := range m {
		if support&(1<<i) != 0 {
			f.idx[f.n] = i
			f.n++
		}
	}
	n, sub := f.n, f.lu[:f.n*f.n]
	if n == m {
		copy(sub, a)
	} else {
		for r := range n {
			for c := range n {
				sub[r*n+c] = a[f.idx[r]*m+f.idx[c]]
			}
		}
	}
	diag := 0.0
	for r := range n {
		diag = max(diag, sub[r*n+r])
	}
	f.solvable = luFactor(n, sub, f.piv[:n], 1e-12*diag)
}

// Invalidate forgets the factorization: the block's matrix has changed.
func (f *SupportLU) Invalidate() { f.valid = false }
