package inertia

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"gonum.org/v1/gonum/mat"
)

// principal returns the eigenvalues of the symmetric tensor I in ascending order and their
// unit eigenvectors, each signed so that its largest-magnitude component is positive.
// A tensor whose products are rounding noise (below 1e-12 of its trace) is taken as
// diagonal: its axes are then the coordinate axes, ordered stably by moment, instead of an
// arbitrary rotation inside a degenerate eigenspace (a cube, a torus's equal pair).
func principal(I mgl64.Mat3) (mgl64.Vec3, [3]mgl64.Vec3) {
	trace := I.At(0, 0) + I.At(1, 1) + I.At(2, 2)
	noise := 1e-12 * math.Abs(trace)
	if math.Abs(I.At(0, 1)) <= noise && math.Abs(I.At(1, 2)) <= noise && math.Abs(I.At(0, 2)) <= noise {
		return diagonalPrincipal(I)
	}

	sym := mat.NewSymDense(3, nil)
	for i := range 3 {
		for j := i; j < 3; j++ {
			sym.SetSym(i, j, I.At(i, j))
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(sym, true) {
		// LAPACK's symmetric QR iteration does not fail on finite input; be safe anyway.
		return diagonalPrincipal(I)
	}
	values := eig.Values(nil) // ascending
	var vectors mat.Dense
	eig.VectorsTo(&vectors)
	var moments mgl64.Vec3
	var axes [3]mgl64.Vec3
	for k := range 3 {
		moments[k] = values[k]
		big := 0
		for i := range 3 {
			axes[k][i] = vectors.At(i, k)
			if math.Abs(axes[k][i]) > math.Abs(axes[k][big]) {
				big = i
			}
		}
		if axes[k][big] < 0 {
			axes[k] = axes[k].Mul(-1)
		}
	}
	return moments, axes
}

// diagonalPrincipal reads the principal moments off the diagonal of I, with the coordinate
// axes as principal axes, ordered stably by moment.
func diagonalPrincipal(I mgl64.Mat3) (mgl64.Vec3, [3]mgl64.Vec3) {
	order := []int{0, 1, 2}
	slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(I.At(i, i), I.At(j, j)) })
	var moments mgl64.Vec3
	var axes [3]mgl64.Vec3
	for k, i := range order {
		moments[k] = I.At(i, i)
		axes[k][i] = 1
	}
	return moments, axes
}
