package solve

import "math"

// A manifold's rows all measure the relative motion of the same two bodies: row i's relative
// velocity is g_i · ξ, where ξ = (v_B(c_A) − v_A, ω_B − ω_A) is B's motion relative to A at
// A's centre of mass and g_i = (d_i, r_A,i × d_i). Four points pushing and sticking are twelve
// rows on a six-dimensional ξ; their impulses are not unique, and a direct solve of them all
// would be singular. A patch reduces a manifold's active rows to at most six orthonormal ones
// spanning the same g_i, G = R Q: the exact solve finds the wrench on the patch (Qᵀ times its
// reduced impulses), and the points share it out afterwards.

// maxRows is the most rows a manifold has: three per point.
const maxRows = 3 * MaxPoints

// patch is one manifold's active rows reduced.
type patch struct {
	k   int                 // reduced rows
	q   [6][6]float64       // the reduced rows, orthonormal 6-vectors (linear, angular)
	n   int                 // active rows
	row [maxRows]uint8      // per active row: point·3 + direction
	r   [maxRows][6]float64 // R: active row i is Σ_k r[i][k] q[k]
	rtr [6][6]float64       // Cholesky factor of RᵀR (lower)
	t   [maxRows]float64    // per active row: its target relative velocity
}

// dependent is how small, relative to its own length, a row's part outside the span of the
// rows before it is when it adds nothing: four coplanar points' fourth normal row leaves
// rounding only.
const dependent = 1e-9

// reduce sets p to con's rows whose status is active (point·3 + direction into status),
// with their targets: the normal rows' bias, 0 for friction.
func (p *patch) reduce(con *constraint, status []rowStatus) {
	p.k, p.n = 0, 0
	for i := range int(con.n) {
		pt := &con.pts[i]
		for d := range 3 {
			if !status[3*i+d].solved() {
				continue
			}
			g := [6]float64{con.dir[d].x, con.dir[d].y, con.dir[d].z,
				pt.rows[d].jA.x, pt.rows[d].jA.y, pt.rows[d].jA.z}
			size := norm6(&g)
			var coef [6]float64
			for k := range p.k {
				c := dot6(&g, &p.q[k])
				coef[k] = c
				for e := range 6 {
					g[e] -= float64(c * p.q[k][e])
				}
			}
			if rest := norm6(&g); rest > dependent*size && p.k < 6 {
				for e := range 6 {
					p.q[p.k][e] = g[e] / rest
				}
				coef[p.k] = rest
				p.k++
			}
			p.row[p.n], p.r[p.n] = uint8(3*i+d), coef
			p.t[p.n] = 0
			if d == 0 {
				p.t[p.n] = pt.bias
			}
			p.n++
		}
	}
	// RᵀR's Cholesky factor: R has full column rank, each q having come from some row.
	for a := range p.k {
		for b := 0; b <= a; b++ {
			s := 0.0
			for i := range p.n {
				s += float64(p.r[i][a] * p.r[i][b])
			}
			for c := range b {
				s -= float64(p.rtr[a][c] * p.rtr[b][c])
			}
			if a == b {
				p.rtr[a][a] = math.Sqrt(s)
			} else {
				p.rtr[a][b] = s / p.rtr[b][b]
			}
		}
	}
}

// cholSolve overwrites x (length k) with (F Fᵀ)⁻¹ x, F lower triangular.
func cholSolve(f *[6][6]float64, k int, x *[6]float64) {
	for a := range k {
		for c := range a {
			x[a] -= float64(f[a][c] * x[c])
		}
		x[a] /= f[a][a]
	}
	for a := k - 1; a >= 0; a-- {
		x[a] /= f[a][a]
		for c := range a {
			x[c] -= float64(f[a][c] * x[a])
		}
	}
}

// targets returns the reduced rows' targets: the least-squares y of R y = t, exact when the
// active rows' targets are those of one relative motion.
func (p *patch) targets() [6]float64 {
	var y [6]float64
	for a := range p.k {
		for i := range p.n {
			y[a] += float64(p.r[i][a] * p.t[i])
		}
	}
	cholSolve(&p.rtr, p.k, &y)
	return y
}

// share returns in lambda the active rows' impulses of least norm whose wrench is Qᵀ mu:
// λ = R (RᵀR)⁻¹ mu. Least norm spreads a load over a face's corners evenly, where the
// sweeps' block solves may leave it on two diagonal ones.
func (p *patch) share(mu []float64, lambda []float64) {
	var e [6]float64
	copy(e[:p.k], mu)
	cholSolve(&p.rtr, p.k, &e)
	for i := range p.n {
		l := 0.0
		for a := range p.k {
			l += float64(p.r[i][a] * e[a])
		}
		lambda[i] = l
	}
}

// shareRow returns row i of R (RᵀR)⁻¹: how active row i's impulse follows the reduced
// impulses in share.
func (p *patch) shareRow(i int) [6]float64 {
	x := p.r[i]
	cholSolve(&p.rtr, p.k, &x)
	return x
}

func dot6(a, b *[6]float64) float64 {
	s := 0.0
	for i := range 6 {
		s += float64(a[i] * b[i])
	}
	return s
}

func norm6(a *[6]float64) float64 { return math.Sqrt(dot6(a, a)) }
