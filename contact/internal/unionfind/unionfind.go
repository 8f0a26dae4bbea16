// Package unionfind groups indices into disjoint sets: the islands of bodies that touch,
// for sleeping (package contact) and for the solver's exact stage (package solve).
package unionfind

// Sets is a union-find over indices 0…n−1 with path halving and union by index (the
// smaller root wins), so that the sets of a given list of joins are the same whatever order
// they come in, and each set is named by its smallest index once all joins are done.
type Sets struct {
	parent []int32
}

// Reset makes every one of n indices a set of its own, reusing the storage.
func (s *Sets) Reset(n int) {
	s.parent = s.parent[:0]
	for i := range n {
		s.parent = append(s.parent, int32(i))
	}
}

// Root returns the index that names i's set.
func (s *Sets) Root(i int32) int32 {
	p := s.parent
	for p[i] != i {
		p[i] = p[p[i]]
		i = p[i]
	}
	return i
}

// Join merges the sets of a and b.
func (s *Sets) Join(a, b int32) {
	ra, rb := s.Root(a), s.Root(b)
	switch {
	case ra < rb:
		s.parent[rb] = ra
	case rb < ra:
		s.parent[ra] = rb
	}
}
