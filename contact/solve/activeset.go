package solve

import "math"

// The exact stage's active set: which normal rows push, and per manifold and tangent
// whether its friction sticks or slides. Friction is judged per manifold (a patch), not per
// point: the points' share of a face's load is a choice, and judged per point a box
// sliding down a 30° ramp slid 11% slow.

// rowStatus is a row's part in the exact stage's active set.
type rowStatus uint8

const (
	off      rowStatus = iota // a normal row that does not push, or a friction row of such a point or of μ = 0
	pushing                   // a normal row that pushes: its relative velocity is its bias
	sticking                  // a friction row of a patch that sticks: its relative velocity is zero
	sliding                   // a friction row of a patch that slides: its impulse is ±μ times its point's normal one
)

// solved reports whether the row's impulse is an unknown of the exact solve.
func (s rowStatus) solved() bool { return s == pushing || s == sticking }

// initialStatus sets the rows of con from the sweeps' impulses: a normal row pushes where
// its impulse is positive, and the patch's friction along each tangent slides where its
// total is at μ times the total normal impulse (to rounding: the sweeps clamp each point's
// friction to its bound exactly), and sticks otherwise.
func initialStatus(con *constraint, status []rowStatus, slide []int8) {
	var total [3]float64
	for i := range int(con.n) {
		if l := &con.pts[i].lambda; l[0] > 0 {
			for d := range 3 {
				total[d] += l[d]
			}
		}
	}
	for d := 1; d < 3; d++ {
		slide[d-1] = 0
		if f := total[d]; con.mu > 0 && math.Abs(f) >= (1-1e-9)*float64(con.mu*total[0]) {
			slide[d-1] = 1
			if f < 0 {
				slide[d-1] = -1
			}
		}
	}
	for i := range int(con.n) {
		status[3*i] = off
		if con.pts[i].lambda[0] > 0 {
			status[3*i] = pushing
		}
		setFriction(con, status[3*i:3*i+3], slide)
	}
}

// setFriction sets one point's friction rows (status[1:3]) from its normal row's status
// and its patch's friction.
func setFriction(con *constraint, status []rowStatus, slide []int8) {
	for d := 1; d < 3; d++ {
		switch {
		case status[0] == off || con.mu == 0:
			status[d] = off
		case slide[d-1] != 0:
			status[d] = sliding
		default:
			status[d] = sticking
		}
	}
}

// exactCheck checks the island's answer against the bounds and returns by how much, as a
// relative velocity (m/s), the worst row misses them, or 0 when every row is within
// exactTolerance: a pushing normal row whose impulse is negative, a normal row that does
// not push but approaches, a patch's friction along a tangent whose total exceeds μ times
// the patch's normal impulse where it sticks, or which would drive the slip where it
// slides. Each that misses by limit or more moves to the other set.
func (e *islandWork) exactCheck(ms []int32, limit float64) float64 {
	worst := 0.0
	miss := func(by float64) bool {
		if by <= exactTolerance {
			return false
		}

		worst = max(worst, by)
		return by >= limit
	}
	for j, k := range ms {
		con := &e.c.cons[k]
		st, lam, slide := e.status[maxRows*j:], e.lambda[maxRows*j:], e.slide[2*j:2*j+2]
		va, vb := e.vel[con.a], velocity{}
		if con.b >= 0 {
			vb = e.vel[con.b]
		}
		var total, slip [3]float64
		var scale [3]float64 // the patch's largest 1/D: impulse per relative velocity
		pushed := 0
		for i := range int(con.n) {
			p := &con.pts[i]
			r := &p.rows[0]
			if !(math.Abs(lam[3*i])+math.Abs(lam[3*i+1])+math.Abs(lam[3*i+2]) <= math.MaxFloat64) {
				return math.Inf(1) // not finite: keep the sweeps' answer
			}
			if st[3*i] == off {
				if miss(p.bias - relative(r, con.dir[0], &va, &vb)) {
					st[3*i] = pushing
					setFriction(con, st[3*i:3*i+3], slide)
				}
				continue
			}
			if miss(float64(-lam[3*i] * r.d)) {
				st[3*i] = off
				setFriction(con, st[3*i:3*i+3], slide)
				continue
			}
			pushed++
			for d := range 3 {
				total[d] += lam[3*i+d]
				slip[d] += relative(&p.rows[d], con.dir[d], &va, &vb)
				scale[d] = max(scale[d], p.rows[d].invD)
			}
		}
		if pushed == 0 || con.mu == 0 {
			continue
		}
		for d := 1; d < 3; d++ {
			switch s := slide[d-1]; {
			case s == 0 && scale[d] > 0 && miss((math.Abs(total[d])-float64(con.mu*total[0]))/scale[d]):
				slide[d-1] = 1
				if total[d] < 0 {
					slide[d-1] = -1
				}
			case s != 0 && miss(float64(s)*slip[d]/float64(pushed)):
				slide[d-1] = 0
			default:
				continue
			}
			for i := range int(con.n) {
				setFriction(con, st[3*i:3*i+3], slide)
			}
		}
	}
	return worst
}
