package viewer

import (
	"image/color"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar/render"
	"github.com/tumble-physics/tumble/shaders"
)

// shapeFloats is the size of a shape's instance data: bounding box (4), first vertex and
// count (2), radius and half-width (2), fill, rim and stripe colours (9), and the discs
// (centre, inner and outer radius: 4).
const shapeFloats = 21

// shapes2D draws the 2D mode's frame in one instanced draw. Every shape is a polygon of
// world points inflated by a radius (m) and a half-width (pixels), filled from its signed
// distance with render.Raster's coverage, rim and stripes: bodies are polygons with their
// radius, springs and normals segments with a width, dots a segment of one point. A frame
// begins with begin, queues shapes, and ends with draw. It needs a current OpenGL 4.1
// context on the calling goroutine's thread.
type shapes2D struct {
	prog     *program
	vao, vbo uint32 // the shapes' instance data
	tbo, tex uint32 // every shape's vertices, as a buffer texture of (x, y)
	verts    []float32
	data     []float32
	cam      camera2D
	pixel    float64 // metres per pixel of this frame
}

func newShapes2D() (*shapes2D, error) {
	p, err := newProgram("2D shape", shaders.Shape2DVert, shaders.Shape2DFrag)
	if err != nil {
		return nil, err
	}
	s := &shapes2D{prog: p}
	s.vao, s.vbo = newVertexArray([]int32{2, 2, 2, 2, 3, 3, 3, 4})
	for i := range uint32(8) {
		gl.VertexAttribDivisor(i, 1)
	}
	gl.BindVertexArray(0)
	gl.GenBuffers(1, &s.tbo)
	gl.GenTextures(1, &s.tex)
	return s, nil
}

// begin starts a frame seen by cam in a viewport height pixels high.
func (s *shapes2D) begin(cam camera2D, height int) {
	s.cam, s.pixel = cam, cam.pixel(float64(height))
	s.verts, s.data = s.verts[:0], s.data[:0]
}

// body queues a body: the polygon through the world points pts inflated by radius (m), in
// colour c with render's rim, and striped if hatched.
func (s *shapes2D) body(pts []mgl64.Vec2, radius float64, c color.RGBA, hatched bool) {
	hatch := c
	if hatched {
		hatch = render.Hatch(c)
	}
	s.add(pts, radius, 0, c, render.Rim(c), hatch)
}

// segment queues the segment ab (world, m) with a half-width in pixels.
func (s *shapes2D) segment(a, b mgl64.Vec2, width float64, c color.RGBA) {
	s.add([]mgl64.Vec2{a, b}, 0, width, c, c, c)
}

// dot queues a disc at p (world, m) with a radius in pixels.
func (s *shapes2D) dot(p mgl64.Vec2, radius float64, c color.RGBA) { s.segment(p, p, radius, c) }

// add queues a shape. Its discs are centred on the mean of its points: the outer one holds
// all of the shape, the inner one (none for a segment, or when the mean is outside the
// polygon) only points deeper inside than the rim, which need no distance to the edges.
func (s *shapes2D) add(pts []mgl64.Vec2, radius, width float64, fill, rim, hatch color.RGBA) {
	first := len(s.verts) / 2
	var lo, hi, mean mgl64.Vec2
	for i, p := range pts {
		q := p.Sub(s.cam.Centre)
		s.verts = append(s.verts, float32(q[0]), float32(q[1]))
		if i == 0 {
			lo, hi = q, q
		}
		lo = mgl64.Vec2{min(lo[0], q[0]), min(lo[1], q[1])}
		hi = mgl64.Vec2{max(hi[0], q[0]), max(hi[1], q[1])}
		mean = mean.Add(q)
	}
	mean = mean.Mul(1 / float64(len(pts)))
	grow := radius + (width+1)*s.pixel // the antialiased edge reaches half a pixel out
	far := 0.0
	for _, p := range pts {
		far = max(far, p.Sub(s.cam.Centre).Sub(mean).Len())
	}
	inner := 0.0
	if len(pts) > 2 {
		inner = max(0, -render.SignedDistance(mean.Add(s.cam.Centre), pts)+radius-(render.RimPixels+1)*s.pixel)
	}
	s.data = append(s.data, float32(lo[0]-grow), float32(lo[1]-grow), float32(hi[0]+grow), float32(hi[1]+grow),
		float32(first), float32(len(pts)), float32(radius), float32(width))
	for _, c := range []color.RGBA{fill, rim, hatch} {
		s.data = append(s.data, float32(c.R)/255, float32(c.G)/255, float32(c.B)/255)
	}
	s.data = append(s.data, float32(mean[0]), float32(mean[1]), float32(inner), float32(far+grow))
}

// draw renders the queued shapes, in order, over the current framebuffer of width×height
// pixels, and empties the queue.
func (s *shapes2D) draw(width, height int) {
	n := int32(len(s.data) / shapeFloats)
	if n == 0 {
		return
	}
	gl.Disable(gl.DEPTH_TEST) // later shapes draw over earlier ones
	gl.Enable(gl.BLEND)
	gl.BlendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA)
	gl.BindBuffer(gl.TEXTURE_BUFFER, s.tbo)
	gl.BufferData(gl.TEXTURE_BUFFER, 4*len(s.verts), gl.Ptr(s.verts), gl.STREAM_DRAW)
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindTexture(gl.TEXTURE_BUFFER, s.tex)
	gl.TexBuffer(gl.TEXTURE_BUFFER, gl.RG32F, s.tbo)
	s.prog.use()
	s.prog.mat4("viewProj", s.cam.viewProjection(float64(width)/float64(height)))
	s.prog.int("vertices", 0)
	for name, v := range map[string]float64{"pixel": s.pixel, "height": float64(height), "rimPixels": render.RimPixels, "hatchPixels": render.HatchPixels} {
		gl.Uniform1f(s.prog.loc(name), float32(v))
	}
	gl.BindVertexArray(s.vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, s.vbo)
	gl.BufferData(gl.ARRAY_BUFFER, 4*len(s.data), gl.Ptr(s.data), gl.STREAM_DRAW)
	gl.DrawArraysInstanced(gl.TRIANGLES, 0, 6, n)
	gl.Disable(gl.BLEND)
}
