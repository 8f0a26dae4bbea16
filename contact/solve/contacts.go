package solve

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/internal/work"
	"github.com/tumble-physics/tumble/pgs"
)

// MaxPoints is the most points a manifold holds.
const MaxPoints = 4

// Contacts is a step's contact problem: the bodies and one prepared constraint per manifold,
// with the scratch of its solves. Fill it with Reset, SetBody, Set and, for a manifold that
// resists rolling, SetRolling (Set and SetRolling may run for different manifolds on
// different goroutines), then call Solve and Position. It allocates
// nothing once its slices have grown to a scene's size.
type Contacts struct {
	bodies []body
	vel    []velocity // the velocity solve's v and ω per body, and their counts of moves
	cons   []constraint
	rolls  []rolling // per manifold, the rows of those that resist turning (SetRolling)
	// Residuals holds the last solve's residual per sweep (m/s): the largest change a sweep
	// made to any row's relative velocity, D·|Δλ|. It is overwritten by the next solve.
	Residuals []float64

	position positionPass
	exact    exactStage
	plan     sweepPlan // the running solve's
	team     team      // the goroutines that share the sweeps (Share)
	waves    waves     // the sweep order cut into waves, for the exact stage's islands

	scratch []scratch // per goroutine of the sweeps
}

// scratch is a goroutine's scratch in the sweeps: the one-sided copy of a manifold and of its
// rolling rows in a shock sweep, and Lemke's method's tableau for the blocks whose support changed.
type scratch struct {
	con  constraint
	roll rolling
	lcp  pgs.LCP
	lu   pgs.SupportLU // a block's factorization on its support, when its kept inverse fails
	held []held        // the parts the goroutine took in a shared pass (team.go)
	seen []int64       // per part: how many of its manifolds the goroutine last read visited
}

// scratchOf returns goroutine g's scratch.
func (c *Contacts) scratchOf(g int) *scratch {
	for len(c.scratch) <= g {
		c.scratch = append(c.scratch, scratch{})
	}
	return &c.scratch[g]
}

// body is what the solve knows of a body.
type body struct {
	invMass float64 // 1/m, kg⁻¹; 0 for a body the solve does not move
	invI    mat     // world inverse inertia, (kg·m²)⁻¹; zero for a body the solve does not move
	level   int32   // level in the contact graph: 0 on the ground, −1 for a fixed body
}

// velocity is a body's generalized velocity: v (m/s) and ω (rad/s), world frame, and in
// Contacts.vel how many visits of the solve's sweeps changed it (a sweep passes over a
// settled manifold whose bodies' counts have not changed since it saw them). Each body's
// velocity and count fill a cache line (64 bytes; Go starts a slice of eight or more on
// a line): a visit reads one line per body, and goroutines sharing a sweep never write
// the same line. With the counts packed four bytes apart the peers' pile1000 took 16.7 ms
// a step on two cores rather than 13.2.
type velocity struct {
	v, w  vec
	moves uint32
	_     [12]byte
}

// row is one constraint row's Jacobian and effective mass: d is its direction, r_A and r_B
// the point's offsets from the bodies' centres of mass.
type row struct {
	jA, jB  vec     // r_A × d and r_B × d
	iA, iB  vec     // I_A⁻¹ (r_A × d) and I_B⁻¹ (r_B × d): zero for a body not moved
	d, invD float64 // D = J M⁻¹ Jᵀ and 1/D (0 when D is 0)
}

// point is one contact point's three rows (normal, first and second tangent), the normal
// row's bias and the accumulated impulses.
type point struct {
	lambda [3]float64 // impulses along the normal and the two tangents, N·s
	bias   float64    // the normal row's target relative velocity, m/s
	rows   [3]row
}

// constraint is one manifold prepared for the sweeps.
type constraint struct {
	a, b int32 // bodies; b = −1 for a plane
	n    int32 // points in use
	// roll is where the manifold's rolling rows are in Contacts.rolls (SetRolling), −1 for
	// none: kept apart, since most manifolds have none and a sweep's memory is the constraints.
	roll   int32
	dir    [3]vec  // the unit normal (from A to B) and the tangents t1, t2
	mA, mB float64 // inverse masses of the bodies the solve moves (0 otherwise)
	moveA  bool    // the solve changes A's velocity
	moveB  bool    // the solve changes B's velocity (false for a plane)
	mu     float64 // friction coefficient
	ab     vec     // c_A − c_B, the offset between the centres of mass (zero for a plane)
	// still says the manifold's last visit in a sweep changed nothing; seenA and seenB are
	// then its bodies' counts of moves (velocity.moves) as it saw them.
	still        bool
	seenA, seenB uint32
	pts          [MaxPoints]point
	// The normal rows' Delassus matrix (n×n row-major), the rows that pushed at the block's
	// last solution, and its inverses on the supports it used last. (A factorization for
	// when those fail is scratch: it is rarely asked for, and a sweep's memory is the
	// constraints.)
	block   [MaxPoints * MaxPoints]float64
	support uint8
	inv     supports
}

// Point is one contact point handed to Set.
type Point struct {
	// RA and RB are the point's offsets from the centres of mass of bodies A and B, world
	// frame, m (RB unused for a plane).
	RA, RB mgl64.Vec3
	// Bias is the target of the normal row's relative velocity after the solve, m/s: 0 to
	// stop an approach, negative to let a gap close, positive for a bounce.
	Bias float64
	// Normal and Friction are the warm start: the normal impulse (N·s) and the friction
	// impulse on B (world frame, N·s) the point carried from the last step.
	Normal   float64
	Friction mgl64.Vec3
}

// Reset sizes the problem for n bodies and m manifolds. Every body must then be set with
// SetBody and every manifold with Set.
func (c *Contacts) Reset(n, m int) {
	c.bodies = work.Resize(c.bodies, n)
	c.vel = work.Resize(c.vel, n)
	c.cons = work.Resize(c.cons, m)
	c.rolls = work.Resize(c.rolls, m) // here, not in SetRolling, which runs on many goroutines
}

// SetBody sets body i: its inverse mass (kg⁻¹) and world inverse inertia, both zero for a
// body the solve does not move (fixed, or a prescribed motion), its level in the contact
// graph (for the shock sweep; −1 for a fixed body) and its velocities (m/s, rad/s, world).
func (c *Contacts) SetBody(i int, invMass float64, invInertia *mgl64.Mat3, level int, v, w mgl64.Vec3) {
	c.bodies[i] = body{invMass: invMass, invI: matOf(invInertia), level: int32(level)}
	c.vel[i] = velocity{v: vecOf(v), w: vecOf(w)}
}

// SetVelocity sets body i's velocities for the next solve.
func (c *Contacts) SetVelocity(i int, v, w mgl64.Vec3) { c.vel[i] = velocity{v: vecOf(v), w: vecOf(w)} }

// Velocity returns body i's velocities after the last solve.
func (c *Contacts) Velocity(i int) (v, w mgl64.Vec3) { return c.vel[i].v.mgl(), c.vel[i].w.mgl() }

// Set prepares manifold k, the k-th in the order the sweeps visit them: bodies a and b
// (b = −1 for a plane), its unit normal from A to B, its tangents (t1, t2, normal
// right-handed), its friction coefficient and its 1 to MaxPoints points. It writes only
// manifold k, so that manifolds can be set on any goroutine.
func (c *Contacts) Set(k, a, b int, normal, t1, t2 mgl64.Vec3, mu float64, pts []Point) {
	con := &c.cons[k]
	ba := &c.bodies[a]
	// Field by field: the whole constraint, its points and kept factorizations, is
	// kilobytes to clear.
	con.a, con.b, con.n, con.mu = int32(a), int32(b), int32(len(pts)), mu
	con.dir = [3]vec{vecOf(normal), vecOf(t1), vecOf(t2)}
	con.support, con.still = 1<<len(pts)-1, false
	con.roll = -1
	con.mA, con.moveA = ba.invMass, ba.invMass != 0
	con.mB, con.moveB = 0, false
	var bb *body
	if b >= 0 {
		bb = &c.bodies[b]
		con.mB, con.moveB = bb.invMass, bb.invMass != 0
	}
	con.ab = vec{}
	if bb != nil && len(pts) > 0 {
		con.ab = vecOf(pts[0].RB).sub(vecOf(pts[0].RA))
	}
	for i := range pts {
		p, q := &con.pts[i], &pts[i]
		rA, rB := vecOf(q.RA), vecOf(q.RB)
		for d, dir := range con.dir {
			r := &p.rows[d]
			*r = row{jA: rA.cross(dir)}
			r.iA = ba.invI.mul(r.jA)
			r.d = float64(con.mA*dir.dot(dir)) + r.jA.dot(r.iA)
			if bb != nil {
				r.jB = rB.cross(dir)
				r.iB = bb.invI.mul(r.jB)
				r.d += float64(con.mB*dir.dot(dir)) + r.jB.dot(r.iB)
			}
			if r.d > 0 {
				r.invD = 1 / r.d
			}
		}
		f := vecOf(q.Friction)
		p.bias = q.Bias
		p.lambda = [3]float64{q.Normal, f.dot(con.dir[1]), f.dot(con.dir[2])}
	}
	reg := 0.0
	if con.moveA && con.moveB {
		reg = blockRegularization
	}
	con.setBlock(reg)
}

// Impulses returns the impulses of point i of manifold k after the last solve: along the
// normal (N·s, ≥ 0) and the friction impulse on B (world frame, N·s).
func (c *Contacts) Impulses(k, i int) (normal float64, friction mgl64.Vec3) {
	con := &c.cons[k]
	l := &con.pts[i].lambda
	t1, t2 := con.dir[1], con.dir[2]
	return l[0], mgl64.Vec3{
		float64(t1.x*l[1]) + float64(t2.x*l[2]),
		float64(t1.y*l[1]) + float64(t2.y*l[2]),
		float64(t1.z*l[1]) + float64(t2.z*l[2]),
	}
}
