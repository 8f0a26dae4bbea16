package viewer

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tumble-physics/tumble/internal/plural"
)

// windowShare is the most of the wall time the window draws in while a simulation on its own
// thread is slower than real time: the rest is the simulation's, which then steps nearly as
// fast as headless instead of sharing the cores with the GL driver (llvmpipe draws on all of
// them).
const windowShare = 0.2

// maxRest is the longest the window rests between frames for the simulation's sake: it
// still answers the mouse five times a second.
const maxRest = 200 * time.Millisecond

func (w *window) loop() error {
	last := time.Now() // when the last frame began
	for !w.win.ShouldClose() {
		w.begin()
		glfw.PollEvents()
		if w.want != "" {
			w.switchTo(w.want)
			w.want = ""
		}
		lastFrame := w.last()
		ok, err := w.mode.update(w.start.Sub(last).Seconds(), lastFrame)
		last = w.start
		if err != nil {
			return err
		}
		if !ok {
			break // closed while a step ran
		}
		saved, err := w.draw()
		if err != nil {
			return err
		}
		w.handleInput() // against the widgets just drawn
		w.shown()
		s := w.mode.state()
		// --gif and --mp4 end with their recording, or with the run when it stops or ends
		// short of it.
		if lastFrame || w.exitOnSave && (saved || s.Halt != nil || s.Done) {
			break
		}
		w.pace()
		if s.Behind && w.opt.Frames == 0 {
			rest := time.Duration(float64(w.frameCost)/windowShare) - time.Since(w.start)
			time.Sleep(min(rest, maxRest))
		}
	}
	if w.recorder != nil {
		if err := w.saveRecording(); err != nil {
			return err
		}
	}
	s := w.mode.state()
	s.Steps += w.past.Steps
	s.StepTime += w.past.StepTime
	w.report(s)
	return s.Halt // a run that ended on a failed step did not succeed
}

// closing polls the window's events and reports whether it is to close: the window keeps
// answering (Esc, its close button) while it waits for a slow step.
func (w *window) closing() bool {
	glfw.PollEvents()
	return w.win.ShouldClose()
}

// draw draws the frame, the mode's scene and then the text over it, takes the recording's
// frame (the scene without the text) and the screenshots asked for, and shows it. It
// reports whether the frame completed a recording.
func (w *window) draw() (bool, error) {
	turn := w.mode.turn()
	turn.Lock()
	defer turn.Unlock()
	start := time.Now()
	defer func() { w.frameCost = time.Since(start) }()
	fw, fh := w.win.GetFramebufferSize()
	w.ui.begin(fh)
	w.mode.draw(fw, fh)
	saved := false
	if r := w.recorder; r != nil {
		if t := w.mode.state().Time; r.due(t) && r.take(readFrame(fw, fh), t) {
			if err := w.saveRecording(); err != nil {
				return false, err
			}
			saved = true
		}
	}
	w.drawHUD(fw, fh)
	said, err := w.save(fw, fh)
	if said != "" {
		w.notify(said)
	}
	if err != nil {
		return false, err
	}
	w.win.SwapBuffers()
	return saved, nil
}

// drawHUD queues and draws the text over the scene: the mode's, the scene browser, notes
// and help.
func (w *window) drawHUD(fw, fh int) {
	top, bottom := w.mode.hud(fw, fh)
	if w.browser.shown {
		w.drawBrowser(fw, top, bottom, w.mode.state().Source)
	}
	w.drawNotes(fw, fh)
	if w.showHelp {
		lines := strings.Split(w.mode.state().Help, "\n")
		width, height := panelSize(lines, w.ui.scale)
		w.hud.panel((float32(fw)-width)/2, (float32(fh)-height)/2, lines, w.ui.scale, mgl32.Vec4{1, 0.95, 0.7, 1})
	}
	w.hud.draw(fw, fh)
}

// toggleRecording starts recording Options.Duration seconds to name, or stops the recording
// under way and saves what it has.
func (w *window) toggleRecording(name string) {
	if w.recorder != nil {
		if err := w.saveRecording(); err != nil {
			w.notify(err.Error())
		}
		return
	}
	fw, fh := w.win.GetFramebufferSize()
	r, err := newRecorder(name, false, w.opt.Duration, w.mode.state().Dt, fw, fh, w.opt.GIFWidth)
	if err != nil {
		w.notify(err.Error())
		return
	}
	w.recorder = r
}

// saveRecording writes the recording under way and says so.
func (w *window) saveRecording() error {
	r := w.recorder
	w.recorder = nil
	if err := r.finish(); err != nil {
		return fmt.Errorf("saving %s: %w", r.path, err)
	}
	w.notify(fmt.Sprintf("saved %s: %s, %.2f s", r.path, plural.Count(r.taken, "frame", "frames"), float64(r.taken)*r.interval))
	if fi, err := os.Stat(r.path); err == nil && r.gif && fi.Size() > postableGIF {
		w.notify(fmt.Sprintf("%s is %.1f MB, more than the %d MB many sites take: a smaller --gif-width or a shorter --duration makes it smaller",
			r.path, float64(fi.Size())/(1<<20), postableGIF>>20))
	}
	return nil
}

// postableGIF is the size of GIF many sites take, bytes: the default --gif-width keeps a few
// seconds of a scene under it, even with the camera moving (--follow).
const postableGIF = 6 << 20
