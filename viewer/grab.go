package viewer

import "github.com/go-gl/mathgl/mgl64"

// The picking spring is a damped spring per unit mass: the force on a body of mass m is
// m·(ω²·(target − x) − 2ζω·ẋ), so a light torus and a heavy box follow the cursor alike. With
// ζ = 1 a point mass settles on the cursor without overshoot in about 3/ω seconds; ω·dt = 0.2
// at 60 Hz keeps the explicit force well inside its stability limit.
const (
	grabOmega   = 12.0 // natural angular frequency, rad/s
	grabDamping = 1.0  // damping ratio ζ
)

// Grab is a body held by the mouse: the picked surface point is pulled toward Target, a point
// on the plane through the picked point that faces the camera (the drag plane).
type Grab struct {
	Body        int        // index of the held body in the world
	Local       mgl64.Vec3 // picked point in the body frame, relative to the centre of mass (m)
	Target      mgl64.Vec3 // where the cursor wants the point, world (m)
	PlanePoint  mgl64.Vec3 // a point of the drag plane, world (m)
	PlaneNormal mgl64.Vec3 // unit normal of the drag plane, toward the camera
}

// NewGrab starts holding body i at the world point hit, which has body-frame coordinates local;
// the drag plane passes through hit and faces the camera looking along forward.
func NewGrab(i int, hit, local, forward mgl64.Vec3) Grab {
	return Grab{Body: i, Local: local, Target: hit, PlanePoint: hit, PlaneNormal: forward.Mul(-1)}
}

// Follow moves Target to where the cursor ray meets the drag plane; a ray that misses the
// plane (grazing it, or pointing away) leaves Target where it was.
func (g *Grab) Follow(r Ray) {
	if t, ok := r.Plane(g.PlanePoint, g.PlaneNormal); ok {
		g.Target = r.At(t)
	}
}

// Pull returns the spring's force (N) and torque about the centre of mass (N·m), both world,
// on a body of the given mass with rotation R, centre of mass P, velocity V and angular
// velocity omega (world): the force acts at the picked point and damps that point's velocity.
func (g *Grab) Pull(mass float64, R mgl64.Mat3, P, V, omega mgl64.Vec3) (force, torque mgl64.Vec3) {
	r := R.Mul3x1(g.Local)
	x := P.Add(r)
	v := V.Add(omega.Cross(r))
	k := mass * grabOmega * grabOmega
	c := mass * 2 * grabDamping * grabOmega
	force = g.Target.Sub(x).Mul(k).Sub(v.Mul(c))
	return force, r.Cross(force)
}

// Ends returns the two ends of the spring for drawing: the picked point and the target.
func (g *Grab) Ends(R mgl64.Mat3, P mgl64.Vec3) (from, to mgl64.Vec3) {
	return P.Add(R.Mul3x1(g.Local)), g.Target
}
