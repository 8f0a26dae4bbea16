package solve

import (
	"math"
	"math/rand/v2"
	"testing"
)

// A matrix held by its envelope factors and solves like the dense matrix it stands for: a
// random band of a symmetric positive definite matrix, solved to rounding, and a singular
// one (a row repeated) solved to rounding where the right-hand side is consistent.
func TestProfileSolvesBandedSystems(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n, band = 40, 5
	// A = B Bᵀ with B lower-banded has half-bandwidth 2·band at most: A's envelope.
	first := make([]int32, n)
	for i := range first {
		first[i] = int32(max(0, i-2*band))
	}
	b := make([][]float64, n)
	for i := range b {
		b[i] = make([]float64, n)
		for j := max(0, i-band); j <= i; j++ {
			b[i][j] = rng.Float64() - 0.5
		}
		b[i][i] += 2
	}
	dense := func(i, j int) float64 {
		s := 0.0
		for k := range n {
			s += b[i][k] * b[j][k]
		}
		return s
	}
	var p profile
	p.reset(first)
	for i := range n {
		for j := int(first[i]); j <= i; j++ {
			p.set(i, j, dense(i, j))
			p.set(j, i, dense(i, j))
		}
	}
	if !p.factor(exactRegularization) {
		t.Fatal("factor failed on a positive definite matrix")
	}
	want := make([]float64, n)
	rhs := make([]float64, n)
	for i := range want {
		want[i] = rng.Float64() - 0.5
	}
	for i := range n {
		for j := range n {
			rhs[i] += dense(i, j) * want[j]
		}
	}
	x, r := make([]float64, n), make([]float64, n)
	p.solve(rhs, x, r)
	for i := range x {
		if math.Abs(x[i]-want[i]) > 1e-12 {
			t.Fatalf("x[%d] = %.17g, want %.17g", i, x[i], want[i])
		}
	}
	if c := profileCost(first); c >= n*n*n/6 {
		t.Errorf("cost %d of a band of %d: not below the dense %d", c, 2*band, n*n*n/6)
	}
}

// Four coplanar points pushing and sticking on a plane reduce to the six rows of a rigid
// weld, and the least-norm share of a pure normal force puts a quarter of it on each point.
func TestPatchOfAFace(t *testing.T) {
	var con constraint
	con.n = 4
	con.dir = [3]vec{{0, 1, 0}, {1, 0, 0}, {0, 0, -1}}
	corners := []vec{{-0.5, -0.5, -0.5}, {0.5, -0.5, -0.5}, {0.5, -0.5, 0.5}, {-0.5, -0.5, 0.5}}
	status := make([]rowStatus, maxRows)
	for i, r := range corners {
		for d := range 3 {
			con.pts[i].rows[d].jA = r.cross(con.dir[d])
		}
		status[3*i], status[3*i+1], status[3*i+2] = pushing, sticking, sticking
	}
	var p patch
	p.reduce(&con, status)
	if p.k != 6 || p.n != 12 {
		t.Fatalf("%d active rows reduced to %d, want 12 to 6", p.n, p.k)
	}
	for a := range p.k {
		for b := range p.k {
			want := 0.0
			if a == b {
				want = 1
			}
			if d := dot6(&p.q[a], &p.q[b]); math.Abs(d-want) > 1e-14 {
				t.Fatalf("q%d·q%d = %g, want %g", a, b, d, want)
			}
		}
	}
	// The wrench of a unit normal impulse at every corner, in the reduced rows.
	var mu [6]float64
	for i := range p.n {
		if p.row[i]%3 == 0 {
			for a := range p.k {
				mu[a] += p.r[i][a]
			}
		}
	}
	var lambda [maxRows]float64
	p.share(mu[:p.k], lambda[:])
	for i := range p.n {
		want := 0.0
		if p.row[i]%3 == 0 {
			want = 1
		}
		if math.Abs(lambda[i]-want) > 1e-12 {
			t.Errorf("row %d: impulse %.15g, want %g", p.row[i], lambda[i], want)
		}
	}
}
