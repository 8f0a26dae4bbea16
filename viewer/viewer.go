package viewer

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"sync"

	"github.com/go-gl/glfw/v3.3/glfw"

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
	// Scenes are the built-in scene names the keys 1–9 open, in order.
	Scenes []string
	// Open builds a scene by name: the first shown, the keys 1–9, and r (reset) use it.
	Open  func(name string) (*Setup, error)
	First string    // name of the first scene to open
	Log   io.Writer // picks, releases, screenshots and the closing summary (default: discard)
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
	opt.Log = &lockedWriter{w: opt.Log}
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
	if opt.Record != "" {
		if err := os.MkdirAll(opt.Record, 0o755); err != nil {
			return fmt.Errorf("--record: %w", err)
		}
	}
	// The window's thread (locked, and often in the GL driver) and the simulation's each
	// want a core; one more P than cores keeps the window from waiting for the narrow
	// phase's workers to yield one.
	runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + 1)
	a := &app{opt: opt, win: win, r: r, hud: h, meshes: map[uint64]int{}, reframe: true}
	a.sim = startSim(setup, opt)
	defer a.sim.stop()
	a.listen()
	return a.loop()
}
