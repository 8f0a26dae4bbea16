package unionfind

import (
	"math/rand/v2"
	"testing"
)

// TestIslandsMatchConnectedComponents checks union-find against a flood fill on random
// graphs, and that an island's root is its smallest body, whatever the join order.
func TestIslandsMatchConnectedComponents(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 50 {
		n := 1 + rng.IntN(60)
		edges := make([][2]int32, rng.IntN(n+1))
		adj := make([][]int32, n)
		for k := range edges {
			a, b := int32(rng.IntN(n)), int32(rng.IntN(n))
			edges[k] = [2]int32{a, b}
			adj[a], adj[b] = append(adj[a], b), append(adj[b], a)
		}
		// Flood fill from each body in index order: the first body reached names the
		// component, and it is the smallest.
		want := make([]int32, n)
		for i := range want {
			want[i] = -1
		}
		for s := range int32(n) {
			if want[s] >= 0 {
				continue
			}
			stack := []int32{s}
			want[s] = s
			for len(stack) > 0 {
				v := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				for _, u := range adj[v] {
					if want[u] < 0 {
						want[u] = s
						stack = append(stack, u)
					}
				}
			}
		}
		var u Sets
		u.Reset(n)
		for _, k := range rng.Perm(len(edges)) {
			u.Join(edges[k][0], edges[k][1])
		}
		for i := range int32(n) {
			if got := u.Root(i); got != want[i] {
				t.Fatalf("trial %d: body %d in island %d, want %d", trial, i, got, want[i])
			}
		}
	}
}
