package solve

import (
	"math"

	"github.com/tumble-physics/tumble/pgs"
)

// blockRegularization is added, relative to the largest diagonal entry, to the diagonal of
// the normal rows' Delassus matrix of a manifold between two moving bodies. Four coplanar
// points make the matrix singular and the block's impulses not unique: an exact solution
// may put a box's weight on two diagonal corners, and the friction those corners can hold
// twists the box. Made positive definite, the block spreads the load over its corners
// (pyramid20's largest move 2.6 → 0.9 cm). The price is a small compliance in the plain
// sweeps, which the shock sweep (regularized by shockRegularization alone) removes. Not
// against planes or fixed bodies: a body held by those alone gets no shock sweep to remove
// the compliance (a torus in a wedge then gained 2 µJ in a step).
const blockRegularization = 1e-2

// shockRegularization is blockRegularization for the shock sweep's one-sided blocks: just
// enough to make four coplanar points solvable as a definite system.
const shockRegularization = 1e-6

// setBlock sets the Delassus matrix of con's normal rows, J M⁻¹ Jᵀ, with reg times its
// largest diagonal entry added to the diagonal, and forgets its inverses.
func (con *constraint) setBlock(reg float64) {
	con.inv.inv[0].valid, con.inv.inv[1].valid = false, false
	n := int(con.n)
	nn := con.dir[0].dot(con.dir[0])
	lin := float64((con.mA + con.mB) * nn)
	for i := range n {
		ri := &con.pts[i].rows[0]
		for j := i; j < n; j++ {
			rj := &con.pts[j].rows[0]
			a := lin + ri.jA.dot(rj.iA) + ri.jB.dot(rj.iB)
			con.block[i*n+j], con.block[j*n+i] = a, a
		}
	}
	if reg > 0 {
		pgs.Regularize(con.block[:n*n], n, reg)
	}
}

// supportInverse is the inverse of a block's matrix on its support S, the rows that pushed
// at its last solution: once a stack settles S rarely changes from one visit to the next,
// and a visit then costs one small matrix product.
type supportInverse struct {
	valid   bool  // it holds the inverse of the block's present matrix on support
	support uint8 // S
	ok      bool  // A_SS is invertible (no pivot at or below 1e-12 of its largest diagonal entry)
	n       uint8 // |S|
	idx     [MaxPoints]uint8
	inv     [MaxPoints * MaxPoints]float64 // (A_SS)⁻¹, n×n row-major
}

// try solves the block LCP on the assumption that exactly the rows in support (si's) push:
// x_S = −(A_SS)⁻¹ b_S, x = 0 elsewhere, and reports whether that holds (x_S ≥ 0, and
// w = A x + b ≥ 0 off S to rounding). a is the m×m block matrix.
func (si *supportInverse) try(support uint8, m int, a []float64, b, x []float64) bool {
	if !si.ok {
		return false
	}
	n := int(si.n)
	for r := range n {
		s := 0.0
		for c := range n {
			s += float64(si.inv[r*n+c] * b[si.idx[c]])
		}
		if s > 0 {
			return false
		}
		x[si.idx[r]] = -s
	}
	if n == m {
		return true
	}
	for i := range m {
		if support&(1<<i) == 0 {
			x[i] = 0
		}
	}
	for i := range m {
		if support&(1<<i) != 0 {
			continue
		}
		w, scale := b[i], math.Abs(b[i])
		for j := range m {
			p := float64(a[i*m+j] * x[j])
			w += p
			scale += math.Abs(p)
		}
		if w < -1e-12*scale {
			return false
		}
	}
	return true
}

// set inverts the rows and columns in support of the m×m matrix a, symmetric and positive
// semidefinite as a Delassus matrix is: A_SS = L D Lᵀ (L unit lower triangular, no
// pivoting), then (A_SS)⁻¹ = L⁻ᵀ D⁻¹ L⁻¹. A pivot of D at or below 1e-12 of the largest
// diagonal entry leaves it not invertible (four coplanar points against a plane). It costs
// a third of what Gauss–Jordan elimination with partial pivoting on [A_SS | I] does, with
// pyramid20's step 4% and large_pyramid's velocity solve 5% shorter for it.
func (si *supportInverse) set(support uint8, m int, a []float64) {
	si.valid, si.support, si.n, si.ok = true, support, 0, false
	for i := range m {
		if support&(1<<i) != 0 {
			si.idx[si.n] = uint8(i)
			si.n++
		}
	}
	n := int(si.n)
	var s [MaxPoints * MaxPoints]float64 // A_SS
	diag := 0.0
	for r := range n {
		for c := range n {
			s[r*MaxPoints+c] = a[int(si.idx[r])*m+int(si.idx[c])]
		}
		diag = max(diag, s[r*MaxPoints+r])
	}
	var l, x [MaxPoints * MaxPoints]float64 // L below its unit diagonal; L⁻¹
	var d [MaxPoints]float64
	for j := range n {
		p := s[j*MaxPoints+j]
		for k := range j {
			p -= float64(float64(l[j*MaxPoints+k]*l[j*MaxPoints+k]) * d[k])
		}
		if !(p > 1e-12*diag) {
			return
		}
		d[j] = p
		for i := j + 1; i < n; i++ {
			q := s[i*MaxPoints+j]
			for k := range j {
				q -= float64(float64(l[i*MaxPoints+k]*l[j*MaxPoints+k]) * d[k])
			}
			l[i*MaxPoints+j] = q / p
		}
	}
	for i := range n {
		x[i*MaxPoints+i] = 1
		for j := range i {
			q := -l[i*MaxPoints+j]
			for k := j + 1; k < i; k++ {
				q -= float64(l[i*MaxPoints+k] * x[k*MaxPoints+j])
			}
			x[i*MaxPoints+j] = q
		}
	}
	for r := range n {
		for c := r; c < n; c++ {
			q := 0.0
			for k := c; k < n; k++ {
				q += float64(x[k*MaxPoints+r]*x[k*MaxPoints+c]) / d[k]
			}
			si.inv[r*n+c], si.inv[c*n+r] = q, q
		}
	}
	si.ok = true
}

// supports keeps the inverses of a block's matrix on the two supports it used last: near
// rest a box's load often shifts back and forth between all four corners and three.
type supports struct {
	inv  [2]supportInverse
	next uint8 // the entry to replace next
}

// solve solves the block LCP of matrix a (m×m) and right-hand side b into x on the
// assumption that the rows in support push, with that support's inverse kept, and reports
// false when the assumption fails: the support has changed, which Lemke's method finds.
// (When the matrix is singular, as for four coplanar points against a plane, the LCP's
// solutions are many; Lemke's method picks one, and a guess of the next support from the
// failed one picks others, which let resting bodies rock longer: TestConcurrentReads's
// heap stayed awake.)
func (s *supports) solve(support *uint8, m int, a, b, x []float64) bool {
	return s.entry(*support, m, a).try(*support, m, a, b, x)
}

// entry returns the inverse on support, set in place of the older entry if not kept.
func (s *supports) entry(support uint8, m int, a []float64) *supportInverse {
	for i := range s.inv {
		if s.inv[i].valid && s.inv[i].support == support {
			return &s.inv[i]
		}
	}
	si := &s.inv[s.next]
	s.next ^= 1
	si.set(support, m, a)
	return si
}
