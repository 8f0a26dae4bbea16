package contact

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// Plane is a fixed, infinite plane; the half-space behind it (against Normal) is solid.
type Plane struct {
	// Point is any point on the plane, in metres, world frame.
	Point mgl64.Vec3
	// Normal points out of the solid side, world frame. It need not be unit length (the
	// World normalizes it) but must be finite and nonzero (scene files are checked for it).
	Normal mgl64.Vec3
	// Friction is the Coulomb coefficient μ ≥ 0, mixed with each body's (see MixFriction).
	Friction float64
	// Restitution is the coefficient e in [0, 1], mixed with each body's (see
	// MixRestitution).
	Restitution float64
}

// MixFriction returns the friction coefficient of a contact between materials with μa and
// μb: the geometric mean √(μa μb), as in Box2D and Bullet. It is symmetric, stays between
// the two, and a frictionless material (μ = 0, ice) makes every contact it takes part in
// frictionless, which the arithmetic mean or the maximum would not.
func MixFriction(a, b float64) float64 { return math.Sqrt(a * b) }

// MixRestitution returns the restitution coefficient of a contact between materials with ea
// and eb: the larger one, as in Box2D, so a bouncy ball bounces on any floor (a floor with
// e = 0 is the default and would otherwise deaden everything).
func MixRestitution(a, b float64) float64 { return max(a, b) }

// planeCandidates appends to dst the hull corners of a body (body-frame points corners, with
// their ids) whose signed distance to the plane (unit normal n) is below margin, for the
// body posed by rotation r and centre of mass pos and moving with velocity v and angular
// velocity omega over a step of h seconds; turn is exp(h[omega]×), the step's rotation.
// base is the centre's signed distance to the plane, and nb = Rᵀn: a corner's distance is
// base + n·(R c) = base + nb·c. Depth is the penetration: −distance.
func planeCandidates(dst []candidate, corners []mgl64.Vec3, ids []int32, base float64, nb mgl64.Vec3, r, turn mgl64.Mat3, pos, v, omega, n mgl64.Vec3, h, margin float64) []candidate {
	for i, c := range corners {
		if d := base + rounded.Dot(nb, c); d < margin {
			// In scalars, in mgl64's order: r.Mul3x1(c), −n·(v + ω × rc), dip.
			var rc mgl64.Vec3
			rc[0], rc[1], rc[2] = mulVec(&r, &c)
			approach := -alongVelocity(&n, &v, &omega, &rc)
			dip := dipAt(&n, &turn, &rc, &omega, h)
			dst = append(dst, candidate{local: c, id: uint32(ids[i]), depth: -d, dip: dip,
				reach: -d + float64(h*approach) + dip, x: rc.Add(pos)})
		}
	}
	return dst
}

// dip returns how much deeper into the plane with unit normal n the step's rotation turn =
// exp(h[ω]×) carries a point at offset rc from the centre of mass than its linear velocity
// ω × rc says (m; negative when the arc lifts it). It is ≈ ½h²|ω|² times the offset's part
// perpendicular to ω, along −n: a corner swinging down through its lowest point rises above
// the tangent, one swinging toward the plane dips below it.
func dip(n mgl64.Vec3, turn mgl64.Mat3, rc, omega mgl64.Vec3, h float64) float64 {
	return dipAt(&n, &turn, &rc, &omega, h)
}

// dipAt is dip on pointers, in scalars: −n·(turn·rc − rc − h ω × rc), in mgl64's order of
// operations (World.pointReach calls it for every contact point).
func dipAt(n *mgl64.Vec3, turn *mgl64.Mat3, rc, omega *mgl64.Vec3, h float64) float64 {
	tx, ty, tz := mulVec(turn, rc)
	x := tx - rc[0] - float64((float64(omega[1]*rc[2])-float64(omega[2]*rc[1]))*h)
	y := ty - rc[1] - float64((float64(omega[2]*rc[0])-float64(omega[0]*rc[2]))*h)
	z := tz - rc[2] - float64((float64(omega[0]*rc[1])-float64(omega[1]*rc[0]))*h)
	return -(float64(n[0]*x) + float64(n[1]*y) + float64(n[2]*z))
}

// gatherPlane appends to s.cands the hull corners of body i within margin (m) of plane k,
// with its current pose and velocities, and returns where they start.
func (s *contactState) gatherPlane(w *World, i, k int, margin float64) int {
	b, hull, n := w.Bodies[i], s.hulls[i], s.normals[k]
	lo := len(s.cands)
	base, nb := rounded.Dot(n, b.P.Sub(w.Planes[k].Point)), rounded.MulTVec(b.R, n)
	if beyond(base, nb, hull.radius, margin) {
		return lo // the whole body is farther: most bodies from most planes
	}
	s.cands = planeCandidates(s.cands, hull.corners, hull.ids, base, nb, b.R, s.turns[i], b.P, b.V, b.Omega, n, w.Dt, margin)
	return lo
}

// addPlaneManifold appends to s.cur the manifold of body i against plane k reduced from the
// candidates s.cands[lo:], which stay its spares (s.span), warm started from last step's.
func (s *contactState) addPlaneManifold(w *World, i, k, lo int) {
	mat, pl := w.material(i), &w.Planes[k]
	n := s.normals[k]
	s.span = append(s.span, [2]int{lo, len(s.cands)})
	s.cur = append(s.cur, Manifold{
		Pair:        PlanePair(i, k),
		Normal:      n.Mul(-1),
		Friction:    MixFriction(mat.Friction, pl.Friction),
		Restitution: MixRestitution(mat.Restitution, pl.Restitution),
	})
	m := &s.cur[len(s.cur)-1]
	prev, warm := s.last(m.Pair)
	reduce(m, s.cands[lo:], n, prev)
	if warm {
		m.warmStart(prev)
	}
}
