package planar

import "github.com/tumble-physics/tumble/pgs"

// stillFixed treats a problem's fixed bodies (all-zero inverse mass) as still for the length
// of a solve: the reference's velocity projection and generalized reflections work on the
// free bodies only, so a fixed body's scene velocity never enters them (the plain LCP's b
// does include it). It keeps the velocities it zeroes to put them back.
type stillFixed struct {
	saved []float64
}

// zero saves p's velocities and zeroes those of its fixed bodies.
func (s *stillFixed) zero(p *pgs.Problem) {
	s.saved = append(s.saved[:0], p.V...)
	d := p.DOF
	for i := range p.Bodies() {
		if isFixed(p, i) {
			clear(p.V[i*d : (i+1)*d])
		}
	}
}

// restore puts the fixed bodies' velocities back.
func (s *stillFixed) restore(p *pgs.Problem) {
	d := p.DOF
	for i := range p.Bodies() {
		if isFixed(p, i) {
			copy(p.V[i*d:(i+1)*d], s.saved[i*d:(i+1)*d])
		}
	}
}

// isFixed reports whether body i of p is fixed: its inverse mass block is all zeros.
func isFixed(p *pgs.Problem, i int) bool {
	d := p.DOF
	for _, x := range p.InvMass[i*d*d : (i+1)*d*d] {
		if x != 0 {
			return false
		}
	}
	return true
}
