package viewer

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"tumble/contact"
	"tumble/inertia"
)

// Options configure a viewer run.
type Options struct {
	Width, Height int // window size in screen pixels (default 1280×720)
	// Frames stops the viewer after this many frames (0: run until closed). With Frames set
	// every frame advances the simulation by exactly one time step, so runs are reproducible.
	Frames     int
	Screenshot string    // save the last frame to this PNG file
	Record     string    // save every frame as DIR/frame-00001.png, …
	Trace      io.Writer // every body's state per frame as CSV (see traceHeader)
	MaxFPS     float64   // frame-rate cap (default 60; negative: uncapped)
	// Scenes are the built-in scene names the keys 1–9 open, in order.
	Scenes []string
	// Open builds a scene by name: the first shown, the keys 1–9, and r (reset) use it.
	Open  func(name string) (*Setup, error)
	First string    // name of the first scene to open
	Log   io.Writer // picks, releases, screenshots and the closing summary (default: discard)
}

// Run opens the window and runs the viewer until it is closed, Esc is pressed or Options.Frames
// have been drawn. It returns an error wrapping a hint to use `tumble sim` when no window can
// be opened.
func Run(opt Options) error {
	if opt.Width <= 0 || opt.Height <= 0 {
		opt.Width, opt.Height = 1280, 720
	}
	if opt.MaxFPS == 0 {
		opt.MaxFPS = 60
	}
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	setup, err := opt.Open(opt.First)
	if err != nil {
		return err
	}
	win, err := openWindow(opt.Width, opt.Height, "Tumble")
	if err != nil {
		return err
	}
	defer glfw.Terminate()
	r, err := NewRenderer()
	if err != nil {
		return err
	}
	h, err := newHUD()
	if err != nil {
		return err
	}
	a := &app{opt: opt, win: win, r: r, hud: h, meshes: map[uint64]int{}}
	if opt.Trace != nil {
		if a.trace, err = newTracer(opt.Trace); err != nil {
			return err
		}
	}
	if opt.Record != "" {
		if err := os.MkdirAll(opt.Record, 0o755); err != nil {
			return fmt.Errorf("--record: %w", err)
		}
	}
	a.show(setup)
	a.frameCamera()
	a.listen()
	err = a.loop()
	if a.trace != nil {
		if ferr := a.trace.flush(); err == nil {
			err = ferr
		}
	}
	return err
}

// app is the running viewer's state; all of it lives on the main thread.
type app struct {
	opt      Options
	win      *glfw.Window
	r        *Renderer
	hud      *hud
	status   []string // the statistics lines shown on screen
	cam      Camera
	setup    *Setup
	meshes   map[uint64]int // meshKey → renderer mesh
	shape    []int          // renderer mesh of each body
	radius   []float64      // bounding radius of each body's mesh (m)
	order    []int          // bodies by distance from the eye, for drawing
	poseHash uint64         // hash of every body's pose at the last frame
	clock    Clock
	trace    *tracer

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
	pts := make([]mgl64.Vec3, len(s.Planes))
	ns := make([]mgl64.Vec3, len(s.Planes))
	for i, p := range s.Planes {
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

func (a *app) loop() error {
	a.start = time.Now()
	a.titleTime = a.start
	last := a.start
	for !a.win.ShouldClose() {
		frameStart := time.Now()
		glfw.PollEvents()
		elapsed := frameStart.Sub(last).Seconds()
		last = frameStart
		a.simulate(elapsed)
		if err := a.render(); err != nil {
			return err
		}
		a.win.SwapBuffers()
		a.frames++
		a.updateTitle()
		if a.opt.Frames > 0 && a.frames >= a.opt.Frames {
			break
		}
		if a.opt.MaxFPS > 0 {
			time.Sleep(time.Duration(float64(time.Second)/a.opt.MaxFPS) - time.Since(frameStart))
		}
	}
	secs := time.Since(a.start).Seconds()
	fmt.Fprintf(a.opt.Log, "frames %d in %.2f s: %.1f fps, %d steps\n", a.frames, secs, float64(a.frames)/secs, a.totalSteps)
	return nil
}

// frameBudget is the wall time per frame the simulation may use before the rest of the steps
// due are forgiven: the UI keeps responding and the simulation runs slower than real time.
const frameBudget = 50 * time.Millisecond

// simulate takes the steps due after elapsed seconds of wall time: one per frame with
// Options.Frames (reproducible runs), otherwise as the clock says, within frameBudget.
func (a *app) simulate(elapsed float64) {
	n := a.clock.Steps(elapsed)
	if a.opt.Frames > 0 {
		n = 1
	}
	if a.paused {
		n = 0
		if a.stepOnce {
			n = 1
		}
	}
	a.stepOnce = false
	start := time.Now()
	w := a.setup.World
	a.steps += a.clock.Within(n, frameBudget, func() {
		if g := a.grab; g != nil {
			b := w.Bodies[g.Body]
			f, t := g.Pull(b.Mass, b.R, b.P, b.V, b.Omega)
			b.Force = b.Force.Add(f)
			b.Torque = b.Torque.Add(t)
		}
		w.Step()
		a.totalSteps++
	})
	a.stepTime += time.Since(start)
}

func (a *app) render() error {
	w := a.setup.World
	// Shadows are cast within the bodies' bounding box, up to a size where the shadow map's
	// texels would grow coarser than about 10 cm.
	lo, hi := bounds(w, a.radius)
	centre := lo.Add(hi).Mul(0.5)
	radius := math.Min(hi.Sub(lo).Len()/2, 60)
	// Front to back, so the depth test rejects hidden fragments before they are shaded:
	// llvmpipe's cost is in shading, and a pile hides most of itself.
	eye := a.cam.Eye()
	a.order = a.order[:0]
	for i := range w.Bodies {
		a.order = append(a.order, i)
	}
	slices.SortFunc(a.order, func(i, j int) int {
		return cmp.Compare(w.Bodies[i].P.Sub(eye).LenSqr(), w.Bodies[j].P.Sub(eye).LenSqr())
	})
	for _, i := range a.order {
		b := w.Bodies[i]
		a.r.Instance(a.shape[i], b.R, b.P, bodyColor(i, b.Fixed))
	}
	if g := a.grab; g != nil {
		b := w.Bodies[g.Body]
		from, to := g.Ends(b.R, b.P)
		a.r.Line(from, to, mgl32.Vec3{1, 0.9, 0.2})
	}
	fw, fh := a.win.GetFramebufferSize()
	a.r.Draw(&a.cam, fw, fh, centre, radius, a.moved())
	a.hud.panel(12, 12, a.status, mgl32.Vec4{1, 1, 1, 1})
	if a.showHelp {
		a.hud.panel(12, float32(len(a.status)*cellH*hudScale+36), strings.Split(Help, "\n"), mgl32.Vec4{1, 0.95, 0.7, 1})
	}
	a.hud.draw(fw, fh)
	if a.trace != nil {
		if err := a.trace.frame(w); err != nil {
			return err
		}
	}
	if a.opt.Record != "" {
		if err := savePNG(filepath.Join(a.opt.Record, fmt.Sprintf("frame-%05d.png", a.frames+1)), fw, fh); err != nil {
			return err
		}
	}
	if a.opt.Screenshot != "" && a.opt.Frames > 0 && a.frames+1 == a.opt.Frames {
		if err := savePNG(a.opt.Screenshot, fw, fh); err != nil {
			return err
		}
		fmt.Fprintf(a.opt.Log, "screenshot %s\n", a.opt.Screenshot)
	}
	return nil
}

// moved reports whether any body's pose changed since the last call.
func (a *app) moved() bool {
	h := fnv.New64a()
	var buf [8 * 12]byte
	for _, b := range a.setup.World.Bodies {
		for k, x := range b.R {
			binary.LittleEndian.PutUint64(buf[8*k:], math.Float64bits(x))
		}
		for k, x := range b.P {
			binary.LittleEndian.PutUint64(buf[8*(9+k):], math.Float64bits(x))
		}
		h.Write(buf[:])
	}
	sum := h.Sum64()
	changed := sum != a.poseHash || a.frames == 0
	a.poseHash = sum
	return changed
}

// updateTitle refreshes the statistics, in the title and on screen, twice a second.
func (a *app) updateTitle() {
	dt := time.Since(a.titleTime)
	if dt < 500*time.Millisecond && a.status != nil {
		return
	}
	w := a.setup.World
	fps := float64(a.frames-a.titleFrame) / dt.Seconds()
	msPerStep := 0.0
	if a.steps > 0 {
		msPerStep = a.stepTime.Seconds() * 1000 / float64(a.steps)
	}
	state := ""
	if a.paused {
		state = " (paused)"
	}
	a.status = []string{
		fmt.Sprintf("%s%s  t %.2f s", a.setup.Name, state, w.Time),
		fmt.Sprintf("%.0f fps  %.2f ms/step  %d bodies", fps, msPerStep, len(w.Bodies)),
		fmt.Sprintf("%d iterations  energy %.4g J", w.Iterations, energy(w)),
		"h: help",
	}
	a.win.SetTitle(fmt.Sprintf("Tumble: %s%s | %.0f fps | %.2f ms/step | %d bodies | %d iterations | energy %.4g J | t %.2f s | h: help",
		a.setup.Name, state, fps, msPerStep, len(w.Bodies), w.Iterations, energy(w), w.Time))
	a.titleFrame, a.titleTime, a.stepTime, a.steps = a.frames, time.Now(), 0, 0
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
