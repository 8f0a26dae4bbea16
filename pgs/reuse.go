package pgs

import "slices"

// What a GaussSeidel keeps of its last Solve for the next one (Problem.Same). A contact
// solve repeated within a step (guard rounds, the position pass) has mostly the rows it had,
// often shifted by a few places, and moving a row's M⁻¹Jᵀ, effective mass and block matrix
// costs less than computing them again. The numbers moved are those the computation would
// give, so results keep every bit.

// lastBlocks is the last solve's blocks (when BlockNormals found them): the block matrices
// are gathered from there, so the two solves' blocks alternate between it and
// GaussSeidel.blocks.
type lastBlocks struct {
	blocked  bool // blockLen, block and blockA are valid
	blockLen []int
	block    []normalBlock
	blockA   []float64
	first    []int // per row: the index in block of the block that starts there
}

// keepLast decides whether this solve reuses the last one's rows: Problem.Same must be
// set, the width and bodies must agree, and the rows seen before must keep their order
// (Same increasing), so that moving them in place overwrites none still to be moved. It
// hands the last solve's blocks to s.last.
func (s *GaussSeidel) keepLast(p *Problem) {
	l := &s.last
	s.blocked, l.blocked = false, s.blocked
	s.blockLen, l.blockLen = l.blockLen, s.blockLen
	s.block, l.block = l.block, s.block
	s.blockA, l.blockA = l.blockA, s.blockA
	if l.blocked {
		l.first = resize(l.first, len(l.blockLen))
		for k, blk := 0, 0; k < len(l.blockLen); k += max(l.blockLen[k], 1) {
			if l.blockLen[k] > 1 {
				l.first[k] = blk
				blk++
			}
		}
	}
	s.same = nil
	if len(p.Same) > 0 && p.DOF == s.dof && len(s.shape) == p.Bodies() && increasing(p.Same, len(s.rows)) {
		s.same = p.Same
	}
	s.dof = p.DOF
}

// increasing reports whether the non-negative entries of same increase and stay below n.
func increasing(same []int, n int) bool {
	last := -1
	for _, src := range same {
		if src >= 0 {
			if src <= last || src >= n {
				return false
			}
			last = src
		}
	}
	return true
}

// moveRows resizes the rows to n, d wide, and moves those that repeat the last solve's to
// their new places: a run shifted toward the front is moved front to back, one shifted
// toward the back from the back, so that no row is overwritten before it has moved (s.same
// increases).
func (s *GaussSeidel) moveRows(n, d int) {
	if s.same == nil {
		s.rows, s.jm = resize(s.rows, n), resize(s.jm, n*4*d)
		return
	}
	s.rows, s.jm = resizeKeep(s.rows, n), resizeKeep(s.jm, n*4*d)
	move := func(k, src, m int) { // rows src..src+m−1 to k..k+m−1
		copy(s.rows[k:k+m], s.rows[src:src+m])
		copy(s.jm[k*4*d:(k+m)*4*d], s.jm[src*4*d:(src+m)*4*d])
	}
	same := s.same
	for k := 0; k < n; {
		m := s.run(k, 1)
		if src := same[k]; src > k {
			move(k, src, m)
		}
		k += m
	}
	for k := n - 1; k >= 0; {
		m := s.run(k, -1)
		if src := same[k]; src >= 0 && src < k {
			move(k-m+1, src-m+1, m)
		}
		k -= m
	}
}

// run returns the number of rows from k in direction dir (1 or −1) that repeat rows of the
// last solve with the same shift as row k (1 for a new row).
func (s *GaussSeidel) run(k, dir int) int {
	same, m := s.same, 1
	if same[k] < 0 {
		return 1
	}
	for j := k + dir; j >= 0 && j < len(same) && same[j] >= 0 && same[j] == same[k]+dir*m; j += dir {
		m++
	}
	return m
}

// lastBlock returns the Delassus matrix of the last solve's block that the m rows from k
// repeat, row for row, if they do.
func (s *GaussSeidel) lastBlock(k, m int) ([]float64, bool) {
	l := &s.last
	if s.same == nil || !l.blocked {
		return nil, false
	}
	src := s.same[k]
	if src < 0 || src >= len(l.blockLen) || l.blockLen[src] != m {
		return nil, false
	}
	for i := 1; i < m; i++ {
		if s.same[k+i] != src+i {
			return nil, false
		}
	}
	off := l.block[l.first[src]].off
	return l.blockA[off : off+m*m], true
}

// resizeKeep returns s with length n and its first min(len(s), n) elements kept.
func resizeKeep[T any](s []T, n int) []T {
	if n <= cap(s) {
		return s[:n]
	}
	return slices.Grow(s, n-len(s))[:n]
}
