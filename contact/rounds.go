package contact

import (
	"math"
	"slices"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/pgs"

	"github.com/go-gl/mathgl/mgl64"
)

// Rows that pay only for what changed. On an impact step the velocity solve runs up to
// guardRounds+1 times, and between rounds the guards change few manifolds: most keep their
// points, about half get a new dip (their normal rows' bias). A manifold's rows are a
// function of its inputs (rowInputs) and of the bodies' poses, inverse masses and velocities
// before and after the gravity kick, which stay the same within a step (a body a guard wakes
// gets its kick: its manifolds' biases are computed again). So a later round keeps the rows
// of a manifold whose inputs have not changed, moved in place to where the rows before them
// now end, and tells the solver which rows it has seen (pgs.Problem.Same), which keeps
// their M⁻¹Jᵀ and block matrices in turn; so does the position pass for its normal rows,
// which have the Jacobians of the last round's normal rows. The numbers kept are those the
// same arithmetic would give again: every result keeps its bits.

// rowInputs is what a manifold's rows are computed from, besides the bodies.
type rowInputs struct {
	pair                  Pair
	n                     int
	normal                mgl64.Vec3
	friction, restitution float64
	pos                   [MaxManifoldPoints]mgl64.Vec3
	depth, dip            [MaxManifoldPoints]float64 // only the normal rows' bias reads them
}

// set makes in m's inputs.
func (in *rowInputs) set(m *Manifold) {
	in.pair, in.n, in.normal, in.friction = m.Pair, m.N, m.Normal, m.Friction
	for i := range m.N {
		in.pos[i] = m.Points[i].Position
	}
	in.setBias(m)
}

// setBias makes in m's inputs of the normal rows' bias.
func (in *rowInputs) setBias(m *Manifold) {
	in.restitution = m.Restitution
	for i := range m.N {
		in.depth[i], in.dip[i] = m.Points[i].Depth, m.Points[i].Dip
	}
}

// same reports whether m has the inputs in, bit for bit (−0 and +0 may give different
// rows): all of them, and those of the rows' Jacobians.
func (in *rowInputs) same(m *Manifold) (jacobians, all bool) {
	if in.pair != m.Pair || in.n != m.N || !sameVec(in.normal, m.Normal) || !sameBits(in.friction, m.Friction) {
		return false, false
	}
	all = sameBits(in.restitution, m.Restitution)
	for i := range m.N {
		c := &m.Points[i]
		if !sameVec(in.pos[i], c.Position) {
			return false, false
		}
		all = all && sameBits(in.depth[i], c.Depth) && sameBits(in.dip[i], c.Dip)
	}
	return true, all
}

// sameBits reports whether a and b are the same float64, bit for bit.
func sameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// sameVec reports whether a and b are the same vector, bit for bit.
func sameVec(a, b mgl64.Vec3) bool {
	return sameBits(a[0], b[0]) && sameBits(a[1], b[1]) && sameBits(a[2], b[2])
}

// roundRows is what the velocity rounds and the position pass of a step know of their rows.
type roundRows struct {
	built   []builtRows // per manifold in s.cur: where its rows in s.vel are, and their inputs
	builds  int         // the builds of s.vel so far
	solved  bool        // the World's own solver solved s.vel last, as it stands
	guarded bool        // the guards have run since s.vel was built
	post    []float64   // per body: its velocity after the kick at the last build (6)
	kicked  []bool      // per body: whether a guard woke it (and kicked it) since
	ready   bool        // inv and mass hold this step's blocks
	inv     []float64   // per body: its 6×6 inverse mass block for this step
	mass    []float64   // per body: its 6×6 mass block for this step (a caller's solver only)
	moves   []rowMove   // moveRows' scratch
}

// newStep forgets the last step's blocks and solve: the bodies have moved since.
func (r *roundRows) newStep() { r.ready, r.solved = false, false }

// builtRows is where a manifold's velocity rows are and what they were built from.
type builtRows struct {
	in     rowInputs
	t1, t2 mgl64.Vec3 // the tangents of in.normal
	build  int        // the build (roundRows.builds) that placed them
	base   int        // their first row in s.vel
	// During a build: where the last build had the rows, when they are kept (−1: built
	// again), and whether their bias is kept too.
	from     int
	keepBias bool
}

// bodyBlocks sets the bodies' inverse mass blocks for the step (and their mass blocks,
// which only a caller's solver reads), once: they depend on the orientations, which the
// solves do not change.
func (s *contactState) bodyBlocks(w *World) {
	r := &s.rowMemo
	if r.ready {
		return
	}
	r.ready = true
	n := len(w.Bodies)
	r.inv, r.mass = resized(r.inv, 36*n), r.mass[:0]
	if w.Solver != nil {
		r.mass = resized(r.mass, 36*n)
	}
	s.share(w, n, bodyChunk, minLight, (*contactState).bodyBlocksOf)
}

// bodyBlocksOf sets the blocks of bodies lo..hi−1.
func (s *contactState) bodyBlocksOf(w *World, _, lo, hi int) {
	r := &s.rowMemo
	for i := lo; i < hi; i++ {
		inv := (*[36]float64)(r.inv[36*i:])
		if len(r.mass) == 0 {
			invMassBlock(inv, w.Bodies[i])
		} else {
			massBlocks((*[36]float64)(r.mass[36*i:]), inv, w.Bodies[i])
		}
	}
}

// buildRows fills the velocity problem: every body, then every manifold's rows in s.order.
// The first round of a step (fresh) computes them all; a later one keeps the rows of the
// manifolds whose inputs did not change.
func (s *contactState) buildRows(w *World, fresh bool) {
	s.bodyBlocks(w)
	r, p := &s.rowMemo, &s.vel
	p.DOF, p.Mass, p.InvMass = 6, r.mass, r.inv
	p.V = append(p.V[:0], s.post...)
	p.Level = append(p.Level[:0], s.level...)
	n, kept := s.placeRows(w, fresh)
	p.Rows, p.J, p.Lambda, p.Same = resized(p.Rows, n), resized(p.J, 12*n), resized(p.Lambda, n), p.Same[:0]
	if kept {
		p.Same = resized(p.Same, n)
		s.moveRows(p)
	}
	s.share(w, len(s.order), manifoldChunk, minLight, (*contactState).buildManifoldRows)
	if w.Solver != nil { // it may have solved other problems since: it is told nothing
		p.Same = p.Same[:0]
	}
	r.post, r.guarded = append(r.post[:0], s.post...), false
}

// buildManifoldRows builds the rows of the manifolds s.order[lo:hi] at their places
// (placeRows), or completes those kept. Each manifold writes only its own rows and its
// builtRows: chunks of them can be built on any goroutine.
func (s *contactState) buildManifoldRows(w *World, _, lo, hi int) {
	r, p := &s.rowMemo, &s.vel
	// The last tangents computed, of n0: a plane's manifolds share them (tangents depends
	// on the normal alone, so a chunk that starts afresh gets the same ones).
	var n0, t1, t2 mgl64.Vec3
	for _, i := range s.order[lo:hi] {
		m, b := &s.cur[i], &r.built[i]
		if b.from >= 0 {
			s.keepRows(w, p, m, b)
			continue
		}
		b.in.set(m)
		if t1 == (mgl64.Vec3{}) || !sameVec(m.Normal, n0) {
			n0 = m.Normal
			t1, t2 = tangents(n0)
		}
		b.t1, b.t2 = t1, t2
		setManifoldRows(p, b.base, m, b.t1, b.t2, w.Bodies, s.pre, s.post, w.Dt, w.RestitutionThreshold)
		for k := b.base; len(p.Same) > 0 && k < b.base+3*m.N; k++ {
			p.Same[k] = -1 // new rows, among kept ones
		}
	}
}

// placeRows sets where each manifold's rows go (base) and, for a later round, which keep
// the last build's rows (from, keepBias), and returns the number of rows and whether any are
// kept. Kept rows are moved in place, so they must keep their order: should they not (the
// order changed), none is kept.
func (s *contactState) placeRows(w *World, fresh bool) (rows int, kept bool) {
	r := &s.rowMemo
	for len(r.built) < len(s.cur) {
		r.built = append(r.built, builtRows{build: -1})
	}
	// The bodies a guard woke since the last build have had their kick since.
	r.kicked = r.kicked[:0]
	for i := range w.Bodies {
		r.kicked = append(r.kicked, fresh || [6]float64(s.post[6*i:]) != [6]float64(r.post[6*i:]))
	}
	last := r.builds
	r.builds++
	inOrder, from := true, -1
	for _, i := range s.order {
		m, b := &s.cur[i], &r.built[i]
		b.from = -1
		if !fresh && b.build == last {
			if jacobians, all := b.in.same(m); jacobians {
				inOrder = inOrder && b.base > from
				b.from, from, kept = b.base, b.base, true
				b.keepBias = all && !r.kicked[m.Pair.A] && (m.Pair.B < 0 || !r.kicked[m.Pair.B])
			}
		}
		b.base, b.build = rows, r.builds
		rows += 3 * m.N
	}
	if !inOrder {
		for _, i := range s.order {
			r.built[i].from = -1
		}
		kept = false
	}
	return rows, kept
}

// moveRows moves the kept rows from where the last build had them to their place: runs
// moving toward the front first, front to back, then those moving toward the back, back to
// front, so that no row is overwritten before it has moved (they keep their order).
func (s *contactState) moveRows(p *pgs.Problem) {
	r := &s.rowMemo
	r.moves = r.moves[:0]
	for _, i := range s.order { // runs of manifolds whose rows move together
		b := &r.built[i]
		if b.from < 0 {
			continue
		}
		n := 3 * s.cur[i].N
		if k := len(r.moves) - 1; k >= 0 && r.moves[k].from+r.moves[k].n == b.from && r.moves[k].to+r.moves[k].n == b.base {
			r.moves[k].n += n
			continue
		}
		r.moves = append(r.moves, rowMove{from: b.from, to: b.base, n: n})
	}
	move := func(m rowMove) {
		copy(p.Rows[m.to:m.to+m.n], p.Rows[m.from:m.from+m.n])
		copy(p.J[12*m.to:12*(m.to+m.n)], p.J[12*m.from:12*(m.from+m.n)])
	}
	for _, m := range r.moves {
		if m.to < m.from {
			move(m)
		}
	}
	for k := len(r.moves) - 1; k >= 0; k-- {
		if m := r.moves[k]; m.to > m.from {
			move(m)
		}
	}
}

// rowMove is a run of n rows that moves from row from to row to.
type rowMove struct{ from, to, n int }

// keepRows completes the kept rows of manifold m (moved to b.base): their links to their
// normal rows, m's impulses as their warm start, the normal rows' bias unless b.keepBias,
// and where the solver saw them.
func (s *contactState) keepRows(w *World, p *pgs.Problem, m *Manifold, b *builtRows) {
	base, n := b.base, m.N
	for i := range n {
		f, k := m.Points[i].FrictionImpulse, base+2*i
		p.Rows[k].Normal, p.Rows[k+1].Normal = base+2*n+i, base+2*n+i
		p.Lambda[k], p.Lambda[k+1] = rounded.Dot(f, b.t1), rounded.Dot(f, b.t2)
	}
	for i := range n {
		c, k := &m.Points[i], base+2*n+i
		p.Lambda[k] = c.NormalImpulse
		if !b.keepBias {
			p.Rows[k].Bias = normalBias(m, c, p.J[12*k:12*k+12], s.pre, s.post, w.Dt, w.RestitutionThreshold)
		}
	}
	if !b.keepBias {
		b.in.setBias(m)
	}
	for k := range 3 * n {
		p.Same[base+k] = b.from + k
	}
}

// seenNormals returns the first normal row of manifold i (m) in the velocity problem, if the
// solver's last solve was that problem's and no guard has changed m since it was built (its
// normal rows then have the Jacobians of the position pass's rows of m); −1 otherwise.
func (r *roundRows) seenNormals(i int, m *Manifold) int {
	if !r.solved || i >= len(r.built) || r.built[i].build != r.builds {
		return -1
	}
	if r.guarded {
		if jacobians, _ := r.built[i].in.same(m); !jacobians {
			return -1
		}
	}
	return r.built[i].base + 2*m.N
}

// padSame gives the rows of p that have no entry in p.Same yet −1 there (new rows), when
// the solver's last solve was the velocity problem's; p.Same stays empty otherwise.
func (r *roundRows) padSame(p *pgs.Problem) {
	for r.solved && len(p.Same) < len(p.Rows) {
		p.Same = append(p.Same, -1)
	}
}

// resized returns x with length n, its first min(len(x), n) elements kept.
func resized[T any](x []T, n int) []T {
	if n <= cap(x) {
		return x[:n]
	}
	return slices.Grow(x, n-len(x))[:n]
}
