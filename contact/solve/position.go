package solve

import (
	"github.com/tumble-physics/tumble/contact/internal/work"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The position pass solves the normal rows alone once more, from zero velocity and without
// warm start, for pseudo-velocities that remove depth beyond the slop: the bodies move by
// them in the position update, and then forget them, so that correcting depth never adds
// kinetic energy (split impulses). Each manifold's normal rows keep their Jacobians and
// block matrix; their biases are the pass's own. Rows for hull corners that no manifold
// holds (corner rows, against planes) come first when the plane is ground and last
// otherwise.

// positionPass is the position pass's state.
type positionPass struct {
	vel     []velocity              // pseudo-velocities per body
	saved   [][2][MaxPoints]float64 // per manifold: the velocity solve's normal impulses and biases
	corners []corner                // corner rows, in the order added
	ground  int                     // corners[:ground] are against ground planes
	order   []corner                // scratch: the corners, ground ones first
}

// corner is one corner row: body a's point at offset r pushed along dir (into the plane,
// from the body's side, so that a positive impulse pushes the body out).
type corner struct {
	a      int32
	dir    vec
	r      row
	bias   float64
	lambda float64
	ground bool
}

// BeginPosition readies the position pass: every manifold's biases are then to be set with
// SetPositionBias and corner rows added with AddCorner. Once its biases are set, a
// manifold's impulses from the velocity solve are put aside until Position has run.
func (c *Contacts) BeginPosition() {
	p := &c.position
	p.vel = work.Resize(p.vel, len(c.vel))
	clear(p.vel)
	p.saved = work.Resize(p.saved, len(c.cons))
	p.corners = p.corners[:0]
}

// SetPositionBias sets the position pass's biases of manifold k's points (m/s: the depth
// beyond the slop to remove, divided by the step), one per point, and readies its rows for
// the pass: the velocity solve's normal impulses and biases are put aside, to be restored
// after it, and the impulses start from zero. A manifold none of whose points is deeper
// than the slop starts the pass settled: with no impulse and its bodies without
// pseudo-velocity it pushes nothing until a neighbour moves one of them (passOver). It
// writes only manifold k's, so that manifolds can be set on any goroutine.
func (c *Contacts) SetPositionBias(k int, bias []float64) {
	con, saved := &c.cons[k], &c.position.saved[k]
	con.support = 1<<con.n - 1
	con.still, con.seenA, con.seenB = true, 0, 0
	for i := range con.n {
		pt := &con.pts[i]
		saved[0][i], saved[1][i] = pt.lambda[0], pt.bias
		pt.lambda[0], pt.bias = 0, bias[i]
		con.still = con.still && pt.bias <= 0
	}
}

// AddCorner adds a corner row: body a's hull corner at offset r from its centre of mass
// (world, m) held against a plane whose unit normal, into the plane, is dir, with bias (m/s).
// ground says whether the plane holds bodies up (its row is then solved before the
// manifolds, otherwise after them).
func (c *Contacts) AddCorner(a int, dir, r mgl64.Vec3, bias float64, ground bool) {
	b := &c.bodies[a]
	d := vecOf(dir)
	cr := corner{a: int32(a), dir: d, bias: bias, ground: ground}
	cr.r.jA = vecOf(r).cross(d)
	cr.r.iA = b.invI.mul(cr.r.jA)
	cr.r.d = float64(b.invMass*d.dot(d)) + cr.r.jA.dot(cr.r.iA)
	if cr.r.d > 0 {
		cr.r.invD = 1 / cr.r.d
	}
	c.position.corners = append(c.position.corners, cr)
}

// Position runs the position pass with at most sweeps sweeps (tolerance tol, m/s, and the
// last a shock sweep: with a plain sweep after it, as in Solve, the pseudo-velocities
// pushing a column of coincident cubes apart pushed the bottom one 34 cm under the floor,
// TestCoincidentCubesStayAboveFloor) and returns the number run. Pseudo returns the result.
// The manifolds' impulses and biases of the velocity solve are kept.
func (c *Contacts) Position(sweeps int, tol float64) int {
	p := &c.position
	p.order = p.order[:0]
	for _, cr := range p.corners {
		if cr.ground {
			p.order = append(p.order, cr)
		}
	}
	p.ground = len(p.order)
	for _, cr := range p.corners {
		if !cr.ground {
			p.order = append(p.order, cr)
		}
	}
	for i := range p.vel {
		p.vel[i].moves = 0
	}
	c.vel, p.vel = p.vel, c.vel // the sweeps move the pseudo-velocities
	c.Residuals = c.Residuals[:0]
	c.plan = sweepPlan{sweeps: sweeps, tol: tol, shockAt: sweeps - 1, position: true}
	if first := c.plan.first(c); first != done && !c.team.shared(c, first) {
		for pass := first; pass != done; {
			r := c.groundCorners()
			r = max(r, c.pass(pass, c.cons, c.scratchOf(0)))
			pass = c.plan.after(c, pass, max(r, c.otherCorners()))
		}
	}
	c.vel, p.vel = p.vel, c.vel
	for k := range c.cons {
		con := &c.cons[k]
		for i := range con.n {
			con.pts[i].lambda[0], con.pts[i].bias = p.saved[k][0][i], p.saved[k][1][i]
		}
	}
	return len(c.Residuals)
}

// Pseudo returns body i's pseudo-velocities from the last position pass.
func (c *Contacts) Pseudo(i int) (v, w mgl64.Vec3) {
	pv := &c.position.vel[i]
	return pv.v.mgl(), pv.w.mgl()
}

// groundCorners updates the corner rows against ground planes, which a position sweep
// visits before the manifolds, and returns their residual.
func (c *Contacts) groundCorners() float64 {
	p := &c.position
	return c.cornerSteps(p.order[:p.ground])
}

// otherCorners updates the other corner rows, which a position sweep visits after the
// manifolds, and returns their residual.
func (c *Contacts) otherCorners() float64 {
	p := &c.position
	return c.cornerSteps(p.order[p.ground:])
}

// cornerSteps updates the corner rows crs in order and returns max D·|Δλ|.
func (c *Contacts) cornerSteps(crs []corner) float64 {
	res := 0.0
	for q := range crs {
		res = max(res, c.cornerStep(&crs[q]))
	}
	return res
}

// positionVisit solves manifold con's normal rows in the position pass, one-sided where
// the shock sweep (shock) freezes a body, with scratch sc; a plain sweep passes over a
// settled manifold. Its impulses serve no warm start: a frozen manifold's are left in the
// copy it was solved on.
func (c *Contacts) positionVisit(con *constraint, shock bool, sc *scratch) float64 {
	if !shock && c.passOver(con) {
		return 0
	}
	target := con
	if f := c.frozen(con); shock && f >= 0 {
		target = &sc.con
		*target = *con
		target.freeze(f)
	}
	va, vb := c.vel[con.a], velocity{}
	if con.b >= 0 {
		vb = c.vel[con.b]
	}
	res := c.normals(target, &va, &vb, sc)
	c.store(target, va, vb)
	c.record(con, target, res)
	return res
}

// cornerStep updates one corner row and returns D·|Δλ|.
func (c *Contacts) cornerStep(cr *corner) float64 {
	r := &cr.r
	if r.invD == 0 {
		return 0
	}
	v := &c.vel[cr.a]
	w := -cr.dir.dot(v.v) - r.jA.dot(v.w) - cr.bias
	old := cr.lambda
	l := max(old-float64(w*r.invD), 0)
	dl := l - old
	if dl == 0 {
		return 0
	}
	cr.lambda = l
	v.moves++
	b := &c.bodies[cr.a]
	v.v = v.v.addScaled(cr.dir, -float64(b.invMass*dl))
	v.w = v.w.addScaled(r.iA, -dl)
	return float64(r.d * math.Abs(dl))
}
