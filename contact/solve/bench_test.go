package solve

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/internal/work"
	"github.com/tumble-physics/tumble/pgs"
)

// timeSolves times ten sweeps of c's solve, each from c's velocities and constraints as
// they are.
func timeSolves(b *testing.B, c *Contacts) {
	vel, cons := append([]velocity(nil), c.vel...), append([]constraint(nil), c.cons...)
	for b.Loop() {
		b.StopTimer()
		copy(c.vel, vel)
		copy(c.cons, cons)
		b.StartTimer()
		c.Solve(10, -1)
	}
}

// pyramid returns a wall pyramid of unit boxes with a base of n on a plane: each box rests
// on the two below it (a manifold of four points with each, over half its bottom face) and
// touches its neighbours in its row (four points over the shared face), moving a little
// at random, with warm starts of the size of its weight.
func pyramid(rng *rand.Rand, n int) ([]testBody, []testManifold) {
	var bodies []testBody
	var mans []testManifold
	index := map[[2]int]int{}
	up := mgl64.Vec3{0, 1, 0}
	for r := range n {
		for j := range n - r {
			b := testBody{invMass: 1, invI: mgl64.Diag3(mgl64.Vec3{6, 6, 6}), level: r,
				p: mgl64.Vec3{0.5*float64(r) + float64(j), 0.5 + float64(r), 0},
				v: mgl64.Vec3{0.01 * rng.NormFloat64(), -0.16, 0.01 * rng.NormFloat64()},
				w: mgl64.Vec3{0.01 * rng.NormFloat64(), 0.01 * rng.NormFloat64(), 0.01 * rng.NormFloat64()}}
			i := len(bodies)
			index[[2]int{r, j}] = i
			bodies = append(bodies, b)
			weight := float64(n-r) / 60
			patch := func(a, bb int, nrm mgl64.Vec3, corners []mgl64.Vec3) {
				var pts []Point
				for _, x := range corners {
					pt := Point{RA: x.Sub(bodies[a].p), Normal: weight / 4 * (1 + 0.1*rng.NormFloat64())}
					if bb >= 0 {
						pt.RB = x.Sub(bodies[bb].p)
					}
					pts = append(pts, pt)
				}
				mans = append(mans, testManifold{a: a, b: bb, n: nrm, mu: 0.5, points: pts})
			}
			x0, y0 := b.p[0]-0.5, b.p[1]-0.5
			if r == 0 {
				patch(i, -1, up.Mul(-1), []mgl64.Vec3{{x0, 0, -0.5}, {x0 + 1, 0, -0.5}, {x0 + 1, 0, 0.5}, {x0, 0, 0.5}})
			} else {
				l, rr := index[[2]int{r - 1, j}], index[[2]int{r - 1, j + 1}]
				patch(l, i, up, []mgl64.Vec3{{x0, y0, -0.5}, {x0 + 0.5, y0, -0.5}, {x0 + 0.5, y0, 0.5}, {x0, y0, 0.5}})
				patch(rr, i, up, []mgl64.Vec3{{x0 + 0.5, y0, -0.5}, {x0 + 1, y0, -0.5}, {x0 + 1, y0, 0.5}, {x0 + 0.5, y0, 0.5}})
			}
			if j > 0 {
				patch(index[[2]int{r, j - 1}], i, mgl64.Vec3{1, 0, 0},
					[]mgl64.Vec3{{x0, y0, -0.5}, {x0, y0 + 1, -0.5}, {x0, y0 + 1, 0.5}, {x0, y0, 0.5}})
			}
		}
	}
	return bodies, mans
}

// BenchmarkSolve times ten sweeps (eight, a shock sweep and a plain one) of the velocity
// solve of a wall pyramid of 210 boxes (610 manifolds, 7,320 rows), warm start included,
// against pgs.GaussSeidel with block normals and the shock sweep on the same problem (whose
// solve includes its set-up, as in the 3D step), and the set-up alone; it reports ns per
// row visit; and the solve of a wall pyramid of 820 boxes (2,380 manifolds) on one goroutine
// and shared out on two (Share).
func BenchmarkSolve(b *testing.B) {
	bodies, mans := pyramid(rand.New(rand.NewPCG(2, 3)), 20)
	rows := 0
	for _, m := range mans {
		rows += 3 * len(m.points)
	}
	b.Run("contacts", func(b *testing.B) {
		timeSolves(b, newContacts(bodies, mans))
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*10*rows), "ns/row")
	})
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("shared-%d", workers), func(b *testing.B) {
			bodies, mans := pyramid(rand.New(rand.NewPCG(2, 3)), 40)
			laid, layout, _ := laidOut(bodies, mans, workers)
			c := newContacts(bodies, laid)
			var pool work.Pool
			c.Share(&pool, workers, layout)
			timeSolves(b, c)
		})
	}
	b.Run("gauss-seidel", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			p := newProblem(bodies, mans)
			gs := pgs.GaussSeidel{Iterations: 10, BlockNormals: true, Shock: true, PlainAfterShock: plainAfterShock}
			b.StartTimer()
			if _, err := gs.Solve(p); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*10*rows), "ns/row")
	})
	b.Run("prepare", func(b *testing.B) {
		var c Contacts
		for b.Loop() {
			prepare(&c, bodies, mans)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(mans)), "ns/manifold")
	})
}
