package viewer

import (
	"fmt"
	"math"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"tumble/contact"
	"tumble/inertia"
)

// app is the running viewer's state; all of it lives on the main thread.
type app struct {
	opt         Options
	win         *glfw.Window
	r           *Renderer
	hud         *hud
	status      []string // the statistics lines shown on screen
	cam         Camera
	setup       *Setup
	meshes      map[uint64]int // meshKey → renderer mesh
	shape       []int          // renderer mesh of each body
	radius      []float64      // bounding radius of each body's mesh (m)
	order       []int          // bodies by distance from the eye, for drawing
	poseHash    uint64         // hash of every body's pose at the last frame
	shadowStale bool           // bodies moved since the shadow map was drawn
	clock       Clock

	paused, stepOnce, showContacts, showHelp bool
	grab                                     *Grab
	cursorX, cursorY                         float64
	orbiting, panning                        bool

	frames     int
	stepTime   time.Duration // wall time spent stepping since the last title update
	steps      int           // steps since the last title update
	titleFrame int
	titleTime  time.Time
	totalSteps int
	start      time.Time
}

// show makes setup the scene on screen, uploading any mesh not seen before.
func (a *app) show(s *Setup) {
	a.setup = s
	a.grab = nil
	a.clock = Clock{Dt: s.World.Dt, MaxLag: 0.1}
	a.shape, a.radius = a.shape[:0], a.radius[:0]
	for range s.World.Bodies {
		a.track()
	}
	pts := make([]mgl64.Vec3, len(s.World.Planes))
	ns := make([]mgl64.Vec3, len(s.World.Planes))
	for i, p := range s.World.Planes {
		pts[i], ns[i] = p.Point, p.Normal
	}
	a.r.SetPlanes(pts, ns, mgl32.Vec3{0.62, 0.62, 0.6})
}

// track registers the world's next untracked body with the renderer.
func (a *app) track() {
	b := a.setup.World.Bodies[len(a.shape)]
	k := meshKey(b.Mesh)
	id, ok := a.meshes[k]
	if !ok {
		id = a.r.AddMesh(b.Mesh.Vertices, b.Mesh.Triangles)
		a.meshes[k] = id
	}
	a.shape = append(a.shape, id)
	a.radius = append(a.radius, BoundingRadius(b.Mesh.Vertices))
}

// bounds returns the box around every body's bounding sphere (radius[i] for body i) and the
// origin, so the camera keeps the ground in view.
func bounds(w *contact.World, radius []float64) (lo, hi mgl64.Vec3) {
	for i, b := range w.Bodies {
		for k := range 3 {
			lo[k] = math.Min(lo[k], b.P[k]-radius[i])
			hi[k] = math.Max(hi[k], b.P[k]+radius[i])
		}
	}
	return lo, hi
}

// frameCamera points the camera at the whole scene.
func (a *app) frameCamera() {
	a.cam = FrameScene(a.setup, float64(a.opt.Width)/float64(a.opt.Height))
}

// FrameScene returns the camera the viewer starts with for a scene shown at the given aspect
// ratio (width/height): it frames every body's bounding sphere and the origin.
func FrameScene(s *Setup, aspect float64) Camera {
	radius := make([]float64, len(s.World.Bodies))
	for i, b := range s.World.Bodies {
		radius[i] = BoundingRadius(b.Mesh.Vertices)
	}
	lo, hi := bounds(s.World, radius)
	return FrameBox(lo, hi, aspect)
}

// addOBJ loads an OBJ file and drops it into the scene.
func (a *app) addOBJ(path string) {
	m, err := inertia.LoadOBJ(path)
	if err == nil {
		_, err = DropMesh(a.setup.World, m)
	}
	if err != nil {
		fmt.Fprintf(a.opt.Log, "drop: %v\n", err)
		return
	}
	a.track()
	fmt.Fprintf(a.opt.Log, "dropped %s\n", path)
}
