package contact

// islands groups the moving bodies into islands: the sets connected by touching pairs.
// Fixed bodies and planes join nothing (a floor would otherwise make one island of every
// body on it), so an island can only fall asleep, or wake, as a whole when its bodies touch
// one another. It is a union-find over body indices with path halving and union by index
// (the smaller root wins), so the islands of a given set of manifolds are the same
// whatever order they come in.
type islands struct {
	parent []int32
}

// reset makes every one of n bodies an island of its own.
func (u *islands) reset(n int) {
	u.parent = u.parent[:0]
	for i := range n {
		u.parent = append(u.parent, int32(i))
	}
}

// root returns the index that names i's island: its smallest body index once all joins
// are done.
func (u *islands) root(i int32) int32 {
	p := u.parent
	for p[i] != i {
		p[i] = p[p[i]]
		i = p[i]
	}
	return i
}

// join merges the islands of a and b.
func (u *islands) join(a, b int32) {
	ra, rb := u.root(a), u.root(b)
	switch {
	case ra < rb:
		u.parent[rb] = ra
	case rb < ra:
		u.parent[ra] = rb
	}
}
