package contact

import (
	"math"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/pgs"

	"github.com/go-gl/mathgl/mgl64"
)

// Internal tunables of the contact rows (the ones users may tune are in Settings). Each is
// chosen for metre-sized bodies at the default step of 1/60 s; the reason is given with it.
const (
	// positionTrigger (m) is how far beyond PenetrationSlop a point must be about to end the
	// step before the position pass runs (it then removes the depth beyond the slop from
	// every point). Removing a fraction of the excess each step, a pass that ran on any
	// excess would run on every step of a resting pyramid, each time nudging its boxes by
	// micrometres that the next velocity solve has to take up again: pyramid20 took all its
	// sweeps every step and never settled below the sweep tolerance (docs/contact.md).
	positionTrigger = 1e-4
	// guardDeepening (m) is how much deeper than it is a point must be about to go, besides
	// ending beyond PenetrationSlop, for the guard to repeat the solve: a point resting
	// deeper than the slop is the position pass's, and a repeat cannot move it.
	guardDeepening = 1e-6
)

// jacobian writes into j (12 numbers: body A's 6 then body B's 6) the Jacobian of the
// relative velocity of B with respect to A at a world point along unit direction d, with rA
// and rB the offsets of the point from each centre of mass:
//
//	J·v = d·(v_B + ω_B × r_B) − d·(v_A + ω_A × r_A).
//
// Body B's block is left zero when hasB is false (a plane).
func jacobian(j []float64, d, rA, rB mgl64.Vec3, hasB bool) {
	j = j[:12]
	ca := rounded.Cross(rA, d)
	j[0], j[1], j[2], j[3], j[4], j[5] = -d[0], -d[1], -d[2], -ca[0], -ca[1], -ca[2]
	if hasB {
		cb := rounded.Cross(rB, d)
		j[6], j[7], j[8], j[9], j[10], j[11] = d[0], d[1], d[2], cb[0], cb[1], cb[2]
	} else {
		clear(j[6:12])
	}
}

// tangents returns a unit tangent basis (t1, t2) of the unit normal n, with (t1, t2, n)
// right-handed. It depends on n alone, so a plane's basis never turns and friction impulses
// warm start exactly; it is continuous except where n crosses between octant regions.
func tangents(n mgl64.Vec3) (t1, t2 mgl64.Vec3) {
	// Cross with the world axis least aligned with n: the best-conditioned choice.
	ax := mgl64.Vec3{1, 0, 0}
	if a := math.Abs(n[1]); a < math.Abs(n[0]) && a <= math.Abs(n[2]) {
		ax = mgl64.Vec3{0, 1, 0}
	} else if a := math.Abs(n[2]); a < math.Abs(n[0]) && a < math.Abs(n[1]) {
		ax = mgl64.Vec3{0, 0, 1}
	}
	t1 = rounded.Normalize(rounded.Cross(ax, n))
	return t1, rounded.Cross(n, t1)
}

// restitutionBias returns the separating speed (m/s) that a bounce asks of a contact row,
// and false when the contact does not bounce this step. e is the restitution coefficient,
// uPre and uPost the separating normal velocity (J·v) before and after the step's gravity
// kick, gap the distance still to close (m, ≤ 0 when touching), h the step (s).
//
// It is Newton's law, u⁺ = −e·u⁻, applied at the instant of impact and written for the
// symplectic Euler integrator so that a ball dropped from height H rises to e²H:
//   - the approach speed is the one at the middle of the gravity kick, uMid = (uPre+uPost)/2:
//     symplectic Euler conserves ½(u − kick/2)² + a·x, not ½u² + a·x, in free flight;
//   - a speculative contact that closes within the step hits at the speed it gains over the
//     remaining gap under the acceleration a toward the contact, √(uMid² + 2a·gap), and the
//     rebound leaves from the gap with the speed that reaches the same apex.
//
// Without these corrections a ball bouncing at 1/60 s misses e²H by 10% for e = 0.5.
// No bounce below RestitutionThreshold, for a contact that does not close within the step,
// or when the rebound would not even climb back across the gap.
func restitutionBias(e, uPre, uPost, gap, h, threshold float64) (float64, bool) {
	uMid := (uPre + uPost) / 2
	if e == 0 || uMid > -threshold {
		return 0, false
	}
	gap = max(gap, 0)
	if uPost*h > -gap {
		return 0, false
	}
	kick := uPost - uPre
	a := -kick / h
	out := float64(e*e*(float64(uMid*uMid)+float64(2*a*gap))) - float64(2*a*gap)
	if out <= 0 {
		return 0, false
	}
	return float64(kick/2) + math.Sqrt(out), true
}

// massBlocks writes body b's 6×6 row-major mass and inverse mass blocks, world frame.
func massBlocks(mass, inv *[36]float64, b *body.Body) {
	invMassBlock(inv, b)
	clear(mass[:])
	if !solved(b) {
		return
	}
	iw := rounded.Mul(rounded.Mul(b.R, b.Inertia), b.R.Transpose())
	for r := range 3 {
		mass[r*6+r] = b.Mass
		for c := range 3 {
			mass[(3+r)*6+3+c] = iw.At(r, c)
		}
	}
}

// invMassBlock writes body b's 6×6 row-major inverse mass block, world frame: all that the
// Gauss–Seidel solver reads of a body's mass.
func invMassBlock(inv *[36]float64, b *body.Body) {
	clear(inv[:])
	if !solved(b) {
		return
	}
	iwInv := b.InvInertiaWorld()
	for r := range 3 {
		inv[r*6+r] = b.InvMass
		for c := range 3 {
			inv[(3+r)*6+3+c] = iwInv.At(r, c)
		}
	}
}

// The rows a caller's Solver (Settings.Solver) solves, as a pgs.Problem: per manifold in
// solve order, each point's two friction rows along the manifold's tangents, then its normal
// rows, warm started from the impulses the manifold carries; and the position pass's normal
// rows. The built-in solver takes the manifolds directly (prepare.go).

// callerRows is the velocity solve as a caller's Solver takes it: the problem, and per
// manifold in s.graph.Order its first row.
type callerRows struct {
	pgs.Problem
	base []int
}

// build fills r with every body and every manifold's rows in s.graph.Order.
func (r *callerRows) build(s *contactState, w *World) {
	p := &r.Problem
	p.Reset(6)
	var mass, inv [36]float64
	for i, b := range w.Bodies {
		massBlocks(&mass, &inv, b)
		p.AddBody(mass[:], inv[:], s.post[6*i:6*i+6])
	}
	p.Level = append(p.Level, s.graph.Level...)
	r.base = resize(r.base, len(s.graph.Order))
	var jn [12]float64
	for q, i := range s.graph.Order {
		m := &s.cur[i]
		base := len(p.Rows)
		r.base[q] = base
		a, b := int(m.Pair.A), int(m.Pair.B)
		if b < 0 {
			b = -1
		}
		t1, t2 := tangents(m.Normal)
		for j := range m.N {
			c := &m.Points[j]
			rA, rB := offsets(w, m, c)
			for _, t := range [2]mgl64.Vec3{t1, t2} {
				jacobian(jn[:], t, rA, rB, b >= 0)
				p.AddRow(pgs.FrictionRow(a, b, base+2*m.N+j, m.Friction), jn[:6], jn[6:], rounded.Dot(c.FrictionImpulse, t))
			}
		}
		for j := range m.N {
			c := &m.Points[j]
			rA, rB := offsets(w, m, c)
			jacobian(jn[:], m.Normal, rA, rB, b >= 0)
			p.AddRow(pgs.NormalRow(a, b, normalBias(s, w, m, c, rA, rB)), jn[:6], jn[6:], c.NormalImpulse)
		}
	}
}

// offsets returns point c's offsets from the centres of mass of manifold m's bodies (the
// second zero for a plane).
func offsets(w *World, m *Manifold, c *ContactPoint) (rA, rB mgl64.Vec3) {
	rA = c.Position.Sub(w.Bodies[m.Pair.A].P)
	if m.Pair.B >= 0 {
		rB = c.Position.Sub(w.Bodies[m.Pair.B].P)
	}
	return rA, rB
}

// read stores the impulses a caller's Solver found in the manifolds: the friction impulse
// t1 λ1 + t2 λ2 as a world vector, so that a turning basis still warm starts.
func (r *callerRows) read(s *contactState) {
	p := &r.Problem
	for q, i := range s.graph.Order {
		m, base := &s.cur[i], r.base[q]
		t1, t2 := tangents(m.Normal)
		for j := range m.N {
			c := &m.Points[j]
			c.FrictionImpulse = t1.Mul(p.Lambda[base+2*j]).Add(t2.Mul(p.Lambda[base+2*j+1]))
			c.NormalImpulse = p.Lambda[base+2*m.N+j]
		}
	}
}
