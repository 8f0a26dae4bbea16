package solve

import (
	"math"
	"math/rand/v2"
	"sync"
	"testing"
)

// goroutines is a Gang of plain goroutines.
func goroutines(n int, task func(g int)) {
	var wg sync.WaitGroup
	for g := 1; g < n; g++ {
		wg.Go(func() { task(g) })
	}
	task(0)
	wg.Wait()
}

// The sweeps give the same bits on any number of goroutines: the velocity solve with its
// shock sweep, and the position pass, of a wall pyramid of 2,485 boxes.
func TestSameBitsOnAnyWorkers(t *testing.T) {
	bodies, mans := pyramid(rand.New(rand.NewPCG(8, 9)), 70)
	solved := func(workers int) []float64 {
		c := newContacts(bodies, mans)
		c.Workers, c.Gang = workers, goroutines
		c.Solve(10, 0)
		var out []float64
		for i := range bodies {
			v, w := c.Velocity(i)
			out = append(out, v[:]...)
			out = append(out, w[:]...)
		}
		for k, m := range mans {
			for i := range m.points {
				n, f := c.Impulses(k, i)
				out = append(out, n, f[0], f[1], f[2])
			}
		}
		c.BeginPosition()
		for k, m := range mans {
			bias := make([]float64, len(m.points))
			for i := range bias {
				bias[i] = 0.01 * float64((k+i)%3)
			}
			c.SetPositionBias(k, bias)
		}
		c.Position(2, 0)
		for i := range bodies {
			v, w := c.Pseudo(i)
			out = append(out, v[:]...)
			out = append(out, w[:]...)
		}
		return out
	}
	serial := solved(1)
	if c := newContacts(bodies, mans); func() int { c.Workers = 2; c.ready(); return len(c.sched.stage) }() < 4 {
		t.Fatal("the pyramid's sweep has fewer than four chunks: the case does not share work")
	}
	for _, workers := range []int{2, 3, 4} {
		got := solved(workers)
		for i := range serial {
			if math.Float64bits(got[i]) != math.Float64bits(serial[i]) {
				t.Fatalf("%d goroutines: result %d is %v, %v on one", workers, i, got[i], serial[i])
			}
		}
	}
}
