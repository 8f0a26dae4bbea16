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
// friction rows per normal.
type problemSpec struct {
	dof, bodies, fixed, normals, friction int
	mu                                    float64
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
