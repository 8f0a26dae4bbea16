package viewer

import (
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/contact"
)

// Options configure a viewer run.
type Options struct {
	Width, Height int // window size in screen pixels (default 1280×720)
	// Frames stops the viewer after this many frames (0: run until closed). With Frames set
	// every frame advances the simulation by exactly one time step, so runs are reproducible.
	Frames     int
	Screenshot string // save the last frame to this PNG file
	Record     string // save every frame as DIR/frame-00001.png, …
	// Seconds stops the viewer after this much wall time from the first frame shown (0: run
	// until closed), printing frame-rate statistics: for measuring.
	Seconds float64
	// Follow keeps the camera framing the bodies as they move (the user may still orbit).
	Follow bool
	// AfterStep, when set, is called with the world after every step, and with Frames after
	// every frame, stepped or not (tumble view --trace logs every body's state with it). It
	// runs on the simulation's goroutine, which owns the world; an error ends the run.
	AfterStep func(w *contact.World) error
	MaxFPS    float64 // frame-rate cap (default 60; negative: uncapped)
	// AfterStep2D is AfterStep for a 2D scene, also called with the initial state when the
	// scene opens or is reset: tumble view --trace writes tumble 2d run --csv's rows with it.
	AfterStep2D func(s *planar.System) error
	// Scenes are the built-in 3D scene names the browser lists first (the keys 1–9 open the
	// first nine), in order; Scenes2D, the built-in 2D scene names, follow them, then the
	// scene files beside First.
	Scenes, Scenes2D []string
	// Open builds a 3D scene by name: the first shown, the browser's, and r (reset) use it.
	Open func(name string) (*Setup, error)
	// Open2D reads a 2D scene by name, one of Scenes2D or a FOSSSim file, as Open does for 3D
	// scenes (default fosssim.Load).
	Open2D func(name string) (*fosssim.Scene, error)
	First  string // name of the first scene to open
	// Log gets picks, selections (with the inspector's text), settings changed, files saved
	// and the closing summary, each stamped with the wall and simulated time when it comes
	// from the simulation (default: discard).
	Log io.Writer
	// DropScale scales OBJ files dropped on the window (default 1).
	DropScale float64
	// Movie, when set, saves the first Duration seconds of simulated time as an animated
	// GIF (or an MP4 with MP4, through ffmpeg), and then ends the run. Without Frames it
	// draws only the frames the movie keeps, as fast as it can: faster than real time
	// wherever drawing allows, whatever MaxFPS says.
	Movie string
	MP4   bool
	// Duration is the simulated time a recording takes, s: Movie's and the v key's
	// (default 5).
	Duration float64
	// GIFWidth is the most pixels a GIF's frames are wide, Movie's and the v key's: a wider
	// window is scaled down to it (0: the window's width).
	GIFWidth int
}

// Is2D reports whether the viewer shows the scene name in its 2D mode: a name of Scenes2D,
// or a FOSSSim scene file (fosssim.IsScene). Anything else is Open's.
func (o *Options) Is2D(name string) bool {
	return slices.Contains(o.Scenes2D, name) || strings.EqualFold(filepath.Ext(name), ".xml") && fosssim.IsScene(name)
}

// lockedWriter serialises writes from the window's and the simulation's goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// errNoWindow2D is errNoWindow for a 2D scene, whose headless command is tumble 2d run.
var errNoWindow2D = errors.New("tumble view needs a display (X11); run `tumble 2d run SCENE` to simulate a 2D scene headless, or start one with Xvfb")

// Run opens the window on Options.First and runs the viewer until it is closed, Esc is
// pressed or Options.Frames have been drawn. A 3D scene (Open's) runs on its own goroutine;
// a 2D one (Is2D) runs its own integrator, forces and contact response through the code
// tumble 2d run steps it with, drawn as tumble 2d render draws it. The scene browser opens
// either kind in the same window. A first scene that cannot be read is an error before any
// window opens; Run returns an error wrapping a hint to simulate headless when no window can
// be opened, and the reason the simulation stopped if it ends stopped on a failed step.
func Run(opt Options) error {
	opt.fill()
	if opt.DropScale == 0 {
		opt.DropScale = 1
	}
	if opt.Duration == 0 {
		opt.Duration = 5
	}
	if opt.Open2D == nil {
		opt.Open2D = fosssim.Load
	}
	export := opt.Movie != "" && opt.Frames == 0
	if export {
		// Frames step until the movie is saved, as fast as they can be drawn: an export
		// keeps no pace with the wall clock.
		opt.Frames, opt.MaxFPS = math.MaxInt, -1
	}
	opt.Log = &lockedWriter{w: opt.Log}
	start, twoD, err := opt.load(opt.First)
	if err != nil {
		return err
	}
	win, h, err := openScreen(&opt)
	if errors.Is(err, errNoWindow) && twoD { // the cause, then the 2D mode's advice
		return fmt.Errorf("%s%w", strings.TrimSuffix(err.Error(), errNoWindow.Error()), errNoWindow2D)
	}
	if err != nil {
		return err
	}
	defer glfw.Terminate()
	// A 3D world steps on one worker per core (Settings.Workers set, not chosen by the
	// world's own trials, which the drawing's turns at the cores would upset). The window's
	// thread (locked, and often in the GL driver) wants one more: one more P than
	// cores keeps it from waiting for the narrow phase's workers to yield one.
	workers := runtime.GOMAXPROCS(0)
	runtime.GOMAXPROCS(workers + 1)
	w := &window{opt: opt, win: win, hud: h, ui: ui{h: h}, workers: workers, twoD: twoD,
		browser: newBrowser(&opt), started: time.Now(), stride: 1}
	w.frameClock.opt = &w.opt
	if w.mode, err = start(w); err != nil {
		return err
	}
	defer func() { w.mode.close() }()
	if opt.Movie != "" {
		fw, fh := win.GetFramebufferSize()
		dt := w.mode.state().Dt
		if w.recorder, err = newRecorder(opt.Movie, opt.MP4, opt.Duration, dt, fw, fh, opt.GIFWidth); err != nil {
			return err
		}
		w.exitOnSave = true
		if export { // draw only the frames the movie keeps
			w.stride = max(int(math.Round(w.recorder.interval/dt)), 1)
		}
	}
	w.listen()
	return w.loop()
}
