package viewer

import (
	"math"
	"sync"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// app is the window's 3D mode: the world lives on the simulation goroutine (sim), and app
// draws the snapshots it publishes. All of app lives on the main thread.
type app struct {
	w           *window
	r           *Renderer
	sim         *sim
	snap        *Snapshot // the snapshot drawn this frame
	notesSeen   int       // Snapshot.Notes already shown
	status      []string  // the statistics lines shown on screen
	cam         Camera
	scene       int       // the Snapshot.Scene whose meshes and planes the renderer holds
	reframe     bool      // frame the camera on the bodies from the start view (a new scene)
	refocus     bool      // frame them from the direction the user orbited to (f)
	shape       []int     // renderer mesh of each body
	radius      []float64 // bounding radius of each body's mesh (m)
	order       []int     // bodies by distance from the eye, for drawing
	poseHash    uint64    // hash of every body's pose at the last frame
	shadowStale bool      // bodies moved since the shadow map was drawn

	showPanel         bool
	grab              *Grab   // the held body as the window sees it; the simulation has a copy
	grabMoved         bool    // the cursor moved the grab's target since the copy was sent
	pressX, pressY    float64 // where the left button went down
	orbiting, panning bool

	titleFrame int
	titleTime  time.Time
	titleSteps int           // Snapshot.TotalSteps at the last title update
	titleStep  time.Duration // Snapshot.StepTime at the last title update
	fps        float64       // frames per second over the last title update's interval
	msPerStep  float64       // wall time per step over the same interval
}

// newApp starts the 3D mode in w on setup, its simulation on its own goroutine.
func newApp(w *window, setup *Setup) (*app, error) {
	if w.renderer == nil {
		r, err := NewRenderer()
		if err != nil {
			return nil, err
		}
		w.renderer, w.meshes = r, map[uint64]int{}
	}
	a := &app{w: w, r: w.renderer, reframe: true, titleFrame: w.frames, titleTime: time.Now()}
	a.sim = startSim(setup, w.opt, w.workers, w.started)
	a.snap = a.sim.shots.latest() // what the first events (a click) act on
	a.notesSeen = a.snap.Notes
	a.sync(a.snap)
	return a, nil
}

func (a *app) state() modeState {
	s := a.snap
	return modeState{Source: s.Source, Time: s.Time, Dt: s.Params.Dt, Halt: s.Halt, Behind: s.Rate > 0 && s.Rate < 0.95,
		Steps: s.TotalSteps, StepTime: s.StepTime, Help: Help}
}

func (a *app) open(source string) { a.sim.do(openScene(source)) }

func (a *app) update(_ float64, last bool) (bool, error) {
	if a.grabMoved {
		a.sendGrab()
	}
	if a.w.opt.Frames > 0 && !a.sim.frame(a.w.closing, a.w.steps()) {
		return false, nil
	}
	a.snap = a.sim.shots.latest()
	if a.snap.Err != nil {
		return false, a.snap.Err
	}
	if a.snap.Notes != a.notesSeen { // the simulation logged it
		a.notesSeen = a.snap.Notes
		a.w.notes = append(a.w.notes, note{a.snap.Note, time.Now().Add(noteTime)})
	}
	scene := a.scene
	a.sync(a.snap)
	// The screenshot of the last frame shows its own numbers, a new scene its own name.
	a.updateTitle(last || a.scene != scene)
	return true, nil
}

// turn is the simulation's: the window draws while the simulation does not step, and they
// take turns at the cores.
func (a *app) turn() sync.Locker { return &a.sim.turn }

func (a *app) close() { a.sim.stop() }

// sync makes the renderer hold the snapshot's scene: a new scene replaces the planes and the
// bodies, and bodies added since (dropped meshes) are registered.
func (a *app) sync(s *Snapshot) {
	if s.Scene != a.scene {
		a.scene = s.Scene
		a.grab = nil
		a.reframe = true // each scene opens framed on its bodies
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
		id, ok := a.w.meshes[k]
		if !ok {
			id = a.r.AddMesh(m.Vertices, m.Triangles)
			a.w.meshes[k] = id
		}
		a.shape = append(a.shape, id)
		a.radius = append(a.radius, BoundingRadius(m.Vertices))
	}
	if a.reframe || a.refocus || a.w.opt.Follow {
		a.frameCamera(s, !a.reframe && a.w.frames > 0)
		a.reframe, a.refocus = false, false
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

// frameCamera points the camera at every body, from the direction the user orbited to when
// keep is set (f, and Options.Follow as the bodies move).
func (a *app) frameCamera(s *Snapshot, keep bool) {
	lo, hi := bounds(s.P, a.radius)
	fw, fh := a.w.win.GetFramebufferSize()
	c := FrameBox(lo, hi, float64(fw)/float64(max(fh, 1)))
	if keep {
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
