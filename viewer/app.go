package viewer

import (
	"math"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// app is the window's state; all of it lives on the main thread. The world lives on the
// simulation goroutine (sim), and app draws the snapshots it publishes.
type app struct {
	opt         Options
	win         *glfw.Window
	r           *Renderer
	hud         *hud
	sim         *sim
	snap        *Snapshot // the snapshot drawn this frame
	status      []string  // the statistics lines shown on screen
	cam         Camera
	scene       int            // the Snapshot.Scene whose meshes and planes the renderer holds
	reframe     bool           // frame the camera on the next scene shown (keys 1–9)
	meshes      map[uint64]int // meshKey → renderer mesh
	shape       []int          // renderer mesh of each body
	radius      []float64      // bounding radius of each body's mesh (m)
	order       []int          // bodies by distance from the eye, for drawing
	poseHash    uint64         // hash of every body's pose at the last frame
	shadowStale bool           // bodies moved since the shadow map was drawn

	showHelp          bool
	grab              *Grab // the held body as the window sees it; the simulation has a copy
	grabMoved         bool  // the cursor moved the grab's target since the copy was sent
	cursorX, cursorY  float64
	orbiting, panning bool

	frames     int
	titleFrame int
	titleTime  time.Time
	titleSteps int           // Snapshot.TotalSteps at the last title update
	titleStep  time.Duration // Snapshot.StepTime at the last title update
	stats      frameStats
}

// sync makes the renderer hold the snapshot's scene: a new scene replaces the planes and the
// bodies, and bodies added since (dropped meshes) are registered.
func (a *app) sync(s *Snapshot) {
	if s.Scene != a.scene {
		a.scene = s.Scene
		a.grab = nil
		a.shape, a.radius = a.shape[:0], a.radius[:0]
		pts := make([]mgl64.Vec3, len(s.Planes))
		ns := make([]mgl64.Vec3, len(s.Planes))
		for i, p := range s.Planes {
			pts[i], ns[i] = p.Point, p.Normal
		}
		a.r.SetPlanes(pts, ns, mgl32.Vec3{0.62, 0.62, 0.6})
	}
	for i := len(a.shape); i < len(s.Meshes); i++ {
		m := s.Meshes[i]
		k := meshKey(m)
		id, ok := a.meshes[k]
		if !ok {
			id = a.r.AddMesh(m.Vertices, m.Triangles)
			a.meshes[k] = id
		}
		a.shape = append(a.shape, id)
		a.radius = append(a.radius, BoundingRadius(m.Vertices))
	}
	if a.reframe || a.opt.Follow {
		a.frameCamera(s)
		a.reframe = false
	}
}

// bounds returns the box around the bounding spheres of bodies at positions p with radii
// radius, and the origin, so the camera keeps the ground in view.
func bounds(p []mgl64.Vec3, radius []float64) (lo, hi mgl64.Vec3) {
	for i, x := range p {
		for k := range 3 {
			lo[k] = math.Min(lo[k], x[k]-radius[i])
			hi[k] = math.Max(hi[k], x[k]+radius[i])
		}
	}
	return lo, hi
}

// frameCamera points the camera at the whole scene. With Options.Follow it keeps the
// direction the user orbited to and frames the bodies as they move.
func (a *app) frameCamera(s *Snapshot) {
	lo, hi := bounds(s.P, a.radius)
	c := FrameBox(lo, hi, float64(a.opt.Width)/float64(a.opt.Height))
	if a.opt.Follow && a.frames > 0 {
		c.Yaw, c.Pitch = a.cam.Yaw, a.cam.Pitch
	}
	a.cam = c
}

// FrameScene returns the camera the viewer starts with for a scene shown at the given aspect
// ratio (width/height): it frames every body's bounding sphere and the origin.
func FrameScene(s *Setup, aspect float64) Camera {
	p := make([]mgl64.Vec3, len(s.World.Bodies))
	radius := make([]float64, len(s.World.Bodies))
	for i, b := range s.World.Bodies {
		p[i], radius[i] = b.P, BoundingRadius(b.Mesh.Vertices)
	}
	lo, hi := bounds(p, radius)
	return FrameBox(lo, hi, aspect)
}
