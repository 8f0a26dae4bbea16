package contact

import (
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/collide"
)

// redetectReach (m) is how far the surfaces of two convex bodies must be able to close within
// the step, at their solved velocities, before redetect looks at the pair again where the
// step will leave it. A box resting on a box closes g·h² ≈ 3 mm a step; a box landing at
// 3 m/s, 5 cm.
const redetectReach = 0.05

// redetectState is redetect's scratch: the bodies' poses and velocities while they stand
// where the solve would leave them, and the manifolds found there.
type redetectState struct {
	p, v, omega []mgl64.Vec3
	spin        []float64 // per body: |ω| times its hull's radius, its fastest corner's turning speed
	r           []mgl64.Mat3
	turns       []mgl64.Mat3
	ident       []mgl64.Mat3
	found       []Manifold
	at          []int // per found manifold: its index in s.cur, or −1 for a new one
	// looks holds the pairs to detect again, in pair order, and what was found; added is
	// where the manifolds added by earlier rounds start in s.cur.
	looks []redetectLook
	added int
	close []bool // per pair: whether redetect looks at it (closeAt)
}

// redetectLook is a pair redetect detects again, on any goroutine, and its result.
type redetectLook struct {
	k  int      // the pair's index in s.pairs
	at int      // its manifold's index in s.cur, or −1
	m  Manifold // the manifold found at the predicted poses, when ok
	ok bool     // the pair overlaps there deeper than PenetrationSlop
}

// redetect looks again, after a velocity solve, at every broad-phase pair of two convex
// bodies that the solved velocities close by more than redetectReach: it runs the narrow
// phase with the bodies placed where the step would leave them (x + h v, exp(h[ω]×) R), at
// rest there. Where they would overlap deeper than PenetrationSlop, the manifold found there
// (its points fixed to the bodies by their local coordinates, their depth and position
// measured where the bodies are now) replaces the pair's manifold, or joins s.cur if the
// pair had none, and redetect reports true: the solve must run again.
//
// The manifold detected before the solve holds the bodies at the features that were closest
// then. A tilted box landing on another touches it first with one edge (one point); the
// impulse there turns it, and its face swings 6 cm into the lower box within the step
// (pile1000). A box struck from above is driven into a neighbour it had no manifold with.
// Both contacts exist only at the solved positions.
func (s *contactState) redetect(w *World) bool {
	rd := &s.rd
	n := len(w.Bodies)
	rd.found, rd.at = rd.found[:0], rd.at[:0]
	if !s.anyFastPair(w) {
		return false
	}
	rd.p, rd.v, rd.omega = slices.Grow(rd.p[:0], n)[:n], slices.Grow(rd.v[:0], n)[:n], slices.Grow(rd.omega[:0], n)[:n]
	rd.r = slices.Grow(rd.r[:0], n)[:n]
	rd.spin = slices.Grow(rd.spin[:0], n)[:n]
	for len(rd.ident) < n {
		rd.ident = append(rd.ident, mgl64.Ident3())
	}
	rd.turns, s.turns = s.turns, rd.ident[:n]
	for i, b := range w.Bodies {
		rd.p[i], rd.r[i], rd.v[i], rd.omega[i] = b.P, b.R, b.V, b.Omega
		rd.spin[i] = rounded.Len(b.Omega) * s.hulls[i].Radius
		if !b.Fixed && w.awake(i) {
			b.P, b.R = b.P.Add(b.V.Mul(w.Dt)), rounded.Mul(rd.turns[i], b.R)
		}
		b.V, b.Omega = mgl64.Vec3{}, mgl64.Vec3{}
	}
	s.detections++ // the posed hulls are the predicted ones until the next detection
	s.lookAgain(w)
	s.bodyStage(w, false) // pose the bodies of those pairs
	s.scratchFor(w)
	s.share(w, len(rd.looks), pairBatch, parallelMinPairs, (*contactState).redetectPairs)
	for q := range rd.looks {
		if l := &rd.looks[q]; l.ok {
			rd.found, rd.at = append(rd.found, l.m), append(rd.at, l.at)
		}
	}
	for i, b := range w.Bodies {
		b.P, b.R, b.V, b.Omega = rd.p[i], rd.r[i], rd.v[i], rd.omega[i]
	}
	s.turns = rd.turns
	s.detections++
	for f := range rd.found {
		s.adopt(w, &rd.found[f], rd.at[f])
	}
	if len(rd.found) > 0 && slices.Contains(rd.at, -1) {
		s.levels(w)
	}
	return len(rd.found) > 0
}

// lookAgain lists in rd.looks the broad-phase pairs of two convex bodies that the solved
// velocities close by more than redetectReach and whose bounding spheres overlap at the
// predicted poses, and marks their bodies to be posed (bodyStage). The pairs are tested on
// the work pool (closeAt), then listed in pair order.
func (s *contactState) lookAgain(w *World) {
	rd, bs := &s.rd, &s.bodies
	rd.close = resize(rd.close, len(s.pairs))
	s.share(w, len(s.pairs), slotChunk, minTests, (*contactState).closeAt)
	rd.looks = rd.looks[:0]
	bs.pose = resize(bs.pose, len(w.Bodies))
	clear(bs.pose)
	rd.added = s.narrow.end // s.cur[rd.added:] holds the manifolds the guards added
	for k, pr := range s.pairs {
		if !rd.close[k] {
			continue
		}
		at := -1
		if sl := &s.narrow.slots[k]; sl.ok {
			at = sl.at
		}
		rd.looks = append(rd.looks, redetectLook{k: k, at: at})
		bs.pose[pr[0]], bs.pose[pr[1]] = true, true
	}
}

// closeAt sets rd.close for pairs lo..hi−1: whether they are convex, close by more than
// redetectReach and overlap in their bounding spheres at the predicted poses.
func (s *contactState) closeAt(w *World, _, lo, hi int) {
	rd := &s.rd
	for k := lo; k < hi; k++ {
		a, b := int(s.pairs[k][0]), int(s.pairs[k][1])
		rd.close[k] = s.convexPair(k) && rd.closing(w, a, b) > redetectReach && !apartAt(w, s, a, b)
	}
}

// redetectPairs detects the pairs rd.looks[lo:hi] at the predicted poses, with the scratch
// of goroutine g.
func (s *contactState) redetectPairs(w *World, g, lo, hi int) {
	ws := s.scratch(g)
	for q := lo; q < hi; q++ {
		l := &s.rd.looks[q]
		l.ok = false
		pr := s.pairs[l.k]
		a, b := int(pr[0]), int(pr[1])
		va, vb, st := &s.bodies.views[a], &s.bodies.views[b], s.step(w)
		if l.at < 0 {
			// Apart at detection: most such pairs still are along the axis that showed it,
			// and the narrow phase would find them apart (collide.StillApart).
			if collide.StillApart(va, vb, &st, &s.lastAxes[l.k]) {
				continue
			}
			l.at = s.addedAt(s.rd.added, pr)
		}
		if l.at < 0 && !(w.awake(a) && w.awake(b)) {
			continue // a new contact with a sleeping body: the next step's detection wakes it
		}
		l.m = Manifold{Pair: Pair{A: pr[0], B: pr[1]}}
		l.ok = ws.Convex(va, vb, &st, nil, &l.m) && deepest(&l.m) > w.PenetrationSlop
	}
}

// addedAt returns the index in s.cur[from:] of the manifold of pair pr that an earlier round
// of redetect added, or −1.
func (s *contactState) addedAt(from int, pr [2]int32) int {
	for i := from; i < len(s.cur); i++ {
		if p := s.cur[i].Pair; p.A == pr[0] && p.B == pr[1] {
			return i
		}
	}
	return -1
}

// anyFastPair reports whether some awake body moves fast enough for one of its pairs to
// close by more than redetectReach: most steps of a settled scene have none, and redetect
// then costs one pass over the bodies.
func (s *contactState) anyFastPair(w *World) bool {
	for i, b := range w.Bodies {
		if !b.Fixed && w.awake(i) && w.Dt*(rounded.Len(b.V)+float64(rounded.Len(b.Omega)*s.hulls[i].Radius)) > redetectReach/2 {
			return true
		}
	}
	return false
}

// closing returns how far bodies a and b can close within the step at their solved
// velocities (saved in rd while the bodies stand at their predicted poses), m.
func (rd *redetectState) closing(w *World, a, b int) float64 {
	return w.Dt * (rounded.Len(rd.v[a].Sub(rd.v[b])) + rd.spin[a] + rd.spin[b])
}

// apartAt reports whether the bounding spheres of bodies a and b, where they stand, are
// apart: a cheap test that spares most fast pairs the separating-axis test.
func apartAt(w *World, s *contactState, a, b int) bool {
	r := s.hulls[a].Radius + s.hulls[b].Radius
	return rounded.LenSqr(w.Bodies[a].P.Sub(w.Bodies[b].P)) > r*r
}

// deepest returns the largest depth of m's points (m).
func deepest(m *Manifold) float64 {
	d := -1e300
	for i := range m.N {
		d = max(d, m.Points[i].Depth)
	}
	return d
}

// adopt puts manifold m, detected at the predicted poses, into s.cur at index at (or
// appends it when at is −1): its points keep their local coordinates, get their depth,
// position and dip where the bodies are now, and the impulses of the points with the same
// ids in the manifold they replace.
func (s *contactState) adopt(w *World, m *Manifold, at int) {
	ba, bb := w.Bodies[m.Pair.A], w.Bodies[m.Pair.B]
	ma, mb := w.material(int(m.Pair.A)), w.material(int(m.Pair.B))
	m.Friction = MixFriction(ma.Friction, mb.Friction)
	m.Restitution = MixRestitution(ma.Restitution, mb.Restitution)
	collide.Refresh(m, ba, bb)
	for j := range m.N {
		_, m.Points[j].Dip = w.pointReach(m, &m.Points[j])
	}
	// Its impulses are this step's, not a warm start for the next.
	if at < 0 {
		s.span = append(s.span, [2]int{len(s.cands), len(s.cands)})
		s.cur = append(s.cur, *m)
		s.curImpact.set(len(s.cur)-1, true)
		return
	}
	collide.WarmStart(m, &s.cur[at])
	s.cur[at] = *m
	s.curImpact.set(at, true)
}
