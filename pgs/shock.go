package pgs

import (
	"math"
	"slices"
)

// Shock propagation (Guendelman, Bridson, Fedkiw 2003, "Nonconvex rigid bodies with
// stacking"): when GaussSeidel.Shock is set and the Problem gives each body a Level (its
// height in the contact graph, 0 for bodies on the ground), the shock sweep of a solve (its
// last, or the one PlainAfterShock plain sweeps before the end) treats, in each row, the body of the lower level as infinitely heavy: its velocity is
// read but not changed. Visited bottom-up (the caller orders the rows by level), one such
// sweep leaves every contact of a stack non-approaching, however slowly the plain sweeps
// have carried the weight of forty boxes down to the floor, and a heavy box cannot crush a
// light one under it, since the light one is frozen when the heavy one is stopped. Rows
// between bodies of the same level are solved as usual.
//
// The sweep's impulses act on one body only, so they do not conserve momentum. Problem.Lambda,
// the next step's warm start, keeps the plain sweeps' impulses, except on the normal rows
// whose frozen body is lighter than the one it holds: there it keeps the shock sweep's.
// The plain sweeps cannot carry a heavy body's weight through a light one (their
// convergence slows with the mass ratio), and without the shock sweep's support in the warm
// start a cube set off centre on one 300 times lighter was pushed 31 cm aside in 10 s
// (TestMassRatioLimitHolds). Between bodies alike the shock sweep's impulses depend on the
// order it visits them in (a body on two supports is stopped by the first alone), and kept,
// then applied to both bodies of each row as a warm start is, they pushed a tall
// structure's lower bodies down and its upper ones up a little more every step: Box3D's
// 5,050-cube pyramid (large_pyramid) erupted, gaining 1 MJ and throwing cubes 12 m in 200
// steps (TestTallPyramidDoesNotErupt).

// shockRow is a row's shock-sweep data: which of its body slots is frozen (−1: none) and
// the effective inverse mass over the other slot.
type shockRow struct {
	frozen  int
	d, invD float64
	// keep says the row's impulse is kept for the warm start: a normal row whose frozen body
	// is lighter than the body it holds.
	keep bool
}

// prepareShock fills the per-row shock data and, with BlockNormals, the blocks' one-sided
// Delassus matrices. It reports whether any row has a frozen body.
func prepareShock[P block](s *GaussSeidel, p *Problem) bool {
	d := p.DOF
	s.shock = resize(s.shock, len(s.rows))
	s.shockL = resize(s.shockL, len(s.rows))
	any := false
	for k := range s.rows {
		g := &s.rows[k]
		sr := shockRow{frozen: -1, d: g.d, invD: g.invD}
		if g.a >= 0 && g.b >= 0 && p.Level[g.a] != p.Level[g.b] {
			sr.frozen = 0
			if p.Level[g.b] < p.Level[g.a] {
				sr.frozen = 1
			}
			held, holder := g.b, g.a
			if sr.frozen == 1 {
				held, holder = g.a, g.b
			}
			sr.keep = g.normal < 0 && p.InvMass[holder*d*d] > p.InvMass[held*d*d]
			var one [1]float64
			delassus[P](s, d, k, 1, 1-sr.frozen, one[:])
			sr.d, sr.invD = one[0], 0
			if sr.d > 0 {
				sr.invD = 1 / sr.d
			}
			any = true
		}
		s.shock[k] = sr
	}
	if !any || !s.BlockNormals {
		return any
	}
	s.shockA = s.shockA[:0]
	blk := 0
	for k := 0; k < len(s.rows); {
		m := s.blockLen[k]
		if m > 1 {
			off := s.block[blk].off
			blk++
			if s.shock[k].frozen < 0 {
				s.shockA = append(s.shockA, s.blockA[off:off+m*m]...)
			} else {
				n := len(s.shockA)
				s.shockA = slices.Grow(s.shockA, m*m)[:n+m*m]
				delassus[P](s, d, k, m, 1-s.shock[k].frozen, s.shockA[n:])
				Regularize(s.shockA[n:], m, shockRegularization)
			}
		}
		k += max(m, 1)
	}
	return any
}

// shockSweep is the shock-propagation sweep: like sweep, but each row's frozen body keeps
// its velocity, and the impulses go to s.shockL (starting from lambda); those of the rows
// marked keep are then copied back to lambda.
func shockSweep[P block](s *GaussSeidel, d int, v, lambda []float64) float64 {
	copy(s.shockL, lambda)
	l := s.shockL
	res := 0.0
	off, blk := 0, 0
	for k := 0; k < len(s.rows); {
		m := 1
		if s.BlockNormals {
			m = s.blockLen[k]
		}
		if m > 1 {
			res = max(res, shockBlock[P](s, d, k, m, &s.block[blk], off, v, l))
			off += m * m
			blk++
		} else {
			res = max(res, shockRowStep[P](s, d, k, v, l))
		}
		k += m
	}
	for k := range s.rows {
		if s.shock[k].keep {
			lambda[k] = l[k]
		}
	}
	return res
}

// shockRowStep updates row k alone, moving only its free bodies.
func shockRowStep[P block](s *GaussSeidel, d, k int, v, lambda []float64) float64 {
	g, sr := &s.rows[k], &s.shock[k]
	if g.a < 0 || sr.invD == 0 {
		return 0
	}
	lo, hi := g.bounds(lambda)
	old := lambda[k]
	if is6[P]() { // rowVelocity and applyFree written out
		jm, va, vb := rowJM6(s.jm, k), body6(v, g.a), (*[6]float64)(nil)
		w := dot6(part6(jm, 0), va) - g.bias
		if g.b >= 0 {
			vb = body6(v, g.b)
			w += dot6(part6(jm, 1), vb)
		}
		l := min(max(old-float64(w*sr.invD), lo), hi)
		lambda[k] = l
		dl := l - old
		if dl == 0 {
			return 0
		}
		if sr.frozen != 0 {
			axpy6(va, part6(jm, 2), dl)
		}
		if vb != nil && sr.frozen != 1 {
			axpy6(vb, part6(jm, 3), dl)
		}
		return sr.d * math.Abs(dl)
	}
	l := min(max(old-float64(rowVelocity[P](g, s.jm[k*4*d:], d, v)*sr.invD), lo), hi)
	lambda[k] = l
	dl := l - old
	if dl == 0 {
		return 0
	}
	applyFree[P](s, d, k, v, dl)
	return sr.d * math.Abs(dl)
}

// applyFree adds M⁻¹J_kᵀ·dl to the velocities of row k's bodies that are not frozen.
func applyFree[P block](s *GaussSeidel, d, k int, v []float64, dl float64) {
	g, fr := &s.rows[k], s.shock[k].frozen
	applyTo[P](g, s.jm[k*4*d:], d, v, dl, fr != 0, g.b >= 0 && fr != 1)
}

// shockBlock solves the m-row block at row k (block blk) with its one-sided Delassus matrix
// (at off in s.shockA), moving only its free body. A block without a frozen body has the
// plain sweeps' matrix, and so their support factorization; any other is factored afresh.
func shockBlock[P block](s *GaussSeidel, d, k, m int, blk *normalBlock, off int, v, lambda []float64) float64 {
	lu := &blk.lu
	if s.shock[k].frozen >= 0 {
		lu = &s.shockLU
		lu.Invalidate()
	}
	return solveRows[P](s, d, k, m, blk, lu, s.shockA[off:off+m*m], true, v, lambda)
}
