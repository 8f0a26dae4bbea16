package contact

import (
	"cmp"
	"slices"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/collide"

	"github.com/go-gl/mathgl/mgl64"
)

// cornerRow is a hull corner that the step's solved motion would carry deeper than
// PenetrationSlop behind a plane although its body's manifold against that plane does not
// hold it: the position pass gets a row for it.
type cornerRow struct {
	body, plane int
	r           mgl64.Vec3 // the corner's offset from the centre of mass, world frame (m)
	depth       float64    // its depth at the end of the step, m
}

// deepCorners sets p.corners to the hull corners of awake bodies that the solved velocities
// would leave deeper than PenetrationSlop behind a plane, other than their manifold's
// points. A manifold holds four corners and is chosen before the solve, from the corners
// within reach of the velocities then: a box lying a few millimetres off level on the floor
// has two corners in it, and when a box lands on the stack above, the solve tips it onto
// the other two, 16 mm into the floor within the step (pile1000). The guard swaps such
// corners in when a round is left; the position pass then catches any that remain.
//
// The bodies are shared out on the work pool in chunks, each chunk's corners going to a list
// of its own; the lists are joined in chunk order, which is the order of the serial loop.
func (p *positionPass) deepCorners(s *contactState, w *World) {
	chunks := (len(w.Bodies) + bodyChunk - 1) / bodyChunk
	for len(p.chunks) < chunks {
		p.chunks = append(p.chunks, nil)
	}
	// Detection puts the plane manifolds first in s.cur, in body then plane order. One the
	// reach guard added later is not matched: its corners then get a second row, which asks
	// the same of them.
	p.planeRun = 0
	for p.planeRun < len(s.cur) && s.cur[p.planeRun].Pair.B < 0 {
		p.planeRun++
	}
	s.share(w, len(w.Bodies), bodyChunk, minBodies, func(s *contactState, w *World, _, lo, hi int) {
		s.position.deepCornersOf(s, w, lo, hi)
	})
	p.corners = p.corners[:0]
	for _, c := range p.chunks[:chunks] {
		p.corners = append(p.corners, c...)
	}
}

// deepCornersOf finds the deep corners of bodies lo..hi−1 (one chunk) into its list.
func (p *positionPass) deepCornersOf(s *contactState, w *World, lo, hi int) {
	corners := p.chunks[lo/bodyChunk][:0]
	planeRun := p.planeRun
	// The next plane manifold in s.cur.
	at, _ := slices.BinarySearchFunc(s.cur[:planeRun], int32(lo), func(m Manifold, a int32) int {
		return cmp.Compare(m.Pair.A, a)
	})
	normals := s.normals
	for i := lo; i < hi; i++ {
		b := w.Bodies[i]
		if b.Fixed || !w.awake(i) {
			continue
		}
		hull, turn := s.hulls[i], s.turns[i]
		bound := collide.NewTurnedBound(turn, b.R, hull.Radius)
		end := b.P.Add(b.V.Mul(w.Dt))
		for k, pl := range w.Planes {
			n := normals[k]
			var m *Manifold
			for at < planeRun && (int(s.cur[at].Pair.A) < i || int(s.cur[at].Pair.A) == i && s.cur[at].Pair.Plane() < k) {
				at++
			}
			if at < planeRun && s.cur[at].Pair == PlanePair(i, k) {
				m = &s.cur[at]
			}
			// The centre's height above the plane at the end of the step, then per corner.
			base := rounded.Dot(n, end.Sub(pl.Point))
			nb, tol, ok := bound.Along(n, base)
			if ok && collide.Beyond(base, nb, hull.Radius, tol-w.PenetrationSlop) {
				continue // no corner ends deeper than the slop
			}
			for j, c := range hull.Corners {
				if ok && base+rounded.Dot(nb, c) >= tol-w.PenetrationSlop {
					continue // this one does not
				}
				r := rounded.MulVec(b.R, c)
				depth := -(base + rounded.Dot(n, rounded.MulVec(turn, r)))
				if depth <= w.PenetrationSlop || m != nil && collide.Has(m, uint32(hull.IDs[j])) {
					continue
				}
				corners = append(corners, cornerRow{body: i, plane: k, r: r, depth: depth})
			}
		}
	}
	p.chunks[lo/bodyChunk] = corners
}

// addCorners calls add for each corner of p.corners with the bias of its row: its depth
// beyond the slop, removed within the step.
func (p *positionPass) addCorners(w *World, add func(c cornerRow, bias float64)) {
	for _, c := range p.corners {
		add(c, (c.depth-w.PenetrationSlop)/w.Dt)
	}
}
