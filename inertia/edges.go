package inertia

import "slices"

// edgeCount is what checkEdges finds.
type edgeCount struct {
	// boundary counts the undirected edges whose uses by faces do not pair up one to one in
	// opposite directions. A closed, consistently wound surface has none, and that is what
	// the divergence theorem needs; an edge on a hole, an edge between two faces wound
	// against each other, or an edge with an odd number of faces counts once.
	boundary int
	// shared counts the edges used by more than two faces: the surface is not a manifold
	// there. Every face given twice makes each of its edges one (its uses still pair up, so
	// such a mesh passed as closed with its volume counted twice). first is one of them.
	shared int
	first  [2]int32
}

// checkEdges counts the boundary and shared edges of tris. Edges from a vertex to itself
// (degenerate faces) bound nothing and are skipped. Indices must lie in [0, nVerts).
func checkEdges(nVerts int, tris [][3]int32) edgeCount {
	// Bucket every directed edge under its lower vertex (a counting sort), then match the
	// two directions inside each small bucket: linear time and two flat arrays, where a hash
	// map of 3n edges is several times slower on a million triangles.
	start := make([]int, nVerts+1)
	for _, t := range tris {
		for i := range 3 {
			u, v := t[i], t[(i+1)%3]
			if u != v {
				start[min(u, v)+1]++
			}
		}
	}
	for i := 1; i <= nVerts; i++ {
		start[i] += start[i-1]
	}
	// An entry is the higher vertex shifted left once, with bit 0 set when the edge runs
	// from the higher vertex to the lower: 32 bits hold any mesh's indices (int32) shifted.
	entries := make([]uint32, start[nVerts])
	for _, t := range tris {
		for i := range 3 {
			u, v := t[i], t[(i+1)%3]
			if u == v {
				continue
			}
			lo, hi, down := u, v, uint32(0)
			if u > v {
				lo, hi, down = v, u, 1
			}
			entries[start[lo]] = uint32(hi)<<1 | down
			start[lo]++
		}
	}
	// Filling advanced start[lo] to the end of lo's bucket, which begins where lo−1's ends.
	var c edgeCount
	begin := 0
	for lo := range nVerts {
		bucket := entries[begin:start[lo]]
		begin = start[lo]
		sortSmall(bucket)
		for i := 0; i < len(bucket); {
			first, hi, balance := i, bucket[i]>>1, 0
			for ; i < len(bucket) && bucket[i]>>1 == hi; i++ {
				balance += 1 - 2*int(bucket[i]&1)
			}
			if balance != 0 {
				c.boundary++
			}
			if i-first > 2 {
				if c.shared == 0 {
					c.first = [2]int32{int32(lo), int32(hi)}
				}
				c.shared++
			}
		}
	}
	return c
}

// sortSmall sorts a vertex's bucket of edges: by insertion when it is small, as nearly all
// are (a closed mesh's vertex has about six edges, half of them under it), without a call
// into the general sort per vertex.
func sortSmall(x []uint32) {
	if len(x) > 16 {
		slices.Sort(x)
		return
	}
	for i := 1; i < len(x); i++ {
		v, j := x[i], i
		for ; j > 0 && x[j-1] > v; j-- {
			x[j] = x[j-1]
		}
		x[j] = v
	}
}
