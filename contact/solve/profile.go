package solve

import "math"

// profile is a symmetric positive semi-definite matrix held by its envelope (a skyline):
// row i keeps its entries from column first[i] up to the diagonal. With the rows of a
// chain or a tree of manifolds numbered along it, the envelope is a narrow band and the
// Cholesky factor fills nothing outside it, so factoring costs the sum over rows of their
// width squared, not n³.
type profile struct {
	first []int32   // per row: its first column in the envelope
	start []int32   // per row: where its entries begin in a (row i's diagonal is a[start[i+1]-1])
	a     []float64 // the matrix's envelope, row after row
	l     []float64 // its Cholesky factor, same layout
}

// reset sizes p for rows whose envelopes begin at first, and zeroes the matrix.
func (p *profile) reset(first []int32) {
	p.first = append(p.first[:0], first...)
	p.start = p.start[:0]
	at := int32(0)
	for i, f := range first {
		p.start = append(p.start, at)
		at += int32(i) - f + 1
	}
	p.start = append(p.start, at)
	p.a = resizeZero(p.a, int(at))
	p.l = resizeZero(p.l, int(at))
}

// profileCost returns the multiplications of factoring a matrix whose envelopes begin at first.
func profileCost(first []int32) int {
	c := 0
	for i, f := range first {
		w := i - int(f)
		c += w * (w + 1) / 2
	}
	return c
}

// add adds x to entry (i, j), j ≤ i, within the envelope.
func (p *profile) add(i, j int, x float64) {
	p.a[int(p.start[i])+j-int(p.first[i])] += x
}

// factor computes the Cholesky factor of the matrix with reg times each diagonal entry
// added to it, and reports whether every pivot was positive. The small regularization
// makes a singular matrix (rows that depend on others) factorable; solve's refinement then
// removes its error on the rest.
func (p *profile) factor(reg float64) bool {
	copy(p.l, p.a)
	for i := range len(p.first) {
		fi, si := int(p.first[i]), int(p.start[i])
		for j := fi; j <= i; j++ {
			fj, sj := int(p.first[j]), int(p.start[j])
			s := p.l[si+j-fi]
			for k := max(fi, fj); k < j; k++ {
				s -= float64(p.l[si+k-fi] * p.l[sj+k-fj])
			}
			if j < i {
				p.l[si+j-fi] = s / p.l[sj+j-fj]
				continue
			}
			s += float64(reg * p.a[si+i-fi])
			if !(s > 0) || math.IsInf(s, 0) {
				return false
			}
			p.l[si+i-fi] = math.Sqrt(s)
		}
	}
	return true
}

// solve solves A x = b with the factor of A's regularized copy, refined twice against A
// itself; r is scratch of b's length.
func (p *profile) solve(b, x, r []float64) {
	clear(x)
	copy(r, b)
	for range 3 {
		p.backsolve(r)
		for i := range x {
			x[i] += r[i]
		}
		p.residual(b, x, r)
	}
}

// backsolve overwrites b with (L Lᵀ)⁻¹ b.
func (p *profile) backsolve(b []float64) {
	n := len(p.first)
	for i := range n {
		fi, si := int(p.first[i]), int(p.start[i])
		s := b[i]
		for k := fi; k < i; k++ {
			s -= float64(p.l[si+k-fi] * b[k])
		}
		b[i] = s / p.l[si+i-fi]
	}
	for i := n - 1; i >= 0; i-- {
		fi, si := int(p.first[i]), int(p.start[i])
		b[i] /= p.l[si+i-fi]
		for k := fi; k < i; k++ {
			b[k] -= float64(p.l[si+k-fi] * b[i])
		}
	}
}

// residual sets r to b − A x.
func (p *profile) residual(b, x, r []float64) {
	copy(r, b)
	for i := range len(p.first) {
		fi, si := int(p.first[i]), int(p.start[i])
		for k := fi; k < i; k++ {
			a := p.a[si+k-fi]
			r[i] -= float64(a * x[k])
			r[k] -= float64(a * x[i])
		}
		r[i] -= float64(p.a[si+i-fi] * x[i])
	}
}

// resizeZero returns s with length n, zeroed.
func resizeZero(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	s = s[:n]
	clear(s)
	return s
}
