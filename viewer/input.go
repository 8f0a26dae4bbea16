package viewer

import (
	"fmt"
	"math"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// Help lists the viewer's mouse buttons and keys.
const Help = `mouse: left-drag a body to fling it (left-drag on empty space orbits)
       right-drag orbits, middle- or shift-drag pans, wheel zooms
keys:  space pause/resume   n single step   r reset   1-9 built-in scenes
       + / - solver iterations   c contacts   w wireframe   p screenshot (PNG)
       h help   Esc quit   drop an OBJ file on the window to add it`

func (a *app) listen() {
	a.win.SetKeyCallback(a.onKey)
	a.win.SetMouseButtonCallback(a.onButton)
	a.win.SetCursorPosCallback(a.onCursor)
	a.win.SetScrollCallback(func(_ *glfw.Window, _, dy float64) { a.cam.Zoom(dy) })
	a.win.SetDropCallback(func(_ *glfw.Window, names []string) { a.sim.dropFiles(names) })
}

func (a *app) onKey(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, mods glfw.ModifierKey) {
	if action == glfw.Release {
		return
	}
	switch {
	case key == glfw.KeyEscape:
		a.win.SetShouldClose(true)
	case key == glfw.KeySpace:
		a.sim.do(togglePause)
	case key == glfw.KeyN:
		a.sim.do(stepOnce)
	case key == glfw.KeyR:
		a.sim.do(reset)
	case key >= glfw.Key1 && key <= glfw.Key9:
		if i := int(key - glfw.Key1); i < len(a.opt.Scenes) {
			a.sim.do(openScene(a.opt.Scenes[i]))
			a.reframe = true
		}
	case key == glfw.KeyKPAdd || key == glfw.KeyEqual:
		a.sim.do(addIterations(1))
	case key == glfw.KeyKPSubtract || key == glfw.KeyMinus:
		a.sim.do(addIterations(-1))
	case key == glfw.KeyC:
		a.sim.do(toggleContacts)
	case key == glfw.KeyW:
		a.r.Wireframe = !a.r.Wireframe
	case key == glfw.KeyP:
		name := time.Now().Format("tumble-20060102-150405.png")
		fw, fh := a.win.GetFramebufferSize()
		if err := savePNG(name, fw, fh); err != nil {
			fmt.Fprintln(a.opt.Log, err)
		} else {
			fmt.Fprintf(a.opt.Log, "screenshot %s\n", name)
		}
	case key == glfw.KeyH:
		a.showHelp = !a.showHelp
	}
}

func (a *app) onButton(win *glfw.Window, button glfw.MouseButton, action glfw.Action, mods glfw.ModifierKey) {
	if action == glfw.Release {
		if a.grab != nil && button == glfw.MouseButtonLeft {
			a.grab = nil
			a.sendGrab()
		}
		a.orbiting, a.panning = false, false
		return
	}
	shift := mods&glfw.ModShift != 0
	switch {
	case button == glfw.MouseButtonMiddle || shift:
		a.panning = true
	case button == glfw.MouseButtonRight:
		a.orbiting = true
	case button == glfw.MouseButtonLeft:
		if !a.pick() {
			a.orbiting = true
		}
	}
}

// pick grabs the movable body whose surface is nearest under the cursor, as the body is
// drawn: at its pose in the snapshot on screen.
func (a *app) pick() bool {
	s := a.snap
	ww, wh := a.win.GetSize()
	ray := a.cam.Ray(a.cursorX, a.cursorY, float64(ww), float64(wh))
	best, bestT := -1, math.Inf(1)
	var bestLocal = ray.Origin
	for i, m := range s.Meshes {
		if s.Fixed[i] || i >= len(a.radius) {
			continue
		}
		if t, local, hit := ray.MeshHit(m.Vertices, m.Triangles, a.radius[i], s.R[i], s.P[i]); hit && t < bestT {
			best, bestT, bestLocal = i, t, local
		}
	}
	if best < 0 {
		return false
	}
	g := NewGrab(best, ray.At(bestT), bestLocal, a.cam.Forward())
	a.grab = &g
	a.sendGrab()
	fmt.Fprintf(a.opt.Log, "pick body %d at step %d, point %.3f %.3f %.3f\n", best, s.Steps, g.Target[0], g.Target[1], g.Target[2])
	return true
}

// sendGrab hands the simulation a copy of the grab (nil: released). Cursor moves send it
// once a frame, not once an event.
func (a *app) sendGrab() {
	var g *Grab
	if a.grab != nil {
		c := *a.grab
		g = &c
	}
	a.sim.do(hold(g, a.scene))
	a.grabMoved = false
}

func (a *app) onCursor(win *glfw.Window, x, y float64) {
	dx, dy := x-a.cursorX, y-a.cursorY
	a.cursorX, a.cursorY = x, y
	ww, wh := win.GetSize()
	switch {
	case a.grab != nil:
		a.grab.Follow(a.cam.Ray(x, y, float64(ww), float64(wh)))
		a.grabMoved = true
	case a.panning:
		a.cam.Pan(dx, dy, float64(wh))
	case a.orbiting:
		a.cam.Orbit(dx, dy)
	}
}
