package viewer

import (
	"math"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// planeQuad is a plane as drawn, in the scene's cube: through point, in its tangent axes u and v (u × v = normal, all unit, world).
type planeQuad struct {
	point, normal, u, v mgl64.Vec3
	color               mgl32.Vec3
}

// planeQuads is how many quads a plane is drawn as: its shadow rectangle and the eight around it.
const planeQuads = 9

// SetPlanes replaces the planes drawn, each through point with unit normal n, as far as the
// camera sees, with a grid one metre apart in the plane's own axes.
func (r *Renderer) SetPlanes(points, normals []mgl64.Vec3, color mgl32.Vec3) {
	r.planes = r.planes[:0]
	for i, n := range normals {
		n = n.Normalize()
		// Tangent axes: for the floor (n = +y) they are x and −z, so the grid follows the axes.
		ref := mgl64.Vec3{1, 0, 0}
		if math.Abs(n[0]) > 0.9 {
			ref = mgl64.Vec3{0, 0, 1}
		}
		u := ref.Sub(n.Mul(ref.Dot(n))).Normalize()
		r.planes = append(r.planes, planeQuad{point: points[i], normal: n, u: u, v: n.Cross(u), color: color})
	}
}

// shadowRect returns the rectangle [s0, s1]×[t0, t1] of the plane's coordinates (along u and v
// from its point, m) outside which nothing in the box [lo, hi] casts a shadow on it: the
// box's corners projected onto the plane along the light (an affine map, so the box's shadow
// lies in their hull), clamped to the square ±reach. It is empty when the light falls on the
// plane's back, which is then in shade everywhere.
func (p *planeQuad) shadowRect(lo, hi mgl64.Vec3, reach float64) (s0, s1, t0, t1 float64) {
	cos := toLight.Dot(p.normal)
	if cos <= 0 {
		return 0, 0, 0, 0
	}
	s0, t0 = math.Inf(1), math.Inf(1)
	s1, t1 = math.Inf(-1), math.Inf(-1)
	for c := range 8 {
		x := mgl64.Vec3{lo[0], lo[1], lo[2]}
		for k := range 3 {
			if c>>k&1 == 1 {
				x[k] = hi[k]
			}
		}
		d := x.Sub(p.point)
		d = d.Sub(toLight.Mul(d.Dot(p.normal) / cos))
		s, t := d.Dot(p.u), d.Dot(p.v)
		s0, s1, t0, t1 = math.Min(s0, s), math.Max(s1, s), math.Min(t0, t), math.Max(t1, t)
	}
	clamp := func(x float64) float64 { return mgl64.Clamp(x, -reach, reach) }
	return clamp(s0), clamp(s1), clamp(t0), clamp(t1)
}

// planeDraw is where a plane's triangles lie in the plane buffer, in vertices: first those of
// its shadow rectangle, then the rest.
type planeDraw struct {
	plane                  int
	first, shadowed, unlit int32
}

// uploadPlanes sends the planes eye sees from the front, each as the planeQuads quads on the
// grid of its shadow rectangle for casters in the box [lo, hi] (the rectangle first, then the
// eight around it), cut to what may be seen (bounds) and split into triangles. The quads share
// their corners exactly, so no pixel cracks open between them.
func (r *Renderer) uploadPlanes(lo, hi, eye mgl64.Vec3) {
	r.planeData, r.planeDraws = r.planeData[:0], r.planeDraws[:0]
	for i, p := range r.planes {
		// A plane seen from behind is not drawn: the walls of a pen (pile1000's) would hide the
		// pile from a camera outside it, and the floor hides nothing from below.
		if eye.Sub(p.point).Dot(p.normal) <= 0 {
			continue
		}
		bounds := r.bounds(i, eye)
		// The square holding every point of the plane in the view's cube.
		reach := r.reach.half*math.Sqrt(3) + p.point.Sub(r.reach.centre).Len()
		s0, s1, t0, t1 := p.shadowRect(lo, hi, reach)
		ss := [4]float64{-reach, s0, s1, reach}
		ts := [4]float64{-reach, t0, t1, reach}
		d := planeDraw{plane: i, first: int32(len(r.planeData) / planeVertexFloats)}
		for q := range planeQuads {
			i, j := (q%3+1)%3, (q/3+1)%3 // the centre (1, 1) first
			poly := append(r.poly[:0], [2]float64{ss[i], ts[j]}, [2]float64{ss[i+1], ts[j]},
				[2]float64{ss[i+1], ts[j+1]}, [2]float64{ss[i], ts[j+1]})
			for _, h := range bounds {
				poly, r.clipped = h.clip(poly, r.clipped), poly
			}
			r.poly = poly
			for k := 2; k < len(poly); k++ {
				for _, c := range [3][2]float64{poly[0], poly[k-1], poly[k]} {
					x := p.point.Add(p.u.Mul(c[0])).Add(p.v.Mul(c[1]))
					r.planeData = append(r.planeData, float32(x[0]), float32(x[1]), float32(x[2]), float32(c[0]), float32(c[1]))
				}
			}
			n := int32(3 * max(len(poly)-2, 0))
			if q == 0 {
				d.shadowed = n
			} else {
				d.unlit += n
			}
		}
		r.planeDraws = append(r.planeDraws, d)
	}
	gl.BindBuffer(gl.ARRAY_BUFFER, r.planeVBO)
	if len(r.planeData) > 0 {
		gl.BufferData(gl.ARRAY_BUFFER, 4*len(r.planeData), gl.Ptr(r.planeData), gl.STREAM_DRAW)
	}
}

// drawPlanes draws the planes after the bodies, so the depth test skips the pixels they hide:
// each plane's shadow rectangle with the shadow map, the rest without. The shadow map's
// lookups are most of a plane's cost on llvmpipe, which shades both sides of a branch, and
// a plane fills much of the screen.
func (r *Renderer) drawPlanes(viewProj, lightVP mgl32.Mat4, lo, hi, eye mgl64.Vec3) {
	r.uploadPlanes(lo, hi, eye)
	gl.BindVertexArray(r.planeVAO)
	for _, shadowed := range []bool{true, false} {
		prog := r.planeLitProg
		if shadowed {
			prog = r.planeProg
		}
		prog.use()
		prog.mat4("viewProj", viewProj)
		if shadowed {
			prog.mat4("lightViewProj", lightVP)
			prog.int("shadowMap", 0)
		}
		for _, d := range r.planeDraws {
			// Blinn–Phong without the specular term, per plane: ambient 0.35, diffuse 0.65,
			// then gamma 2 as in the mesh shader.
			p := &r.planes[d.plane]
			c := p.color
			diffuse := float32(math.Max(toLight.Dot(p.normal), 0))
			prog.vec3("litColor", gamma(c.Mul(0.35+0.65*diffuse)))
			prog.vec3("skyColor", skyColor)
			prog.vec3("eye", vec32(eye))
			prog.float("fogEnd", float32(r.reach.half))
			if shadowed {
				prog.vec3("shadeColor", gamma(c.Mul(0.35)))
				gl.DrawArrays(gl.TRIANGLES, d.first, d.shadowed)
			} else {
				gl.DrawArrays(gl.TRIANGLES, d.first+d.shadowed, d.unlit)
			}
		}
	}
}
