package viewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// reach is the cube, half metres about centre, that planes are drawn in: about the camera's
// target and as far as it sees, so a plane reaches the horizon at any scale (and fades into
// the sky before its edge).
type reach struct {
	centre mgl64.Vec3
	half   float64
}

// halfPlane is the side a·s + b·t + c ≥ 0 of a line in a plane's coordinates (s, t).
type halfPlane struct{ a, b, c float64 }

// through returns the half-plane of p's coordinates whose points x satisfy (x − o)·n ≥ c.
func (p *planeQuad) through(o, n mgl64.Vec3, c float64) halfPlane {
	return halfPlane{p.u.Dot(n), p.v.Dot(n), p.point.Sub(o).Dot(n) - c}
}

// bounds returns the half-planes that bound what of plane i is drawn when seen from eye: the
// view's cube (reach), and the front side of every other plane the eye is in front of. What lies
// behind such a plane is hidden by it: with the eye and the point in the cube, the segment
// between them meets the other plane inside the cube, where it is drawn (or hidden in turn,
// nearer the eye). Cutting those parts away keeps llvmpipe from shading a wall's pixels the
// floor covers and the floor's beyond the walls: half of pile1000's plane pixels.
func (r *Renderer) bounds(i int, eye mgl64.Vec3) []halfPlane {
	p := &r.planes[i]
	hs := r.halves[:0]
	inside := true
	for k := range 3 {
		var axis mgl64.Vec3
		axis[k] = 1
		c, h := r.reach.centre, r.reach.half
		hs = append(hs, p.through(c, axis, -h), p.through(c, axis.Mul(-1), -h))
		inside = inside && math.Abs(eye[k]-c[k]) <= h
	}
	for j, q := range r.planes {
		if inside && j != i && eye.Sub(q.point).Dot(q.normal) > 0 {
			hs = append(hs, p.through(q.point, q.normal, 0))
		}
	}
	r.halves = hs
	return hs
}

// clip returns the part of the convex polygon poly (counter-clockwise, s and t) on the side
// h, in out's storage. A new corner is interpolated from the inside end of its edge to the
// outside one, so polygons sharing an edge get bit-identical corners on it and no crack.
func (h halfPlane) clip(poly, out [][2]float64) [][2]float64 {
	out = out[:0]
	side := func(x [2]float64) float64 { return h.a*x[0] + h.b*x[1] + h.c }
	for k, x := range poly {
		y := poly[(k+1)%len(poly)]
		dx, dy := side(x), side(y)
		if dx >= 0 {
			out = append(out, x)
		}
		if (dx >= 0) != (dy >= 0) {
			in, outside, din, dout := x, y, dx, dy
			if dx < 0 {
				in, outside, din, dout = y, x, dy, dx
			}
			f := din / (din - dout)
			out = append(out, [2]float64{in[0] + f*(outside[0]-in[0]), in[1] + f*(outside[1]-in[1])})
		}
	}
	return out
}
