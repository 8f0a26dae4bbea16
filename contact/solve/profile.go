package solve

import (
	"math"

	"github.com/tumble-physics/tumble/contact/internal/work"
)

// profile is a square matrix held by its envelope (a skyline) with a symmetric pattern:
// row i keeps its entries from column first[i] up to the diagonal, and column i its
// entries from row first[i] down to the diagonal. With the rows of a chain or a tree of
// manifolds numbered along it, the envelope is a narrow band and the LU factors fill
// nothing outside it, so factoring costs about the sum over rows of their width squared,
// not n³. The matrix is J M⁻¹ Hᵀ, where H is J with sliding friction folded into the
// normal rows' impulses: nearly symmetric and positive definite, so that it factors
// without pivoting.
type profile struct {
	first []int32   // per row and column: where its envelope begins
	start []int32   // per row: where its entries begin in the arrays below
	lower []float64 // a_ij, j < i, row after row, and the diagonal a_ii at each row's end
	upper []float64 // a_ji, j < i, column after column (the diagonal unused)
	l, u  []float64 // the LU factors, same layouts (L unit lower, its diagonal unused)
}

// reset sizes p for rows and columns whose envelopes begin at first; every entry within
// the envelope is then to be set.
func (p *profile) reset(first []int32) {
	p.first = append(p.first[:0], first...)
	p.start = p.start[:0]
	at := int32(0)
	for i, f := range first {
		p.start = append(p.start, at)
		at += int32(i) - f + 1
	}
	p.start = append(p.start, at)
	p.lower = work.Resize(p.lower, int(at))
	p.upper = work.Resize(p.upper, int(at))
	p.l = work.Resize(p.l, int(at))
	p.u = work.Resize(p.u, int(at))
}

// profileCost returns the multiplications of factoring a matrix whose envelopes begin at
// first, for each factor.
func profileCost(first []int32) int {
	c := 0
	for i, f := range first {
		w := i - int(f)
		c += w * (w + 1) / 2
	}
	return c
}

// set sets entry (i, j), which must lie within the envelope.
func (p *profile) set(i, j int, x float64) {
	if j <= i {
		p.lower[int(p.start[i])+j-int(p.first[i])] = x
	} else {
		p.upper[int(p.start[j])+i-int(p.first[j])] = x
	}
}

// factor computes the LU factors of the matrix with reg times each diagonal entry added
// to it, and reports whether every pivot was positive. The small regularization makes a
// singular matrix (rows that depend on others) factorable; solve's refinement then
// removes its error on the rest.
func (p *profile) factor(reg float64) bool {
	for i := range len(p.first) {
		fi, si := int(p.first[i]), int(p.start[i])
		for j := fi; j < i; j++ {
			fj, sj := int(p.first[j]), int(p.start[j])
			lo, up := p.lower[si+j-fi], p.upper[si+j-fi]
			for k := max(fi, fj); k < j; k++ {
				lo -= float64(p.l[si+k-fi] * p.u[sj+k-fj])
				up -= float64(p.l[sj+k-fj] * p.u[si+k-fi])
			}
			p.l[si+j-fi] = lo / p.u[sj+j-fj]
			p.u[si+j-fi] = up
		}
		d := p.lower[si+i-fi]
		for k := fi; k < i; k++ {
			d -= float64(p.l[si+k-fi] * p.u[si+k-fi])
		}
		d += float64(reg * p.lower[si+i-fi])
		if !(d > 0) || math.IsInf(d, 0) {
			return false
		}
		p.u[si+i-fi] = d
	}
	return true
}

// solve solves A x = b with the factors of A's regularized copy, refined against A itself
// at most twice, until the residual is rounding; r is scratch of b's length.
func (p *profile) solve(b, x, r []float64) {
	clear(x)
	copy(r, b)
	size := 0.0
	for _, v := range b {
		size = max(size, math.Abs(v))
	}
	for range 3 {
		p.backsolve(r)
		for i := range x {
			x[i] += r[i]
		}
		p.residual(b, x, r)
		left := 0.0
		for _, v := range r {
			left = max(left, math.Abs(v))
		}
		if left <= 1e-14*size {
			return
		}
	}
}

// backsolve overwrites b with (L U)⁻¹ b.
func (p *profile) backsolve(b []float64) {
	n := len(p.first)
	for i := range n {
		fi, si := int(p.first[i]), int(p.start[i])
		s := b[i]
		for k := fi; k < i; k++ {
			s -= float64(p.l[si+k-fi] * b[k])
		}
		b[i] = s
	}
	for i := n - 1; i >= 0; i-- {
		fi, si := int(p.first[i]), int(p.start[i])
		b[i] /= p.u[si+i-fi]
		for k := fi; k < i; k++ {
			b[k] -= float64(p.u[si+k-fi] * b[i])
		}
	}
}

// residual sets r to b − A x.
func (p *profile) residual(b, x, r []float64) {
	copy(r, b)
	for i := range len(p.first) {
		fi, si := int(p.first[i]), int(p.start[i])
		for k := fi; k < i; k++ {
			r[i] -= float64(p.lower[si+k-fi] * x[k])
			r[k] -= float64(p.upper[si+k-fi] * x[i])
		}
		r[i] -= float64(p.lower[si+i-fi] * x[i])
	}
}
