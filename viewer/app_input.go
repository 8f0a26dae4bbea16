package viewer

import (
	"fmt"
	"math"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl64"
)

// Help lists the mouse buttons and keys of a 3D scene's window.
const Help = `mouse: click a body to inspect it, left-drag it to fling it
       left-drag on empty space or right-drag orbits
       middle- or shift-drag pans, wheel zooms
` + helpScenes + `
       r reload the scene from its file   f frame all bodies
run:   space pause/resume   n single step   s settings panel
       + / - solver sweeps   , / . time scale   g gravity on/off
look:  c all contacts   w wireframe   h this help   esc quit
` + helpSave + `
drop:  an obj file on the window adds it where you look,
       [ / ] halve/double the last one; an xml file opens it`

// clickSlop is how far (pixels) the cursor may move between press and release for a click,
// which selects, rather than a drag, which flings or orbits.
const clickSlop = 4

func (a *app) key(key glfw.Key, _ glfw.ModifierKey) {
	switch {
	case key == glfw.KeySpace:
		a.sim.do(togglePause)
	case key == glfw.KeyN:
		a.sim.do(stepOnce)
	case key == glfw.KeyR:
		a.sim.do(reset)
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
	case key == glfw.KeyLeftBracket:
		a.sim.do(rescaleDrop(0.5))
	case key == glfw.KeyRightBracket:
		a.sim.do(rescaleDrop(2))
	}
}

// drop adds the OBJ file at path where the camera looks.
func (a *app) drop(path string) {
	a.sim.do(dropOBJ(path, Drop{Scale: a.w.opt.DropScale, X: a.cam.Target[0], Z: a.cam.Target[2]}))
}

// button acts on one button event: a pick, a selection, or the start or end of an orbit or a
// pan.
func (a *app) button(e buttonEvent) {
	x, y := e.x, e.y
	if e.action == glfw.Release {
		if e.button == glfw.MouseButtonLeft && math.Hypot(x-a.pressX, y-a.pressY) <= clickSlop {
			a.selectAt(x, y)
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

// bodyAt returns the body whose surface is nearest under the cursor, as the body is drawn:
// at its pose in the snapshot on screen (−1: none), where the ray hits it, world and body
// frame.
func (a *app) bodyAt(x, y float64) (i int, hit, local mgl64.Vec3) {
	s := a.snap
	ww, wh := a.w.win.GetSize()
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
	fmt.Fprintf(a.w.opt.Log, "pick body %d at step %d, point %.3f %.3f %.3f\n", i, a.snap.Steps, g.Target[0], g.Target[1], g.Target[2])
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

func (a *app) cursor(x, y, dx, dy float64) {
	ww, wh := a.w.win.GetSize()
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

func (a *app) scroll(dy, _, _ float64) { a.cam.Zoom(dy) }
