package solve

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Rolling resistance. A manifold whose load sits on one or two points cannot resist its
// bodies turning about the point, or about the line through the two: a body resting on a
// corner, or hanging between two, swings about them with nothing to take its energy, and a
// polygonal ball rolls on. A real contact is a patch, whose pressure shifts to resist the
// turn. Set with SetRolling, a manifold gets three angular rows, about its normal (spinning)
// and its two tangents (rolling), each bounded by a lever times the manifold's normal
// impulse, as friction is bounded by μ times it.

// rolling is a manifold's resistance to turning: its angular rows and their impulses.
type rolling struct {
	lever  float64    // m: each row's impulse is at most lever × the manifold's normal impulse
	rows   [3]row     // about the normal and the two tangents: j_A = j_B = the axis
	lambda [3]float64 // angular impulses on B about those axes, N·m·s
}

// SetRolling gives manifold k, once Set, rolling resistance: the angular impulse about each
// of its normal and tangents is at most lever (m) times its normal impulse. twist is the warm
// start, the angular impulse on B (world frame, N·m·s). A lever of 0 takes it away.
func (c *Contacts) SetRolling(k int, lever float64, twist mgl64.Vec3) {
	con := &c.cons[k]
	if con.roll = -1; !(lever > 0) {
		return
	}
	con.roll = int32(k)
	ro := &c.rolls[k]
	ro.lever = lever
	ia := &c.bodies[con.a].invI
	t := vecOf(twist)
	for d, axis := range con.dir {
		r := &ro.rows[d]
		*r = row{jA: axis, jB: axis, iA: ia.mul(axis)}
		r.d = axis.dot(r.iA)
		if con.b >= 0 {
			r.iB = c.bodies[con.b].invI.mul(axis)
			r.d += axis.dot(r.iB)
		}
		if r.d > 0 {
			r.invD = 1 / r.d
		}
		ro.lambda[d] = t.dot(axis)
	}
}

// Twist returns manifold k's angular impulse on B after the last solve (world frame,
// N·m·s): zero without rolling resistance.
func (c *Contacts) Twist(k int) mgl64.Vec3 {
	var t vec
	if ro := c.rollingOf(&c.cons[k]); ro != nil {
		for d, axis := range c.cons[k].dir {
			t = t.addScaled(axis, ro.lambda[d])
		}
	}
	return t.mgl()
}

// bound returns the largest angular impulse the rows of con may carry: the lever times
// con's normal impulse.
func (ro *rolling) bound(con *constraint) float64 {
	total := 0.0
	for i := range con.n {
		total += con.pts[i].lambda[0]
	}
	return float64(ro.lever * total)
}

// warm clamps the rows' impulses into their bound and applies them: their warm start.
func (ro *rolling) warm(con *constraint, va, vb *velocity) {
	hi := ro.bound(con)
	for d := range ro.rows {
		l := &ro.lambda[d]
		if !(*l == *l) { // NaN
			*l = 0
		}
		*l = min(max(*l, -hi), hi)
		ro.turn(&ro.rows[d], va, vb, *l)
	}
}

// visit updates the rows once within their bound and returns max D·|Δλ|.
func (ro *rolling) visit(con *constraint, va, vb *velocity) float64 {
	hi := ro.bound(con)
	res := 0.0
	for d := range ro.rows {
		r := &ro.rows[d]
		if r.invD == 0 {
			continue
		}
		w := r.jB.dot(vb.w) - r.jA.dot(va.w)
		old := ro.lambda[d]
		l := min(max(old-float64(w*r.invD), -hi), hi)
		if dl := l - old; dl != 0 {
			ro.lambda[d] = l
			ro.turn(r, va, vb, dl)
			res = max(res, float64(r.d*math.Abs(dl)))
		}
	}
	return res
}

// turn applies angular impulse dl of row r to the velocities va and vb.
func (ro *rolling) turn(r *row, va, vb *velocity, dl float64) {
	va.w = va.w.addScaled(r.iA, -dl)
	vb.w = vb.w.addScaled(r.iB, dl)
}

// rollingOf returns con's rolling rows, or nil when it has none.
func (c *Contacts) rollingOf(con *constraint) *rolling {
	if con.roll < 0 {
		return nil
	}
	return &c.rolls[con.roll]
}

// freeze makes the rows one-sided, as constraint.freeze does the others.
func (ro *rolling) freeze(f int) {
	for d := range ro.rows {
		ro.rows[d].oneSided(f, 0)
	}
}
