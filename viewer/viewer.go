package viewer

import (
	"io"
	"math"
	"runtime"
	"sync"

	"github.com/go-gl/glfw/v3.3/glfw"

	"tumble/body/planar"
	"tumble/contact"
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
	// AfterStep2D is AfterStep for a 2D scene (Run2D), also called with the initial state
	// when the scene opens or is reset: tumble view --trace writes tumble 2d run --csv's rows
	// with it.
	AfterStep2D func(s *planar.System) error
	// Scenes are the built-in scene names the browser lists first (the keys 1–9 open the
	// first nine), in order; the scene files beside First follow.
	Scenes []string
	// Open builds a scene by name: the first shown, the browser's, and r (reset) use it.
	Open  func(name string) (*Setup, error)
	First string // name of the first scene to open
	// Log gets picks, selections (with the inspector's text), settings changed, files saved
	// and the closing summary, each stamped with the wall and simulated time when it comes
	// from the simulation (default: discard).
	Log io.Writer
	// DropScale scales OBJ files dropped on the window (default 1).
	DropScale float64
	// Movie, when set, saves the first Duration seconds of simulated time as an animated
	// GIF (or an MP4 with MP4, through ffmpeg), one time step per frame, and then ends the run.
	Movie string
	MP4   bool
	// Duration is the simulated time a recording takes, s: Movie's and the v key's
	// (default 5).
	Duration float64
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

// Run opens the window and runs the viewer until it is closed, Esc is pressed or Options.Frames
// have been drawn. It returns an error wrapping a hint to use `tumble sim` when no window can
// be opened, and the reason the simulation stopped if it ends stopped on a state that is not
// finite.
func Run(opt Options) error {
	opt.fill()
	if opt.DropScale == 0 {
		opt.DropScale = 1
	}
	if opt.Duration == 0 {
		opt.Duration = 5
	}
	if opt.Movie != "" && opt.Frames == 0 {
		opt.Frames = math.MaxInt // one step per frame until the movie is saved
	}
	opt.Log = &lockedWriter{w: opt.Log}
	setup, err := opt.Open(opt.First)
	if err != nil {
		return err
	}
	win, h, err := openScreen(&opt)
	if err != nil {
		return err
	}
	defer glfw.Terminate()
	r, err := NewRenderer()
	if err != nil {
		return err
	}
	// The world steps on as many workers as `tumble sim` gives it, one per core. The
	// window's thread (locked, and often in the GL driver) wants one more: one more P than
	// cores keeps it from waiting for the narrow phase's workers to yield one.
	workers := runtime.GOMAXPROCS(0)
	runtime.GOMAXPROCS(workers + 1)
	a := &app{opt: opt, win: win, r: r, hud: h, ui: ui{h: h}, meshes: map[uint64]int{}, reframe: true,
		browser: newBrowser(opt.Scenes, opt.First)}
	a.frameClock.opt = &a.opt
	a.sim = startSim(setup, opt, workers)
	defer a.sim.stop()
	if opt.Movie != "" {
		fw, fh := win.GetFramebufferSize()
		if a.recorder, err = newRecorder(opt.Movie, opt.MP4, opt.Duration, readParams(setup.World).Dt, fw, fh); err != nil {
			return err
		}
		a.exitOnSave = true
	}
	a.listen()
	return a.loop()
}
