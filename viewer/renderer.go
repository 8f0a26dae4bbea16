package viewer

import (
	"fmt"
	"math"
	"unsafe"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/shaders"
)

// Look of the scene: the light comes from above, front-right; the sky is a pale blue.
var (
	toLight  = mgl64.Vec3{0.6, 1, 0.35}.Normalize()
	skyColor = mgl32.Vec3{0.72, 0.80, 0.88}
)

const (
	shadowSize        = 1024 // shadow map texels per side
	instanceFloats    = 16 + 3
	lineVertexFloat   = 6 // position, colour
	planeVertexFloats = 5 // position, grid coordinates
)

// Renderer draws triangle meshes, instanced per mesh, lit by one directional light with a
// shadow map, over planes drawn as large gridded quads, plus coloured lines. A frame queues
// instances and lines, then Draw renders and clears the queues. It needs a current OpenGL 4.1
// context on the calling goroutine's thread.
type Renderer struct {
	meshProgs               [2]*program // flat and smooth meshes
	shadowProg, lineProg    *program
	planeProg, planeLitProg *program // planes with and without the shadow map
	meshes                  []gpuMesh
	planes                  []planeQuad
	planeData               []float32    // the planes' vertices, rebuilt every frame
	planeDraws              []planeDraw  // where each plane drawn lies in planeData
	halves                  []halfPlane  // scratch: bounds of a plane
	poly, clipped           [][2]float64 // scratch: a quad as it is clipped
	planeVAO, planeVBO      uint32
	lineVAO, lineVBO        uint32
	lines, overlay          []float32 // line vertices drawn behind what hides them, and over all
	shadowFBO, shadowTex    uint32
	shadowVP                mgl32.Mat4 // light matrix the shadow map was drawn with
	reach                   reach      // where planes are drawn this frame
	Wireframe               bool       // draw meshes as edges only
}

// gpuMesh is one mesh's vertex (position, normal) and index buffers and the instances queued
// for this frame. Smooth meshes are shaded with their vertex normals, others with flat faces.
type gpuMesh struct {
	vao, vbo, instanceVBO uint32
	indices               int32
	smooth                bool
	instances             []float32
}

// NewRenderer compiles the shaders and creates the shadow map.
func NewRenderer() (*Renderer, error) {
	r := &Renderer{}
	var err error
	for _, p := range []struct {
		dst          **program
		name, vs, fs string
	}{
		{&r.meshProgs[0], "flat mesh", shaders.MeshVert, shaders.MeshFrag},
		{&r.meshProgs[1], "smooth mesh", define(shaders.MeshVert, "SMOOTH"), define(shaders.MeshFrag, "SMOOTH")},
		{&r.shadowProg, "shadow", shaders.ShadowVert, shaders.ShadowFrag},
		{&r.planeProg, "plane", shaders.PlaneVert, define(shaders.PlaneFrag, "SHADOWED")},
		{&r.planeLitProg, "lit plane", shaders.PlaneVert, shaders.PlaneFrag},
		{&r.lineProg, "line", shaders.LineVert, shaders.LineFrag},
	} {
		if *p.dst, err = newProgram(p.name, p.vs, p.fs); err != nil {
			return nil, err
		}
	}
	gl.GenTextures(1, &r.shadowTex)
	gl.BindTexture(gl.TEXTURE_2D, r.shadowTex)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.DEPTH_COMPONENT24, shadowSize, shadowSize, 0, gl.DEPTH_COMPONENT, gl.FLOAT, nil)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_COMPARE_MODE, gl.COMPARE_REF_TO_TEXTURE)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_COMPARE_FUNC, gl.LEQUAL)
	gl.GenFramebuffers(1, &r.shadowFBO)
	gl.BindFramebuffer(gl.FRAMEBUFFER, r.shadowFBO)
	gl.FramebufferTexture2D(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.TEXTURE_2D, r.shadowTex, 0)
	gl.DrawBuffer(gl.NONE)
	gl.ReadBuffer(gl.NONE)
	status := gl.CheckFramebufferStatus(gl.FRAMEBUFFER)
	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	if status != gl.FRAMEBUFFER_COMPLETE {
		return nil, fmt.Errorf("shadow map framebuffer incomplete (status 0x%x)", status)
	}
	r.planeVAO, r.planeVBO = newVertexArray([]int32{3, 2})
	r.lineVAO, r.lineVBO = newVertexArray([]int32{3, 3})
	gl.Enable(gl.DEPTH_TEST)
	return r, nil
}

// newVertexArray makes a vertex array over one interleaved float buffer whose attributes, at
// locations 0, 1, …, have the given sizes.
func newVertexArray(sizes []int32) (vao, vbo uint32) {
	gl.GenVertexArrays(1, &vao)
	gl.BindVertexArray(vao)
	gl.GenBuffers(1, &vbo)
	gl.BindBuffer(gl.ARRAY_BUFFER, vbo)
	stride := int32(0)
	for _, s := range sizes {
		stride += 4 * s
	}
	off := 0
	for i, s := range sizes {
		gl.EnableVertexAttribArray(uint32(i))
		gl.VertexAttribPointerWithOffset(uint32(i), s, gl.FLOAT, false, stride, uintptr(off))
		off += 4 * int(s)
	}
	return vao, vbo
}

// AddMesh uploads a mesh (vertices in metres in its body frame, triangles counter-clockwise
// from outside) and returns its handle for Instance.
func (r *Renderer) AddMesh(vertices []mgl64.Vec3, triangles [][3]int32) int {
	normals, smooth := vertexNormals(vertices, triangles)
	// Flat meshes carry positions only (their normals come from derivatives): less for
	// llvmpipe to fetch in a pile of boxes.
	layout := []int32{3}
	if smooth {
		layout = []int32{3, 3}
	}
	data := make([]float32, 0, 6*len(vertices))
	for i, v := range vertices {
		data = append(data, float32(v[0]), float32(v[1]), float32(v[2]))
		if n := normals[i]; smooth {
			data = append(data, float32(n[0]), float32(n[1]), float32(n[2]))
		}
	}
	m := gpuMesh{smooth: smooth}
	m.vao, m.vbo = newVertexArray(layout)
	if len(data) > 0 {
		gl.BufferData(gl.ARRAY_BUFFER, 4*len(data), gl.Ptr(data), gl.STATIC_DRAW)
	}
	var ebo uint32
	gl.GenBuffers(1, &ebo)
	gl.BindBuffer(gl.ELEMENT_ARRAY_BUFFER, ebo)
	if len(triangles) > 0 {
		gl.BufferData(gl.ELEMENT_ARRAY_BUFFER, 12*len(triangles), gl.Ptr(triangles), gl.STATIC_DRAW)
	}
	m.indices = int32(3 * len(triangles))
	gl.GenBuffers(1, &m.instanceVBO)
	gl.BindBuffer(gl.ARRAY_BUFFER, m.instanceVBO)
	const stride = 4 * instanceFloats
	for col := range uint32(4) {
		gl.EnableVertexAttribArray(2 + col)
		gl.VertexAttribPointerWithOffset(2+col, 4, gl.FLOAT, false, stride, uintptr(16*col))
		gl.VertexAttribDivisor(2+col, 1)
	}
	gl.EnableVertexAttribArray(6)
	gl.VertexAttribPointerWithOffset(6, 3, gl.FLOAT, false, stride, 64)
	gl.VertexAttribDivisor(6, 1)
	gl.BindVertexArray(0)
	r.meshes = append(r.meshes, m)
	return len(r.meshes) - 1
}

// Instance queues one copy of a mesh placed by rotation R and translation P (world = R·v + P)
// in the given linear RGB colour.
func (r *Renderer) Instance(mesh int, R mgl64.Mat3, P mgl64.Vec3, color mgl32.Vec3) {
	m := &r.meshes[mesh]
	m.instances = append(m.instances,
		float32(R[0]), float32(R[1]), float32(R[2]), 0,
		float32(R[3]), float32(R[4]), float32(R[5]), 0,
		float32(R[6]), float32(R[7]), float32(R[8]), 0,
		float32(P[0]), float32(P[1]), float32(P[2]), 1,
		color[0], color[1], color[2])
}

// Line queues a line segment from a to b (world, m) in the given colour, drawn where nothing
// drawn hides it: a selected body's box, contact marks.
func (r *Renderer) Line(a, b mgl64.Vec3, color mgl32.Vec3) {
	r.lines = appendLine(r.lines, a, b, color)
}

// OverlayLine queues a line segment drawn over everything: the picking spring, which must show
// wherever the cursor takes it.
func (r *Renderer) OverlayLine(a, b mgl64.Vec3, color mgl32.Vec3) {
	r.overlay = appendLine(r.overlay, a, b, color)
}

// appendLine appends the two vertices of a line segment to a line queue.
func appendLine(q []float32, a, b mgl64.Vec3, color mgl32.Vec3) []float32 {
	return append(q,
		float32(a[0]), float32(a[1]), float32(a[2]), color[0], color[1], color[2],
		float32(b[0]), float32(b[1]), float32(b[2]), color[0], color[1], color[2])
}

// Draw renders the queued frame into the current framebuffer of width×height pixels as seen
// by cam, with shadows cast by what lies in the box [lo, hi] (the bodies), and empties the
// queues. The shadow map is redrawn only when shadows says so (bodies moved) or
// the light's box changed: a scene at rest keeps its shadows, most of a settled pile's cost.
func (r *Renderer) Draw(cam *Camera, width, height int, lo, hi mgl64.Vec3, shadows bool) {
	// The shadow map covers the box's bounding sphere, up to a size where its texels would
	// grow coarser than about 10 cm.
	lightVP := lightViewProjection(lo.Add(hi).Mul(0.5), math.Min(hi.Sub(lo).Len()/2, 60))
	viewProj := mat32(cam.ViewProjection(float64(width) / float64(height)))
	eye := vec32(cam.Eye())

	r.uploadInstances()
	if shadows || lightVP != r.shadowVP {
		r.shadowVP = lightVP
		gl.BindFramebuffer(gl.FRAMEBUFFER, r.shadowFBO)
		gl.Viewport(0, 0, shadowSize, shadowSize)
		gl.Clear(gl.DEPTH_BUFFER_BIT)
		gl.Enable(gl.POLYGON_OFFSET_FILL)
		gl.PolygonOffset(2, 4)
		r.shadowProg.use()
		r.shadowProg.mat4("lightViewProj", lightVP)
		// Only the faces turned away from the light: half the fragments, and no self-shadow
		// acne on the lit faces.
		gl.Enable(gl.CULL_FACE)
		gl.CullFace(gl.FRONT)
		r.drawMeshes([2]*program{r.shadowProg, r.shadowProg})
		gl.CullFace(gl.BACK)
		gl.Disable(gl.CULL_FACE)
		gl.Disable(gl.POLYGON_OFFSET_FILL)
	}

	gl.BindFramebuffer(gl.FRAMEBUFFER, 0)
	gl.Viewport(0, 0, int32(width), int32(height))
	gl.ClearColor(skyColor[0], skyColor[1], skyColor[2], 1)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindTexture(gl.TEXTURE_2D, r.shadowTex)

	for _, p := range r.meshProgs {
		p.use()
		p.mat4("viewProj", viewProj)
		p.mat4("lightViewProj", lightVP)
		p.vec3("toLight", vec32(toLight))
		p.vec3("eye", eye)
		p.int("shadowMap", 0)
	}
	if r.Wireframe {
		gl.PolygonMode(gl.FRONT_AND_BACK, gl.LINE)
	} else {
		// Meshes are closed and wound outward: their back faces are never seen.
		gl.Enable(gl.CULL_FACE)
	}
	r.drawMeshes(r.meshProgs)
	gl.Disable(gl.CULL_FACE)
	gl.PolygonMode(gl.FRONT_AND_BACK, gl.FILL)
	for i := range r.meshes {
		r.meshes[i].instances = r.meshes[i].instances[:0]
	}

	r.reach = reach{centre: cam.Target, half: cam.Far()}
	r.drawPlanes(viewProj, lightVP, lo, hi, cam.Eye())

	// Lines are depth-tested, pulled a hair toward the eye so that those lying on a surface
	// (a cube's box is its own edges) win over it; the overlay is drawn over everything.
	gl.DepthMask(false)
	r.drawLines(viewProj, r.lines, lineDepthBias)
	gl.Disable(gl.DEPTH_TEST)
	r.drawLines(viewProj, r.overlay, 0)
	gl.Enable(gl.DEPTH_TEST)
	gl.DepthMask(true)
	r.lines, r.overlay = r.lines[:0], r.overlay[:0]
}

// lineDepthBias is how far Line's lines are drawn toward the eye, in normalized depth (of
// 2): 80 steps of a 24-bit depth buffer, 5e-4 of the camera's distance at its target (the
// near plane is a hundredth of it). Less leaves a line along a cube's edge broken where the
// faces meeting there win some of its pixels.
const lineDepthBias = 1e-5

// drawLines draws a queue of line vertices, bias nearer the eye in normalized depth.
func (r *Renderer) drawLines(viewProj mgl32.Mat4, q []float32, bias float32) {
	if len(q) == 0 {
		return
	}
	r.lineProg.use()
	r.lineProg.mat4("viewProj", viewProj)
	r.lineProg.float("depthBias", bias)
	gl.BindVertexArray(r.lineVAO)
	gl.BindBuffer(gl.ARRAY_BUFFER, r.lineVBO)
	gl.BufferData(gl.ARRAY_BUFFER, 4*len(q), gl.Ptr(q), gl.STREAM_DRAW)
	gl.DrawArrays(gl.LINES, 0, int32(len(q)/lineVertexFloat))
}

// uploadInstances sends this frame's instance data to each mesh's instance buffer.
func (r *Renderer) uploadInstances() {
	for i := range r.meshes {
		m := &r.meshes[i]
		if len(m.instances) > 0 {
			gl.BindBuffer(gl.ARRAY_BUFFER, m.instanceVBO)
			gl.BufferData(gl.ARRAY_BUFFER, 4*len(m.instances), unsafe.Pointer(&m.instances[0]), gl.STREAM_DRAW)
		}
	}
}

// drawMeshes issues one instanced draw per mesh, with progs[0] for flat meshes and progs[1] for
// smooth ones. The flat program has no normals to pass on: fewer attributes for llvmpipe to
// set up per triangle in a pile of boxes.
func (r *Renderer) drawMeshes(progs [2]*program) {
	for i := range r.meshes {
		m := &r.meshes[i]
		if n := int32(len(m.instances) / instanceFloats); n > 0 {
			progs[boolInt(m.smooth)].use()
			gl.BindVertexArray(m.vao)
			gl.DrawElementsInstanced(gl.TRIANGLES, m.indices, gl.UNSIGNED_INT, nil, n)
		}
	}
}
