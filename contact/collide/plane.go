package collide

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// GatherPlane appends to cands the hull corners of b within margin (m) of the plane through
// point with unit normal n, with b's pose and velocities over a step of h seconds, and
// returns them.
func GatherPlane(cands []Candidate, b *Body, n, point *mgl64.Vec3, h, margin float64) []Candidate {
	shape := b.Shape
	base, nb := rounded.Dot(*n, b.P.Sub(*point)), rounded.MulTVec(b.R, *n)
	if Beyond(base, nb, shape.Radius, margin) {
		return cands // the whole body is farther: most bodies from most planes
	}
	return planeCandidates(cands, shape.Corners, shape.IDs, base, nb, b.R, *b.Turn, b.P, b.V, b.Omega, *n, h, margin)
}

// planeCandidates appends to dst the hull corners of a body (body-frame points corners, with
// their ids) whose signed distance to the plane (unit normal n) is below margin, for the
// body posed by rotation r and centre of mass pos and moving with velocity v and angular
// velocity omega over a step of h seconds; turn is exp(h[omega]×), the step's rotation.
// base is the centre's signed distance to the plane, and nb = Rᵀn: a corner's distance is
// base + n·(R c) = base + nb·c. Depth is the penetration: −distance.
func planeCandidates(dst []Candidate, corners []mgl64.Vec3, ids []int32, base float64, nb mgl64.Vec3, r, turn mgl64.Mat3, pos, v, omega, n mgl64.Vec3, h, margin float64) []Candidate {
	for i, c := range corners {
		if d := base + rounded.Dot(nb, c); d < margin {
			// In scalars, in mgl64's order: r.Mul3x1(c), −n·(v + ω × rc), dip.
			var rc mgl64.Vec3
			rc[0], rc[1], rc[2] = mulVec(&r, &c)
			approach := -AlongVelocity(&n, &v, &omega, &rc)
			dip := dipAt(&n, &turn, &rc, &omega, h)
			dst = append(dst, Candidate{Local: c, ID: uint32(ids[i]), Depth: -d, Dip: dip,
				Reach: -d + float64(h*approach) + dip, X: rc.Add(pos)})
		}
	}
	return dst
}
