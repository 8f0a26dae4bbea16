package pgs

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// randomSPD returns a random symmetric positive definite d×d block (row-major) and its inverse.
func randomSPD(rng *rand.Rand, d int) (m, inv []float64) {
	b := mat.NewDense(d, d, nil)
	for i := range d {
		for j := range d {
			b.Set(i, j, rng.NormFloat64())
		}
	}
	var s mat.Dense
	s.Mul(b, b.T())
	for i := range d {
		s.Set(i, i, s.At(i, i)+0.5+rng.Float64())
	}
	var si mat.Dense
	if err := si.Inverse(&s); err != nil {
		panic(err)
	}
	return s.RawMatrix().Data, si.RawMatrix().Data
}

// problemSpec describes a random problem: bodies, fixed ones among them, normal rows with
// friction rows per normal; with massSpread > 1 each body's mass blocks are scaled by a
// random factor between 1/massSpread and massSpread (log-uniform).
type problemSpec struct {
	dof, bodies, fixed, normals, friction int
	mu, massSpread                        float64
}

// randomProblem builds a feasible random problem: every normal row's bias is J·v* minus a
// nonnegative slack for a random velocity v* (equal to v on the fixed bodies, the first
// s.fixed), so J v ≥ Bias has a solution.
func randomProblem(rng *rand.Rand, s problemSpec) *Problem {
	p := &Problem{}
	p.Reset(s.dof)
	for i := range s.bodies {
		v := make([]float64, s.dof)
		for k := range v {
			v[k] = rng.NormFloat64()
		}
		if i < s.fixed {
			p.AddBody(nil, nil, v)
			continue
		}
		m, inv := randomSPD(rng, s.dof)
		if s.massSpread > 1 {
			f := math.Pow(s.massSpread, 2*rng.Float64()-1)
			for k := range m {
				m[k], inv[k] = m[k]*f, inv[k]/f
			}
		}
		p.AddBody(m, inv, v)
	}
	star := make([]float64, len(p.V))
	for k := range star {
		star[k] = rng.NormFloat64()
	}
	copy(star, p.V[:s.fixed*s.dof]) // fixed bodies cannot change velocity
	ja, jb := make([]float64, s.dof), make([]float64, s.dof)
	for range s.normals {
		a := s.fixed + rng.IntN(s.bodies-s.fixed) // at least one free body per row
		b := rng.IntN(s.bodies+1) - 1
		if b == a {
			b = -1
		}
		fill := func() {
			for k := range ja {
				ja[k], jb[k] = rng.NormFloat64(), rng.NormFloat64()
			}
			if b < 0 {
				clear(jb)
			}
		}
		fill()
		bias := dot(ja, star[a*s.dof:(a+1)*s.dof]) - rng.Float64()*math.Abs(rng.NormFloat64())
		if b >= 0 {
			bias += dot(jb, star[b*s.dof:(b+1)*s.dof])
		}
		n := p.AddRow(NormalRow(a, b, bias), ja, jb, 0)
		for range s.friction {
			fill()
			p.AddRow(FrictionRow(a, b, n, s.mu), ja, jb, 0)
		}
	}
	return p
}

// clone returns a deep copy of p.
func clone(p *Problem) *Problem {
	return &Problem{
		DOF:     p.DOF,
		Mass:    append([]float64(nil), p.Mass...),
		InvMass: append([]float64(nil), p.InvMass...),
		V:       append([]float64(nil), p.V...),
		Rows:    append([]Row(nil), p.Rows...),
		J:       append([]float64(nil), p.J...),
		Lambda:  append([]float64(nil), p.Lambda...),
	}
}

// maxDiff returns max |a_i − b_i|.
func maxDiff(a, b []float64) float64 {
	m := 0.0
	for i := range a {
		m = max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

// rowLayout is the order of a manifold's rows in a test problem.
type rowLayout int

const (
	interleaved rowLayout = iota // per contact point: normal, then its friction rows
	grouped                      // per manifold: all normal rows, then all friction rows
)

// towers returns cols towers of `high` unit boxes (1 kg) on a fixed floor (body 0), every
// box falling at g·dt = 9.81/60 m/s, so every contact row is active and every sweep changes
// every impulse. In 3D each box touches the one below on four corners with a normal and two
// friction rows (12 rows per box); in 2D on two corners with a normal and one friction row
// (4 rows per box). All rows are two-body rows, in the given layout.
func towers(dof, cols, high int, layout rowLayout) *Problem {
	var p Problem
	p.Reset(dof)
	p.AddBody(nil, nil, nil)
	mass, inv := make([]float64, dof*dof), make([]float64, dof*dof)
	inertia := 1.0 / 6 // unit cube (and unit square), 1 kg
	for i := range dof {
		mass[i*dof+i], inv[i*dof+i] = 1, 1
		if i >= dof/2 && dof == 6 || dof == 3 && i == 2 {
			mass[i*dof+i], inv[i*dof+i] = inertia, 1/inertia
		}
	}
	v := make([]float64, dof)
	v[1] = -9.81 / 60
	corners := [][3]float64{{-0.5, 0, -0.5}, {0.5, 0, -0.5}, {0.5, 0, 0.5}, {-0.5, 0, 0.5}}
	tangents := [][3]float64{{1, 0, 0}, {0, 0, 1}}
	if dof == 3 {
		corners, tangents = corners[:2], tangents[:1]
	}
	ja, jb := make([]float64, dof), make([]float64, dof)
	// jac fills the Jacobian block of direction n at offset r (3D: [n; r × n], 2D: [n; r × n]).
	jac := func(j []float64, n, r [3]float64, sign float64) {
		if dof == 3 {
			j[0], j[1], j[2] = sign*n[0], sign*n[1], sign*(r[0]*n[1]-r[1]*n[0])
			return
		}
		c := [3]float64{r[1]*n[2] - r[2]*n[1], r[2]*n[0] - r[0]*n[2], r[0]*n[1] - r[1]*n[0]}
		for i := range 3 {
			j[i], j[3+i] = sign*n[i], sign*c[i]
		}
	}
	for range cols {
		below := 0
		for level := range high {
			b := p.AddBody(mass, inv, v)
			offsets := func(c [3]float64) (ra, rb [3]float64) {
				ra = [3]float64{c[0], 0.5, c[2]} // from the centre of the box below
				if level == 0 {
					ra = [3]float64{} // the floor: any point
				}
				return ra, [3]float64{c[0], -0.5, c[2]}
			}
			first := len(p.Rows)
			for i, c := range corners {
				ra, rb := offsets(c)
				if layout == interleaved || i == 0 {
					first = len(p.Rows) // the corner's normal row (interleaved), the manifold's first (grouped)
				}
				jac(ja, [3]float64{0, 1, 0}, ra, -1)
				jac(jb, [3]float64{0, 1, 0}, rb, 1)
				p.AddRow(NormalRow(below, b, 0), ja, jb, 0)
				if layout == grouped {
					continue
				}
				for _, t := range tangents {
					jac(ja, t, ra, -1)
					jac(jb, t, rb, 1)
					p.AddRow(FrictionRow(below, b, first, 0.5), ja, jb, 0)
				}
			}
			if layout == grouped { // the manifold's normal rows, then all its friction rows
				for i, c := range corners {
					ra, rb := offsets(c)
					for _, t := range tangents {
						jac(ja, t, ra, -1)
						jac(jb, t, rb, 1)
						p.AddRow(FrictionRow(below, b, first+i, 0.5), ja, jb, 0)
					}
				}
			}
			below = b
		}
	}
	return &p
}
