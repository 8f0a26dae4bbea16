package collide

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// MaxManifoldPoints is the most contact points kept per pair of touching things. Four points
// that span the contact patch hold a body as firmly as all of them, at a fixed cost.
const MaxManifoldPoints = 4

// Pair names what a manifold is between: body A and body B, or body A and plane −1−B when B
// is negative. Keys are compared by value, so a Pair finds last step's manifold.
type Pair struct {
	A, B int32
}

// PlanePair returns the Pair of body a and plane k.
func PlanePair(a, k int) Pair { return Pair{A: int32(a), B: int32(-1 - k)} }

// Plane returns the plane index of a body–plane pair, or −1 for a body–body pair.
func (p Pair) Plane() int {
	if p.B >= 0 {
		return -1
	}
	return int(-1 - p.B)
}

// ContactPoint is one point of a manifold.
type ContactPoint struct {
	// ID names the feature that makes the point, stable from step to step while the contact
	// lasts: for a plane, the index of the hull corner in body A's mesh. Warm starting
	// matches points by it.
	ID uint32
	// LocalA is the point on body A's surface in A's frame (metres, relative to its centre
	// of mass).
	LocalA mgl64.Vec3
	// LocalB is the point on body B's surface in B's frame (metres, relative to its centre
	// of mass); unused for a plane.
	LocalB mgl64.Vec3
	// Position is where the rows act, world coordinates when detected (metres): the corner
	// for a plane, midway between the two surface points for two bodies.
	Position mgl64.Vec3
	// Depth is the penetration along the normal when detected, metres: positive inside,
	// negative for a gap (a speculative contact that may close within the step). For two
	// bodies it is Normal·(x_A − x_B) of the two surface points.
	Depth float64
	// Dip is how much deeper the body's rotation over the step carries the point than its
	// linear velocity says, at detection (m). The normal row asks for it, so that a
	// fast-spinning body does not swing corners into the plane between linearized steps.
	Dip float64
	// NormalImpulse is the last solve's impulse along the normal, N·s (≥ 0).
	NormalImpulse float64
	// FrictionImpulse is the last solve's tangential impulse on body B, world frame, N·s.
	// Kept as a vector rather than per tangent so a rotating basis still warm starts.
	FrictionImpulse mgl64.Vec3
}

// Manifold is the contact between one Pair: a shared normal and up to four points.
type Manifold struct {
	// Pair names the two sides by index in World.Bodies, or a body and a plane.
	Pair Pair
	// Normal is the unit contact normal, world frame, pointing from body A to B (into the
	// plane for a body–plane pair). Impulses push A along −Normal and B along +Normal.
	Normal mgl64.Vec3
	// Friction and Restitution are the mixed coefficients of the pair.
	Friction, Restitution float64
	// Rolling is the lever of the pair's rolling resistance, m: the manifold resists its
	// bodies' turning, about the normal and the tangents, with an angular impulse of at most
	// Rolling times its normal impulse. 0 for none.
	Rolling float64
	// Twist is the last solve's angular impulse of the rolling resistance on body B, world
	// frame, N·m·s (zero without).
	Twist mgl64.Vec3
	// Points holds the contact points; only the first N are in use.
	Points [MaxManifoldPoints]ContactPoint
	// N is the number of points in use, 1 to MaxManifoldPoints.
	N int

	anchor anchor // the bodies' relative pose when the manifold was detected (recycle.go)
}

// Candidate is a possible contact point before the manifold is reduced.
type Candidate struct {
	Local  mgl64.Vec3 // on body A's surface, body-A frame (m)
	LocalB mgl64.Vec3 // on body B's surface, body-B frame (two bodies only)
	X      mgl64.Vec3 // where the rows would act, world (m)
	Depth  float64    // m, positive inside
	// Reach is the depth the point would have at the end of the step if nothing stopped
	// it: Depth plus h times its approach speed plus Dip (m).
	Reach float64
	Dip   float64 // see ContactPoint.Dip
	ID    uint32  // see ContactPoint.ID
}

// Tolerances that let the points of the last step's manifold win near-ties, so the kept
// points (and their warm-start impulses) do not flicker between equivalent corners, such as
// the 32 corners of a cylinder's cap lying on the floor.
const (
	// keepDepth (m) is how much shallower than the deepest candidate a kept point may be
	// and still be chosen as the deepest: well above round-off, well below a visible tilt.
	keepDepth = 1e-4
	// keepRatio is the fraction of the best distance or area a kept point may fall short by.
	keepRatio = 0.02
)

// Reduce fills m.Points with at most four of cands. The support is the set of candidates
// that touch (depth within supportWindow of contact) or would reach within supportWindow of
// the deepest by the end of the step if nothing stopped them, and that would be in contact
// by then (reach > 0). If it has more than four points, the four kept are the one that
// reaches deepest, the farthest from it, the one that makes the largest triangle with those
// two, and the one that adds the most area to that triangle, all measured in the plane
// perpendicular to n (Bullet and Box3D's choice). Free slots go to the candidates that come
// closest to contact, so a rolling or tipping body has its next corner in the manifold
// before it gets there. A candidate in prev (the last step's manifold of the pair, or nil)
// wins near-ties, so ids persist.
func Reduce(m *Manifold, cands []Candidate, n mgl64.Vec3, prev *Manifold) {
	m.N = 0
	deepest := math.Inf(-1)
	for i := range cands {
		deepest = max(deepest, cands[i].Reach)
	}
	// Move the support to the front.
	k := 0
	for i := range cands {
		if c := &cands[i]; c.Reach > 0 && (c.Reach >= deepest-supportWindow || c.Depth >= -supportWindow) {
			cands[i], cands[k] = cands[k], cands[i]
			k++
		}
	}
	if k > MaxManifoldPoints {
		reduceArea(m, cands[:k], n, prev)
		return
	}
	for _, c := range cands[:k] {
		AddPoint(m, c)
	}
	// Fill up with the closest of the rest, by partial selection.
	for rest := cands[k:]; m.N < MaxManifoldPoints && len(rest) > 0; rest = rest[1:] {
		for i := range rest {
			if rest[i].Reach > rest[0].Reach {
				rest[0], rest[i] = rest[i], rest[0]
			}
		}
		AddPoint(m, rest[0])
	}
}

// supportWindow (m) is how far from contact, or from the deepest corner, a corner may be
// and still count as supporting the body when a manifold is reduced to four points by area.
// A kept point with a gap lets the body sink by that gap at corners that were not kept: a
// torus landing flat has its lowest ring of corners 27 mm below the next, wider one, which
// the area rule alone would prefer. Corners the window leaves out but that the solve drives
// into the plane are caught afterwards (by the step's corner guard).
const supportWindow = 5e-3

// reduceArea fills m with the four of cands (more than four) that span the largest area,
// as described on Reduce.
func reduceArea(m *Manifold, cands []Candidate, n mgl64.Vec3, prev *Manifold) {
	kept := func(c *Candidate) bool {
		if prev == nil {
			return false
		}
		for i := range prev.N {
			if prev.Points[i].ID == c.ID {
				return true
			}
		}
		return false
	}
	flat := func(v mgl64.Vec3) mgl64.Vec3 { return v.Sub(n.Mul(rounded.Dot(n, v))) }
	// pick returns the index of the candidate with the highest score, where a kept candidate
	// within the tolerance of the best wins; slack(best) is that tolerance.
	pick := func(score func(c *Candidate) float64, slack func(best float64) float64) int {
		best, bi := math.Inf(-1), -1
		for i := range cands {
			if s := score(&cands[i]); s > best {
				best, bi = s, i
			}
		}
		tol := slack(best)
		for i := range cands {
			if c := &cands[i]; i != bi && kept(c) && !kept(&cands[bi]) && score(c) >= best-tol {
				return i
			}
		}
		return bi
	}
	ratio := func(best float64) float64 { return keepRatio * math.Abs(best) }
	a := cands[pick(func(c *Candidate) float64 { return c.Reach }, func(float64) float64 { return keepDepth })]
	AddPoint(m, a)
	far := func(c *Candidate) float64 { return rounded.LenSqr(flat(c.X.Sub(a.X))) }
	b := cands[pick(far, ratio)]
	if far(&b) == 0 { // every candidate right behind the deepest (seen along n)
		return
	}
	AddPoint(m, b)
	// Signed doubled area of (a, b, c) seen along n: its sign says which side of ab c is on.
	area := func(p, q, c mgl64.Vec3) float64 { return rounded.Dot(rounded.Cross(q.Sub(p), c.Sub(p)), n) }
	c := cands[pick(func(c *Candidate) float64 { return math.Abs(area(a.X, b.X, c.X)) }, ratio)]
	if area(a.X, b.X, c.X) == 0 { // every candidate on a line: two points hold it
		return
	}
	AddPoint(m, c)
	// The fourth point adds the triangle it makes with the edge it lies beyond: the largest
	// negative area over the edges of the counter-clockwise triangle.
	p, q, r := a.X, b.X, c.X
	if area(p, q, r) < 0 {
		q, r = r, q
	}
	d := pick(func(c *Candidate) float64 {
		return -min(area(p, q, c.X), area(q, r, c.X), area(r, p, c.X))
	}, ratio)
	if -min(area(p, q, cands[d].X), area(q, r, cands[d].X), area(r, p, cands[d].X)) > 0 {
		AddPoint(m, cands[d])
	}
}

// AddPoint appends candidate c as a new point of m, carrying no impulse yet.
func AddPoint(m *Manifold, c Candidate) {
	m.Points[m.N] = c.Point()
	m.N++
}

// Has reports whether m has a point with the given id.
func Has(m *Manifold, id uint32) bool { return index(m, id) >= 0 }

// index returns the index of m's point with the given id, or −1.
func index(m *Manifold, id uint32) int {
	for i := range m.N {
		if m.Points[i].ID == id {
			return i
		}
	}
	return -1
}

// WarmStart copies the impulses of the points of prev with the same ids, and its twist,
// into m.
func WarmStart(m, prev *Manifold) {
	m.Twist = prev.Twist
	for i := range m.N {
		p := &m.Points[i]
		for j := range prev.N {
			if q := &prev.Points[j]; q.ID == p.ID {
				p.NormalImpulse, p.FrictionImpulse = q.NormalImpulse, q.FrictionImpulse
				break
			}
		}
	}
}

// Point returns the contact point of candidate c, carrying no impulse yet.
func (c *Candidate) Point() ContactPoint {
	return ContactPoint{ID: c.ID, LocalA: c.Local, LocalB: c.LocalB, Position: c.X, Depth: c.Depth, Dip: c.Dip}
}
