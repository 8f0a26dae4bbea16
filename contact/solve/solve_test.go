package solve

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/pgs"
)

// testBody is a box of the test problems.
type testBody struct {
	invMass float64
	invI    mgl64.Mat3
	p, v, w mgl64.Vec3
	level   int
}

// testManifold is a manifold of the test problems.
type testManifold struct {
	a, b   int
	n      mgl64.Vec3
	mu     float64
	points []Point
}

// tangentsOf returns a unit tangent basis of the unit normal n.
func tangentsOf(n mgl64.Vec3) (mgl64.Vec3, mgl64.Vec3) {
	ax := mgl64.Vec3{1, 0, 0}
	if math.Abs(n[0]) > 0.5 {
		ax = mgl64.Vec3{0, 1, 0}
	}
	t1 := ax.Cross(n).Normalize()
	return t1, n.Cross(t1)
}

// tower returns a tower of n unit boxes of mass 1 on a plane (body 0 is the bottom one), each
// touching the one below at its four corners, tilted by a little and moving at random; with
// heavy, the box at the top weighs 100 kg.
func tower(rng *rand.Rand, n int, heavy bool) ([]testBody, []testManifold) {
	var bodies []testBody
	var mans []testManifold
	for i := range n {
		m := 1.0
		if heavy && i == n-1 {
			m = 100
		}
		b := testBody{invMass: 1 / m, invI: mgl64.Diag3(mgl64.Vec3{6, 6, 6}.Mul(1 / m)), level: i,
			p: mgl64.Vec3{0.01 * rng.NormFloat64(), 0.5 + float64(i), 0.01 * rng.NormFloat64()},
			v: mgl64.Vec3{0.1 * rng.NormFloat64(), -0.2 + 0.1*rng.NormFloat64(), 0.1 * rng.NormFloat64()},
			w: mgl64.Vec3{0.1 * rng.NormFloat64(), 0.1 * rng.NormFloat64(), 0.1 * rng.NormFloat64()}}
		bodies = append(bodies, b)
		below, nrm := i-1, mgl64.Vec3{0.02 * rng.NormFloat64(), 1, 0.02 * rng.NormFloat64()}.Normalize()
		if i == 0 {
			nrm = mgl64.Vec3{0, -1, 0} // into the plane
		}
		var pts []Point
		for _, c := range [][2]float64{{-0.5, -0.5}, {0.5, -0.5}, {0.5, 0.5}, {-0.5, 0.5}} {
			x := mgl64.Vec3{c[0], float64(i), c[1]}
			pt := Point{RA: x.Sub(b.p), Bias: -0.001 * rng.Float64(), Normal: 2 * rng.Float64(),
				Friction: mgl64.Vec3{0.1 * rng.NormFloat64(), 0, 0.1 * rng.NormFloat64()}}
			if i > 0 {
				pt.RA, pt.RB = x.Sub(bodies[below].p), x.Sub(b.p)
			}
			pts = append(pts, pt)
		}
		if i == 0 {
			mans = append(mans, testManifold{a: 0, b: -1, n: nrm, mu: 0.5, points: pts})
		} else {
			mans = append(mans, testManifold{a: below, b: i, n: nrm, mu: 0.5, points: pts})
		}
	}
	return bodies, mans
}

// newContacts builds the problem with this package.
func newContacts(bodies []testBody, mans []testManifold) *Contacts {
	var c Contacts
	prepare(&c, bodies, mans)
	return &c
}

// prepare sets c's bodies and manifolds.
func prepare(c *Contacts, bodies []testBody, mans []testManifold) {
	c.Reset(len(bodies), len(mans))
	for i, b := range bodies {
		c.SetBody(i, b.invMass, &b.invI, b.level, b.v, b.w)
	}
	for k, m := range mans {
		t1, t2 := tangentsOf(m.n)
		c.Set(k, m.a, m.b, m.n, t1, t2, m.mu, m.points)
	}
}

// newProblem builds the same problem as pgs rows, laid out as the 3D step lays them out:
// per manifold, each point's two friction rows, then its normal rows.
func newProblem(bodies []testBody, mans []testManifold) *pgs.Problem {
	p := &pgs.Problem{}
	p.Reset(6)
	for _, b := range bodies {
		var inv [36]float64
		for r := range 3 {
			inv[r*6+r] = b.invMass
			for c := range 3 {
				inv[(3+r)*6+3+c] = b.invI.At(r, c)
			}
		}
		p.AddBody(nil, inv[:], []float64{b.v[0], b.v[1], b.v[2], b.w[0], b.w[1], b.w[2]})
		p.Level = append(p.Level, b.level)
	}
	jac := func(d, rA, rB mgl64.Vec3, hasB bool) ([]float64, []float64) {
		ca, cb := rA.Cross(d), rB.Cross(d)
		ja := []float64{-d[0], -d[1], -d[2], -ca[0], -ca[1], -ca[2]}
		if !hasB {
			return ja, nil
		}
		return ja, []float64{d[0], d[1], d[2], cb[0], cb[1], cb[2]}
	}
	for _, m := range mans {
		t1, t2 := tangentsOf(m.n)
		base := len(p.Rows)
		for i, pt := range m.points {
			for _, t := range []mgl64.Vec3{t1, t2} {
				ja, jb := jac(t, pt.RA, pt.RB, m.b >= 0)
				p.AddRow(pgs.FrictionRow(m.a, m.b, base+2*len(m.points)+i, m.mu), ja, jb, pt.Friction.Dot(t))
			}
		}
		for _, pt := range m.points {
			ja, jb := jac(m.n, pt.RA, pt.RB, m.b >= 0)
			p.AddRow(pgs.NormalRow(m.a, m.b, pt.Bias), ja, jb, pt.Normal)
		}
	}
	return p
}

// The solve equals pgs.GaussSeidel with block normals and a shock sweep on the problems
// the 3D step hands it, to rounding: the same algorithm, with each sum in its own order.
func TestSolveMatchesGaussSeidel(t *testing.T) {
	for _, tc := range []struct {
		name    string
		boxes   int
		lighter bool // each box lighter than the one above: every frozen body holds a heavier one
		level   bool // every box of one level: no shock sweep
		sweeps  int
	}{
		{"tower of 10, one sweep", 10, false, true, 1},
		{"tower of 10, ten sweeps", 10, false, true, 10},
		{"each box heavier than the one below, eight sweeps, a shock sweep and a plain one", 6, true, false, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(1, uint64(tc.boxes)))
			bodies, mans := tower(rng, tc.boxes, false)
			for i := range bodies {
				if tc.lighter {
					m := float64(int(1) << i)
					bodies[i].invMass, bodies[i].invI = 1/m, mgl64.Diag3(mgl64.Vec3{6, 6, 6}.Mul(1/m))
				}
				if tc.level {
					bodies[i].level = 0
				}
			}
			c := newContacts(bodies, mans)
			n := c.Solve(tc.sweeps, 0)
			p := newProblem(bodies, mans)
			gs := pgs.GaussSeidel{Iterations: tc.sweeps, BlockNormals: true, Shock: true, PlainAfterShock: plainAfterShock}
			st, err := gs.Solve(p)
			if err != nil {
				t.Fatal(err)
			}
			if n != st.Iterations {
				t.Errorf("%d sweeps, GaussSeidel %d", n, st.Iterations)
			}
			worst := 0.0
			for i := range bodies {
				v, w := c.Velocity(i)
				for d := range 3 {
					worst = max(worst, math.Abs(v[d]-p.V[6*i+d]), math.Abs(w[d]-p.V[6*i+3+d]))
				}
			}
			if worst > 1e-9 {
				t.Errorf("velocities differ from GaussSeidel's by up to %g m/s", worst)
			}
			row := 0
			for k, m := range mans {
				for i := range m.points {
					nrm, f := c.Impulses(k, i)
					t1, t2 := tangentsOf(m.n)
					want := t1.Mul(p.Lambda[row+2*i]).Add(t2.Mul(p.Lambda[row+2*i+1]))
					if d := math.Abs(nrm - p.Lambda[row+2*len(m.points)+i]); d > 1e-9 {
						t.Errorf("manifold %d point %d: normal impulse %g, GaussSeidel %g", k, i, nrm, p.Lambda[row+2*len(m.points)+i])
					}
					if d := f.Sub(want).Len(); d > 1e-9 {
						t.Errorf("manifold %d point %d: friction impulse %v, GaussSeidel %v", k, i, f, want)
					}
				}
				row += 3 * len(m.points)
			}
		})
	}
}

// The position pass equals pgs.GaussSeidel on the normal rows alone, from rest, without
// warm start, to rounding (no two manifolds of these towers share their bodies, so that
// GaussSeidel's blocks are the manifolds').
func TestPositionMatchesGaussSeidel(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	bodies, mans := tower(rng, 8, false)
	c := newContacts(bodies, mans)
	c.Solve(1, 0)
	c.BeginPosition()
	p := &pgs.Problem{}
	ref := newProblem(bodies, mans)
	p.Reset(6)
	for i := range bodies {
		p.AddBody(nil, ref.InvMass[36*i:36*i+36], make([]float64, 6))
	}
	p.Level = ref.Level
	row := 0
	for k, m := range mans {
		bias := make([]float64, len(m.points))
		for i := range bias {
			bias[i] = 0.01 * rng.Float64()
			j := ref.J[12*(row+2*len(m.points)+i):]
			p.AddRow(pgs.NormalRow(m.a, m.b, bias[i]), j[:6], j[6:12], 0)
		}
		c.SetPositionBias(k, bias)
		row += 3 * len(m.points)
	}
	n := c.Position(3, 0)
	gs := pgs.GaussSeidel{Iterations: 3, BlockNormals: true, Shock: true}
	st, err := gs.Solve(p)
	if err != nil {
		t.Fatal(err)
	}
	if n != st.Iterations {
		t.Errorf("%d sweeps, GaussSeidel %d", n, st.Iterations)
	}
	for i := range bodies {
		v, w := c.Pseudo(i)
		for d := range 3 {
			if e := max(math.Abs(v[d]-p.V[6*i+d]), math.Abs(w[d]-p.V[6*i+3+d])); e > 1e-12 {
				t.Errorf("body %d: pseudo-velocity %v %v, GaussSeidel %v", i, v, w, p.V[6*i:6*i+6])
			}
		}
	}
}
