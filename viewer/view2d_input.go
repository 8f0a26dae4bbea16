package viewer

import (
	"fmt"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
)

func (v *view2D) listen() {
	v.win.SetKeyCallback(v.onKey)
	v.win.SetMouseButtonCallback(v.onButton)
	v.win.SetCursorPosCallback(v.onCursor)
	v.win.SetScrollCallback(func(w *glfw.Window, _, dy float64) {
		ww, wh := w.GetSize()
		v.cam.zoom(dy, v.cursorX, v.cursorY, float64(ww), float64(wh))
	})
}

func (v *view2D) onKey(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, _ glfw.ModifierKey) {
	if action == glfw.Release {
		return
	}
	s := v.sim
	switch key {
	case glfw.KeyEscape:
		v.win.SetShouldClose(true)
	case glfw.KeySpace:
		s.paused = !s.paused
	case glfw.KeyN:
		s.paused, s.once = true, true
	case glfw.KeyR:
		v.err = s.reset()
	case glfw.KeyC:
		v.showContacts = !v.showContacts
	case glfw.KeyH:
		v.showHelp = !v.showHelp
	case glfw.KeyP:
		v.screenshot(time.Now().Format("tumble-20060102-150405.png"))
	}
}

// onButton holds the free body under the cursor on a left press (else pans), pans on the
// other buttons, and lets go on release.
func (v *view2D) onButton(w *glfw.Window, button glfw.MouseButton, action glfw.Action, _ glfw.ModifierKey) {
	s := v.sim
	if action == glfw.Release {
		if p := s.pull; p != nil && button == glfw.MouseButtonLeft {
			b := &s.sys.Bodies[p.Body]
			fmt.Fprintf(v.opt.Log, "release body %d at step %d, velocity %.3f m/s\n", p.Body, s.sys.Steps, b.V.Len())
			s.hold(nil)
		}
		v.panning = false
		return
	}
	if button == glfw.MouseButtonLeft {
		ww, wh := w.GetSize()
		at := v.cam.toWorld(v.cursorX, v.cursorY, float64(ww), float64(wh))
		if p, ok := pick2D(s.sys.Bodies, at, s.sys.Dt); ok {
			s.hold(&p)
			fmt.Fprintf(v.opt.Log, "pick body %d at step %d, point %.3f %.3f\n", p.Body, s.sys.Steps, at[0], at[1])
			return
		}
	}
	v.panning = true
}

func (v *view2D) onCursor(w *glfw.Window, x, y float64) {
	dx, dy := x-v.cursorX, y-v.cursorY
	v.cursorX, v.cursorY = x, y
	ww, wh := w.GetSize()
	switch {
	case v.sim.pull != nil:
		v.sim.pull.Target = v.cam.toWorld(x, y, float64(ww), float64(wh))
	case v.panning:
		v.cam.pan(dx, dy, float64(wh))
	}
}
