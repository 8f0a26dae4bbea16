package planar

import (
	"fmt"
	"io"

	"gonum.org/v1/gonum/mat"
)

// Matrices are the dense quantities of one contact solve in the course's basis, the one its
// handouts print: the generalized coordinates are the free bodies in order, (x, y, θ) each.
type Matrices struct {
	Free       []int         // the body index of each 3-block
	M          *mat.Dense    // diag(M, M, I) per free body
	MinusMqdot *mat.VecDense // −M q̇⁻
	N          *mat.Dense    // one column per contact, in the set's order
	A          *mat.Dense    // Nᵀ M⁻¹ N
	B          *mat.VecDense // Nᵀ q̇⁻ (fixed bodies' scene velocities included, as the LCP's b)
	Lambda     *mat.VecDense // the impulses the solver found
	QdotPlus   *mat.VecDense // q̇⁺ of the free bodies
}

// MatricesOf returns the matrices of a solve (which has at least one contact, hence at least
// one free body).
func MatricesOf(r *Record) Matrices {
	p := r.Problem
	var m Matrices
	for i := range p.Bodies() {
		if !isFixed(p, i) {
			m.Free = append(m.Free, i)
		}
	}
	n, k := DOF*len(m.Free), len(p.Rows)
	m.M = mat.NewDense(n, n, nil)
	minv := mat.NewDense(n, n, nil)
	m.MinusMqdot, m.QdotPlus = mat.NewVecDense(n, nil), mat.NewVecDense(n, nil)
	m.N = mat.NewDense(n, k, nil)
	m.B, m.Lambda = mat.NewVecDense(k, nil), mat.NewVecDense(k, nil)
	block := make([]int, p.Bodies()) // body → offset among the free coordinates, −1 if fixed
	for i := range block {
		block[i] = -1
	}
	for f, i := range m.Free {
		block[i] = DOF * f
		for a := range DOF {
			for b := range DOF {
				m.M.Set(DOF*f+a, DOF*f+b, p.Mass[i*DOF*DOF+a*DOF+b])
				minv.Set(DOF*f+a, DOF*f+b, p.InvMass[i*DOF*DOF+a*DOF+b])
			}
			v := 0.0
			for b := range DOF {
				v += float64(p.Mass[i*DOF*DOF+a*DOF+b] * r.Before[i*DOF+b])
			}
			m.MinusMqdot.SetVec(DOF*f+a, -v)
			m.QdotPlus.SetVec(DOF*f+a, p.V[i*DOF+a])
		}
	}
	for c, row := range p.Rows {
		b := 0.0
		for side, body := range [2]int{row.A, row.B} {
			if body < 0 {
				continue
			}
			j := p.J[c*2*DOF+side*DOF : c*2*DOF+(side+1)*DOF]
			for a := range DOF {
				b += float64(j[a] * r.Before[body*DOF+a])
				if off := block[body]; off >= 0 {
					m.N.Set(off+a, c, j[a])
				}
			}
		}
		m.B.SetVec(c, b)
		m.Lambda.SetVec(c, p.Lambda[c])
	}
	var mn mat.Dense
	mn.Mul(minv, m.N)
	m.A = mat.NewDense(k, k, nil)
	m.A.Mul(m.N.T(), &mn)
	return m
}

// Write prints the matrices with their names, in the order A, b, M, −M q̇⁻, N, λ, q̇⁺.
func (m *Matrices) Write(w io.Writer) error {
	for _, x := range []struct {
		name string
		m    mat.Matrix
	}{
		{"A = Nᵀ M⁻¹ N", m.A}, {"b = Nᵀ q̇⁻", m.B}, {"M", m.M}, {"−M q̇⁻", m.MinusMqdot},
		{"N", m.N}, {"λ", m.Lambda}, {"q̇⁺", m.QdotPlus},
	} {
		if _, err := fmt.Fprintf(w, "%s =\n%.10g\n\n", x.name, mat.Formatted(x.m, mat.Prefix(""), mat.Squeeze())); err != nil {
			return err
		}
	}
	return nil
}
