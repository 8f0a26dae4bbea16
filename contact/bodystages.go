package contact

import (
	"math"

	"slices"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"

	"github.com/go-gl/mathgl/mgl64"
)

// The per-body stages of a step run on the work pool (workpool.go) in chunks of bodyChunk
// bodies: the gravity kick, the solved velocities handed back to the bodies, the position
// update, and each body's turn with them. A body's outputs (its velocities, pose and turn,
// its slots of s.pre and s.post) are written by the one goroutine that takes its chunk,
// with the serial loop's arithmetic, and read nothing another body's writes: the bits do
// not depend on the number of workers.

// kick runs step 1 of World.Step on every body: its generalized velocity before and after
// the unconstrained velocity update (s.pre, s.post), and its turn for the kicked velocity.
func (s *contactState) kick(w *World) {
	s.sizeTurns(w)
	s.share(w, len(w.Bodies), bodyChunk, minBodies, (*contactState).kickBodies)
}

// kickBodies is kick for bodies lo..hi−1.
func (s *contactState) kickBodies(w *World, _, lo, hi int) {
	for i := lo; i < hi; i++ {
		b := w.Bodies[i]
		velocity6(s.pre[6*i:], b.V, b.Omega)
		if w.awake(i) {
			b.IntegrateVelocity(w.Dt, w.Gravity)
		}
		velocity6(s.post[6*i:], b.V, b.Omega)
		s.turn(w, i)
	}
}

// applyImpulses copies v⁺ to the bodies, with their turns for it, and keeps the impulses
// for the next warm start.
func (s *contactState) applyImpulses(w *World) {
	s.sizeTurns(w)
	s.share(w, len(w.Bodies), bodyChunk, minLight, (*contactState).applyBodies)
	if w.Solver != nil {
		s.vel.read(s)
		return
	}
	readContacts(s, w)
}

// applyBodies is applyImpulses's part for bodies lo..hi−1.
func (s *contactState) applyBodies(w *World, _, lo, hi int) {
	for i := lo; i < hi; i++ {
		if b := w.Bodies[i]; !b.Fixed {
			if w.Solver != nil {
				v := s.vel.Velocity(i)
				b.V, b.Omega = mgl64.Vec3{v[0], v[1], v[2]}, mgl64.Vec3{v[3], v[4], v[5]}
			} else {
				b.V, b.Omega = s.con.Velocity(i)
			}
		}
		s.turn(w, i)
	}
}

// sizeTurns sizes s.turns for the bodies; when their number changed, every turn is taken
// afresh (turnsStale) until the next per-body stage has run.
func (s *contactState) sizeTurns(w *World) {
	n := len(w.Bodies)
	if s.turnsStale = len(s.turns) != n; s.turnsStale {
		s.turns = slices.Grow(s.turns[:0], n)[:n]
		s.turnArgs = slices.Grow(s.turnArgs[:0], n)[:n]
	}
}

// turn sets s.turns[i] to body i's rotation over the step, exp(h[ω]×), for its current
// angular velocity. A body whose h ω has the same bits as at the last call keeps its turn:
// the solve changes only the bodies it touches, and sleeping bodies never turn.
func (s *contactState) turn(w *World, i int) {
	if x := w.Bodies[i].Omega.Mul(w.Dt); s.turnsStale || !sameVec(x, s.turnArgs[i]) {
		s.turns[i], s.turnArgs[i] = body.Exp(x), x
	}
}

// integrate moves every awake body by its velocity and its pseudo-velocity (s.pseudo) over
// the step.
func (s *contactState) integrate(w *World) {
	s.share(w, len(w.Bodies), bodyChunk, minBodies, (*contactState).integrateBodies)
}

// integrateBodies is integrate for bodies lo..hi−1.
func (s *contactState) integrateBodies(w *World, _, lo, hi int) {
	h := w.Dt
	for i := lo; i < hi; i++ {
		b := w.Bodies[i]
		if !w.awake(i) {
			continue // not even R ← exp(0) R: a sleeping body keeps its exact state
		}
		pv := mgl64.Vec3{s.pseudo[6*i], s.pseudo[6*i+1], s.pseudo[6*i+2]}
		pw := mgl64.Vec3{s.pseudo[6*i+3], s.pseudo[6*i+4], s.pseudo[6*i+5]}
		if pv == (mgl64.Vec3{}) && pw == (mgl64.Vec3{}) {
			b.IntegratePosition(h)
			continue
		}
		// Move by v + pseudo-velocity, then give back the real velocities: the linear one as
		// it was, the angular one as it was in the body frame, so that the correction changes
		// no kinetic energy (keeping the world angular momentum instead would, for a body
		// with unequal moments, since ½ Lᵀ I_w⁻¹ L depends on the orientation).
		v, wb := b.V, rounded.MulTVec(b.R, b.Omega)
		b.V, b.Omega = v.Add(pv), b.Omega.Add(pw)
		b.IntegratePosition(h)
		b.V, b.Omega = v, rounded.MulVec(b.R, wb)
	}
}

// velocity6 writes a body's generalized velocity (v then ω) into v.
func velocity6(v []float64, lin, ang mgl64.Vec3) {
	v[0], v[1], v[2], v[3], v[4], v[5] = lin[0], lin[1], lin[2], ang[0], ang[1], ang[2]
}

// sameBits reports whether a and b are the same float64, bit for bit.
func sameBits(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

// sameVec reports whether a and b are the same vector, bit for bit (−0 and +0 differ).
func sameVec(a, b mgl64.Vec3) bool {
	return sameBits(a[0], b[0]) && sameBits(a[1], b[1]) && sameBits(a[2], b[2])
}
