package contact

import (
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/collide"
	"github.com/tumble-physics/tumble/contact/solve"
)

// The prepare stage hands the step's manifolds to the built-in solver (package solve), in
// solve order: per body its inverse mass and world inverse inertia (once per step: the
// solves do not turn the bodies), its level and its velocities after the kick; per manifold
// its normal, tangents, friction and, per point, the offsets from the centres of mass, the
// normal row's bias and the warm start. Each manifold is prepared by one goroutine, with
// the serial loop's arithmetic.

// prepared is what the solver's constraints were last prepared from: per manifold in solve
// order its inputs, the order itself, and whether the round under way prepares every one.
type prepared struct {
	in    []manifoldInputs
	order []int32
	all   bool
}

// prepareBodies sets the solver's bodies: inverse masses and inertias (zero for a fixed
// body), levels and the velocities after the kick (s.post).
func prepareBodies(s *contactState, w *World) {
	s.con.Reset(len(w.Bodies), len(s.graph.Order))
	s.share(w, len(w.Bodies), bodyChunk, minLight, prepareBodiesOf)
}

// prepareBodiesOf is prepareBodies for bodies lo..hi−1.
func prepareBodiesOf(s *contactState, w *World, _, lo, hi int) {
	var zero mgl64.Mat3
	for i := lo; i < hi; i++ {
		b := w.Bodies[i]
		v := s.post[6*i:]
		lin, ang := mgl64.Vec3{v[0], v[1], v[2]}, mgl64.Vec3{v[3], v[4], v[5]}
		if !solved(b) {
			s.con.SetBody(i, 0, &zero, s.graph.Level[i], lin, ang)
			continue
		}
		inv := b.InvInertiaWorld()
		s.con.SetBody(i, b.InvMass, &inv, s.graph.Level[i], lin, ang)
	}
}

// run prepares the solver for round round of the velocity solve. The first round of a
// step prepares every body and manifold; a repeat (a guard round) sets the bodies'
// velocities back to those after the kick and prepares again only the manifolds the guards
// changed, keeping the others and their impulses, unless the guards added manifolds (which
// changes the levels and the order: then every one).
func (p *prepared) run(s *contactState, w *World, round int) {
	p.all = round == 0 || !slices.Equal(s.graph.Order, p.order)
	if p.all {
		prepareBodies(s, w)
		p.order = append(p.order[:0], s.graph.Order...)
		p.in = resized(p.in, len(s.graph.Order))
	} else {
		for i := range w.Bodies {
			v := s.post[6*i:]
			s.con.SetVelocity(i, mgl64.Vec3{v[0], v[1], v[2]}, mgl64.Vec3{v[3], v[4], v[5]})
		}
	}
	s.share(w, len(s.graph.Order), manifoldChunk, minLight, prepareManifoldsOf)
}

// prepareManifoldsOf sets the manifolds s.graph.Order[lo:hi] that s.prepared.run asks for.
func prepareManifoldsOf(s *contactState, w *World, _, lo, hi int) {
	pr := &s.prepared
	var pts [MaxManifoldPoints]solve.Point
	// The last tangents computed, of n0: a plane's manifolds share them.
	var n0, t1, t2 mgl64.Vec3
	for q := lo; q < hi; q++ {
		m := &s.cur[s.graph.Order[q]]
		if in := &pr.in[q]; !pr.all && in.same(m) {
			continue
		} else {
			in.set(m)
		}
		if t1 == (mgl64.Vec3{}) || !sameVec(m.Normal, n0) {
			n0 = m.Normal
			t1, t2 = tangents(n0)
		}
		a, b := int(m.Pair.A), int(m.Pair.B)
		if b < 0 {
			b = -1
		}
		for j := range m.N {
			c := &m.Points[j]
			p := &pts[j]
			p.RA, p.RB = offsets(w, m, c)
			p.Bias = normalBias(s, w, m, c, p.RA, p.RB)
			p.Normal, p.Friction = c.NormalImpulse, c.FrictionImpulse
		}
		s.con.Set(q, a, b, m.Normal, t1, t2, m.Friction, pts[:m.N])
		if m.Rolling > 0 {
			s.con.SetRolling(q, m.Rolling, m.Twist)
		}
	}
}

// normalBias returns the bias of the normal row of point c of manifold m, whose offsets from
// the centres of mass are rA and rB. A gap may close by the end of the step but not beyond:
// u⁺ ≥ −gap/h, less what the rotation adds to the linear path (Dip, counted only when it
// goes deeper: the arc's lift is not counted on, since the solve changes ω). The bias is
// never positive unless the contact bounces: touching or penetrating contacts ask for
// u⁺ ≥ 0 and the position pass removes depth, so no row pushes a body apart faster than it
// came.
func normalBias(s *contactState, w *World, m *Manifold, c *ContactPoint, rA, rB mgl64.Vec3) float64 {
	h := w.Dt
	bias := min(0, (c.Depth+max(c.Dip, 0))/h)
	if m.Restitution == 0 {
		return bias // no bounce: the approach speeds are not needed
	}
	a, b := int(m.Pair.A), int(m.Pair.B)
	uPre, uPost := -pointSpeed(&m.Normal, &rA, s.pre[6*a:]), -pointSpeed(&m.Normal, &rA, s.post[6*a:])
	if b >= 0 {
		uPre += pointSpeed(&m.Normal, &rB, s.pre[6*b:])
		uPost += pointSpeed(&m.Normal, &rB, s.post[6*b:])
	}
	if bounce, ok := restitutionBias(m.Restitution, uPre, uPost, -c.Depth, h, w.RestitutionThreshold); ok {
		bias = bounce
	}
	return bias
}

// readContacts stores every manifold's solved impulses in its points, the next step's warm
// start.
func readContacts(s *contactState, w *World) {
	s.share(w, len(s.graph.Order), manifoldChunk, minLight, readContactsOf)
}

// readContactsOf is readContacts for the manifolds s.graph.Order[lo:hi].
func readContactsOf(s *contactState, _ *World, _, lo, hi int) {
	for q := lo; q < hi; q++ {
		m := &s.cur[s.graph.Order[q]]
		for j := range m.N {
			m.Points[j].NormalImpulse, m.Points[j].FrictionImpulse = s.con.Impulses(q, j)
		}
		m.Twist = s.con.Twist(q)
	}
}

// manifoldInputs is what a manifold's constraint is prepared from, besides the bodies, which
// stay as they are within a step: a guard round prepares again only the manifolds whose
// inputs changed.
type manifoldInputs struct {
	pair                  Pair
	n                     int
	normal                mgl64.Vec3
	friction, restitution float64
	rolling               float64
	pos                   [MaxManifoldPoints]mgl64.Vec3
	depth, dip            [MaxManifoldPoints]float64
}

// set records m's inputs.
func (in *manifoldInputs) set(m *Manifold) {
	in.pair, in.n, in.normal, in.friction, in.restitution = m.Pair, m.N, m.Normal, m.Friction, m.Restitution
	in.rolling = m.Rolling
	for i := range m.N {
		c := &m.Points[i]
		in.pos[i], in.depth[i], in.dip[i] = c.Position, c.Depth, c.Dip
	}
}

// same reports whether m has the inputs in, bit for bit.
func (in *manifoldInputs) same(m *Manifold) bool {
	if in.pair != m.Pair || in.n != m.N || !sameVec(in.normal, m.Normal) ||
		!sameBits(in.friction, m.Friction) || !sameBits(in.restitution, m.Restitution) ||
		!sameBits(in.rolling, m.Rolling) {
		return false
	}
	for i := range m.N {
		c := &m.Points[i]
		if !sameVec(in.pos[i], c.Position) || !sameBits(in.depth[i], c.Depth) || !sameBits(in.dip[i], c.Dip) {
			return false
		}
	}
	return true
}

// pointSpeed returns n·(v + ω × r) for a body's generalized velocity v (6 numbers: v then
// ω), with collide.AlongVelocity.
func pointSpeed(n, r *mgl64.Vec3, v []float64) float64 {
	lin, ang := mgl64.Vec3{v[0], v[1], v[2]}, mgl64.Vec3{v[3], v[4], v[5]}
	return collide.AlongVelocity(n, &lin, &ang, r)
}
