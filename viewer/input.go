package viewer

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"
)

// Help lists the viewer's mouse buttons and keys.
const Help = `mouse: click a body to inspect it, left-drag it to fling it
       left-drag on empty space or right-drag orbits
       middle- or shift-drag pans, wheel zooms
scene: tab scene browser (up/down, enter, click)
       left/right previous/next scene   1-9 the first nine
       r reload the scene from its file   f frame all bodies
run:   space pause/resume   n single step   s settings panel
       + / - solver sweeps   , / . time scale   g gravity on/off
look:  c all contacts   w wireframe   h this help   esc quit
save:  p screenshot (png)   v record the next seconds (gif)
drop:  an obj file on the window adds it where you look,
       [ / ] halve/double the last one; an xml file opens it`

// clickSlop is how far (pixels) the cursor may move between press and release for a click,
// which selects, rather than a drag, which flings or orbits.
const clickSlop = 4

func (a *app) listen() {
	a.win.SetKeyCallback(a.onKey)
	a.win.SetMouseButtonCallback(a.onButton)
	a.win.SetCursorPosCallback(a.onCursor)
	a.win.SetScrollCallback(func(_ *glfw.Window, _, dy float64) { a.cam.Zoom(dy) })
	a.win.SetDropCallback(func(_ *glfw.Window, names []string) { a.drop(names) })
}

func (a *app) onKey(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, mods glfw.ModifierKey) {
	if action == glfw.Release {
		return
	}
	if a.browser.shown && a.browserKey(key) {
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
	case key == glfw.KeyTab:
		a.browser.shown = !a.browser.shown
	case key == glfw.KeyLeft || key == glfw.KeyRight:
		d := 1
		if key == glfw.KeyLeft {
			d = -1
		}
		a.openEntry(a.browser.step(a.snap.Source, d).source)
	case key >= glfw.Key1 && key <= glfw.Key9:
		if i := int(key - glfw.Key1); i < len(a.browser.entries) {
			a.openEntry(a.browser.entries[i].source)
		}
	case key == glfw.KeyF:
		a.refocus = true
	case key == glfw.KeyS:
		a.showPanel = !a.showPanel
	case key == glfw.KeyKPAdd || key == glfw.KeyEqual:
		a.sim.do(setParams("sweeps +1", func(p *params) { p.Iterations++ }))
	case key == glfw.KeyKPSubtract || key == glfw.KeyMinus:
		a.sim.do(setParams("sweeps -1", func(p *params) { p.Iterations-- }))
	case key == glfw.KeyComma:
		a.sim.do(stepTimeScale(-1))
	case key == glfw.KeyPeriod:
		a.sim.do(stepTimeScale(1))
	case key == glfw.KeyG:
		a.sim.do(toggleGravity)
	case key == glfw.KeyC:
		a.sim.do(toggleContacts)
	case key == glfw.KeyW:
		a.r.Wireframe = !a.r.Wireframe
	case key == glfw.KeyP:
		a.screenshot(time.Now().Format("tumble-20060102-150405.png"))
	case key == glfw.KeyV:
		a.toggleRecording(time.Now().Format("tumble-20060102-150405.gif"))
	case key == glfw.KeyLeftBracket:
		a.sim.do(rescaleDrop(0.5))
	case key == glfw.KeyRightBracket:
		a.sim.do(rescaleDrop(2))
	case key == glfw.KeyH:
		a.showHelp = !a.showHelp
	}
}

// browserKey moves the browser's cursor and opens or closes it; it reports whether key was
// the browser's.
func (a *app) browserKey(key glfw.Key) bool {
	b := a.browser
	switch key {
	case glfw.KeyUp:
		b.cursor = max(b.cursor-1, 0)
	case glfw.KeyDown:
		b.cursor = min(b.cursor+1, len(b.entries)-1)
	case glfw.KeyPageUp:
		b.cursor = max(b.cursor-10, 0)
	case glfw.KeyPageDown:
		b.cursor = min(b.cursor+10, len(b.entries)-1)
	case glfw.KeyEnter, glfw.KeyKPEnter:
		a.openEntry(b.entries[b.cursor].source)
	case glfw.KeyEscape:
		b.shown = false
	default:
		return false
	}
	return true
}

// drop adds the OBJ files dropped on the window where the camera looks, and opens a scene
// file dropped, listing it in the browser.
func (a *app) drop(names []string) {
	for _, n := range names {
		switch strings.ToLower(filepath.Ext(n)) {
		case ".obj":
			a.sim.do(dropOBJ(n, Drop{Scale: a.opt.DropScale, X: a.cam.Target[0], Z: a.cam.Target[2]}))
		case ".xml":
			a.browser.add(n)
			a.openEntry(n)
		}
	}
}

// buttonEvent is a mouse button pressed or released, with the cursor where it was then.
type buttonEvent struct {
	button glfw.MouseButton
	action glfw.Action
	mods   glfw.ModifierKey
	x, y   float64
}

// onButton queues the event for handleButtons: the widgets a press may hit are those of the
// frame drawn after it (a key that opens a panel and a click on it may come in one batch of
// events), as in any immediate-mode interface.
func (a *app) onButton(_ *glfw.Window, button glfw.MouseButton, action glfw.Action, mods glfw.ModifierKey) {
	a.buttons = append(a.buttons, buttonEvent{button, action, mods, a.cursorX, a.cursorY})
}

// handleButtons acts on the button events queued since the last frame, in order.
func (a *app) handleButtons() {
	for _, e := range a.buttons {
		a.button(e)
	}
	a.buttons = a.buttons[:0]
}

// button acts on one button event: a widget's press, a pick, a selection, or the start or
// end of an orbit or a pan.
func (a *app) button(e buttonEvent) {
	x, y := e.x, e.y
	if e.action == glfw.Release {
		if e.button == glfw.MouseButtonLeft {
			if a.ui.held != nil {
				a.ui.release()
				return
			}
			if math.Hypot(x-a.pressX, y-a.pressY) <= clickSlop {
				a.selectAt(x, y)
			}
		}
		if a.grab != nil && e.button == glfw.MouseButtonLeft {
			a.grab = nil
			a.sendGrab()
		}
		a.orbiting, a.panning = false, false
		return
	}
	if e.button == glfw.MouseButtonLeft {
		a.pressX, a.pressY = x, y
		sx, sy := a.toFramebuffer(x, y)
		if a.ui.press(sx, sy) {
			return
		}
	}
	shift := e.mods&glfw.ModShift != 0
	switch {
	case e.button == glfw.MouseButtonMiddle || shift:
		a.panning = true
	case e.button == glfw.MouseButtonRight:
		a.orbiting = true
	case e.button == glfw.MouseButtonLeft:
		if i, hit, local := a.bodyAt(x, y); i >= 0 && !a.snap.Fixed[i] {
			a.hold(i, hit, local)
		} else {
			a.orbiting = true
		}
	}
}

// toFramebuffer converts window coordinates (the cursor's) to framebuffer pixels (the HUD's).
func (a *app) toFramebuffer(x, y float64) (float32, float32) {
	ww, wh := a.win.GetSize()
	fw, fh := a.win.GetFramebufferSize()
	return float32(x * float64(fw) / float64(ww)), float32(y * float64(fh) / float64(wh))
}

// bodyAt returns the body whose surface is nearest under the cursor, as the body is drawn:
// at its pose in the snapshot on screen (−1: none), where the ray hits it, world and body
// frame.
func (a *app) bodyAt(x, y float64) (i int, hit, local mgl64.Vec3) {
	s := a.snap
	ww, wh := a.win.GetSize()
	ray := a.cam.Ray(x, y, float64(ww), float64(wh))
	best, bestT := -1, math.Inf(1)
	var bestLocal mgl64.Vec3
	for i, m := range s.Meshes {
		if i >= len(a.radius) {
			continue
		}
		if t, local, ok := ray.MeshHit(m.Vertices, m.Triangles, a.radius[i], s.R[i], s.P[i]); ok && t < bestT {
			best, bestT, bestLocal = i, t, local
		}
	}
	return best, ray.At(bestT), bestLocal
}

// hold grabs body i at the world point hit (local in its frame).
func (a *app) hold(i int, hit, local mgl64.Vec3) {
	g := NewGrab(i, hit, local, a.cam.Forward())
	a.grab = &g
	a.sendGrab()
	fmt.Fprintf(a.opt.Log, "pick body %d at step %d, point %.3f %.3f %.3f\n", i, a.snap.Steps, g.Target[0], g.Target[1], g.Target[2])
}

// selectAt inspects the body under the cursor, or none.
func (a *app) selectAt(x, y float64) {
	i, _, _ := a.bodyAt(x, y)
	a.sim.do(selectBody(i, a.scene))
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
	case a.ui.held != nil:
		sx, _ := a.toFramebuffer(x, y)
		a.ui.move(sx)
	case a.grab != nil:
		a.grab.Follow(a.cam.Ray(x, y, float64(ww), float64(wh)))
		a.grabMoved = true
	case a.panning:
		a.cam.Pan(dx, dy, float64(wh))
	case a.orbiting:
		a.cam.Orbit(dx, dy)
	}
}
