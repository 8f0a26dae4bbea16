package viewer

import (
	"fmt"
	"sync"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// mode is how the window shows one kind of scene: app shows a 3D scene (a contact.World
// stepped on its own goroutine), view2D a FOSSSim 2D scene (a planar.System stepped between
// frames). The window keeps what both kinds share, the scene browser, the keys that open
// scenes, screenshots, recordings, notes, help and the frame clock, and hands a mode the
// rest: its simulation, its picture and its own keys and mouse.
type mode interface {
	// state is what the window needs of the scene shown this frame.
	state() modeState
	// open shows another scene of the mode's kind (Options.Is2D tells); one that fails to
	// open is noted on screen and the scene shown stays.
	open(source string)
	// update takes the frame's steps, elapsed wall seconds after the last frame's (exactly
	// one with Options.Frames), and refreshes the statistics and title (at once when last).
	// It reports false when the window was closed while it waited for a step, and an error
	// that ends the run (Options.AfterStep's).
	update(elapsed float64, last bool) (bool, error)
	// turn is held while the window draws: a simulation on another thread steps between
	// frames' drawing, not during it.
	turn() sync.Locker
	// draw draws the scene into the fw×fh framebuffer: what recordings take.
	draw(fw, fh int)
	// hud queues the mode's text over the scene, and returns the band of the window's left
	// edge it leaves free for the scene browser, pixels from the top.
	hud(fw, fh int) (top, bottom float32)
	// Input the window does not take itself: keys, mouse buttons (after the frame's widgets
	// had theirs), cursor moves (dx, dy since the last), the wheel (dy notches, the cursor at
	// x, y) and OBJ files dropped. Cursor positions are window coordinates.
	key(key glfw.Key, mods glfw.ModifierKey)
	button(e buttonEvent)
	cursor(x, y, dx, dy float64)
	scroll(dy, x, y float64)
	drop(path string)
	// close ends the mode's simulation; nothing of the mode is used after it.
	close()
}

// modeState is what a mode tells the window of its scene.
type modeState struct {
	Source   string  // what the scene was opened from: the browser marks it, ← and → step from it
	Time, Dt float64 // simulated time shown and time step, s: recordings take frames by them
	Halt     error   // why the simulation stopped (a failed step), nil while it runs
	// Done reports a run that is over: a 2D scene paused at the end of its duration. A
	// recording from the start (--gif, --mp4) ends with it.
	Done bool
	// Behind reports a simulation on its own thread slower than real time: the window then
	// draws less often, leaving it the cores.
	Behind bool
	// Steps and StepTime count the mode's steps over all its scenes and the wall time spent
	// in them, for the closing statistics.
	Steps    int
	StepTime time.Duration
	Help     string // what h shows: the mode's mouse buttons and keys
}

// window is the one window of a run and what its modes share: the GLFW window, the HUD, the
// scene browser, notes, recordings and the frame clock, with the mode showing the scene.
type window struct {
	opt     Options
	win     *glfw.Window
	hud     *hud
	ui      ui
	browser *browser
	mode    mode
	twoD    bool      // the mode shows 2D scenes
	want    string    // the scene to open at the start of the next frame ("": none)
	past    modeState // the steps of the modes closed, for the closing statistics
	workers int       // a 3D world's steps share its stages among this many goroutines
	// stride is the steps a frame after the first takes with Options.Frames: one, or for a
	// recording (--gif, --mp4) the steps from one of its frames to the next, so that only
	// the frames it keeps are drawn. The first frame takes one step, as without a recording.
	stride  int
	started time.Time // when the run began: the log's lines are stamped from it

	// The modes' renderers, made when a mode of their kind first opens and kept for the
	// next: meshKey → renderer mesh for the 3D one.
	renderer *Renderer
	meshes   map[uint64]int
	shapes   *shapes2D

	showHelp         bool
	cursorX, cursorY float64
	input            []func()      // input events since the last frame, in order, for handleInput
	recorder         *recorder     // the recording under way, if any
	exitOnSave       bool          // the run ends when the recording is saved (--gif, --mp4)
	notes            []note        // confirmations and problems, shown for a few seconds
	frameCost        time.Duration // the last frame's drawing, GL driver included

	frameClock // frames counted, paced and saved
}

// steps returns how many steps this frame takes with Options.Frames.
func (w *window) steps() int {
	if w.frames == 0 {
		return 1
	}
	return w.stride
}

// load reads the scene name as the mode of its kind shows it, and returns what starts that
// mode on it in a window, and whether it is the 2D mode (Is2D).
func (o *Options) load(name string) (start func(*window) (mode, error), twoD bool, err error) {
	if o.Is2D(name) {
		scene, err := o.Open2D(name)
		if err != nil {
			return nil, true, err
		}
		return func(w *window) (mode, error) { return newView2D(w, name, scene) }, true, nil
	}
	setup, err := o.Open(name)
	if err != nil {
		return nil, false, err
	}
	return func(w *window) (mode, error) { return newApp(w, setup) }, false, nil
}

// open opens the scene source at the start of the next frame, moving the browser's cursor
// to it: between frames no mode is half way through one.
func (w *window) open(source string) {
	if i := w.browser.index(source); i >= 0 {
		w.browser.cursor = i
	}
	w.want = source
}

// switchTo opens the scene source: in the mode shown when it is of its kind, else in a new
// mode of the other kind, which replaces the one shown once the scene has been read. A
// recording under way is of the scene it began on, and is saved first.
func (w *window) switchTo(source string) {
	if w.recorder != nil {
		if err := w.saveRecording(); err != nil {
			w.notify(err.Error())
		}
	}
	if w.opt.Is2D(source) == w.twoD {
		w.mode.open(source)
		return
	}
	start, twoD, err := w.opt.load(source)
	var m mode
	if err == nil {
		m, err = start(w)
	}
	if err != nil {
		w.notify(fmt.Sprintf("open %s: %v", source, err))
		return
	}
	s := w.mode.state()
	w.mode.close()
	w.past.Steps += s.Steps
	w.past.StepTime += s.StepTime
	w.ui.release() // a slider held belongs to the mode gone
	w.mode, w.twoD = m, twoD
}
