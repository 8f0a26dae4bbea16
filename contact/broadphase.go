package contact

import "github.com/go-gl/mathgl/mgl64"

// broadPairs fills s.pairs with the pairs of bodies (a < b, ascending) whose bounding boxes,
// grown by the distance each can travel in the step plus SpeculativeMargin, overlap; pairs
// of two fixed bodies are left out. This version tests all pairs (a placeholder for the
// sweep-and-prune broad phase).
func (s *contactState) broadPairs(w *World) {
	s.pairs = s.pairs[:0]
	s.boxes = s.boxes[:0]
	for i, b := range w.Bodies {
		r := s.hulls[i].radius + SpeculativeMargin + w.Dt*(b.V.Len()+b.Omega.Len()*s.hulls[i].radius)
		ext := mgl64.Vec3{r, r, r}
		s.boxes = append(s.boxes, [2]mgl64.Vec3{b.P.Sub(ext), b.P.Add(ext)})
	}
	for a := range w.Bodies {
		for b := a + 1; b < len(w.Bodies); b++ {
			if w.Bodies[a].Fixed && w.Bodies[b].Fixed || !overlap(s.boxes[a], s.boxes[b]) {
				continue
			}
			s.pairs = append(s.pairs, [2]int32{int32(a), int32(b)})
		}
	}
}

// overlap reports whether two axis-aligned boxes (min, max corners) overlap.
func overlap(p, q [2]mgl64.Vec3) bool {
	for k := range 3 {
		if p[1][k] < q[0][k] || q[1][k] < p[0][k] {
			return false
		}
	}
	return true
}
