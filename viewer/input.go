package viewer

import (
	"fmt"
	"math"
	"strings"
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
	a.win.SetDropCallback(func(_ *glfw.Window, names []string) {
		for _, n := range names {
			if strings.HasSuffix(strings.ToLower(n), ".obj") {
				a.addOBJ(n)
			}
		}
	})
}

func (a *app) onKey(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, mods glfw.ModifierKey) {
	if action == glfw.Release {
		return
	}
	w := a.setup.World
	switch {
	case key == glfw.KeyEscape:
		a.win.SetShouldClose(true)
	case key == glfw.KeySpace:
		a.paused = !a.paused
	case key == glfw.KeyN:
		a.paused, a.stepOnce = true, true
	case key == glfw.KeyR:
		a.open(a.setup.Source)
	case key >= glfw.Key1 && key <= glfw.Key9:
		if i := int(key - glfw.Key1); i < len(a.opt.Scenes) {
			a.open(a.opt.Scenes[i])
			a.frameCamera()
		}
	case key == glfw.KeyKPAdd || key == glfw.KeyEqual:
		w.Iterations++
	case key == glfw.KeyKPSubtract || key == glfw.KeyMinus:
		w.Iterations = max(w.Iterations-1, 1)
	case key == glfw.KeyC:
		a.showContacts = !a.showContacts
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

// open replaces the scene with the named one, keeping the old scene if it fails to load.
func (a *app) open(name string) {
	s, err := a.opt.Open(name)
	if err != nil {
		fmt.Fprintf(a.opt.Log, "open %s: %v\n", name, err)
		return
	}
	a.show(s)
}

func (a *app) onButton(win *glfw.Window, button glfw.MouseButton, action glfw.Action, mods glfw.ModifierKey) {
	if action == glfw.Release {
		if a.grab != nil && button == glfw.MouseButtonLeft {
			b := a.setup.World.Bodies[a.grab.Body]
			fmt.Fprintf(a.opt.Log, "release body %d at step %d, velocity %.3f m/s\n", a.grab.Body, a.setup.World.Steps, b.V.Len())
			a.grab = nil
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

// pick grabs the movable body whose surface is nearest under the cursor.
func (a *app) pick() bool {
	ww, wh := a.win.GetSize()
	ray := a.cam.Ray(a.cursorX, a.cursorY, float64(ww), float64(wh))
	best, bestT := -1, math.Inf(1)
	var bestLocal = ray.Origin
	for i, b := range a.setup.World.Bodies {
		if b.Fixed {
			continue
		}
		if t, local, hit := ray.MeshHit(b.Mesh.Vertices, b.Mesh.Triangles, a.radius[i], b.R, b.P); hit && t < bestT {
			best, bestT, bestLocal = i, t, local
		}
	}
	if best < 0 {
		return false
	}
	g := NewGrab(best, ray.At(bestT), bestLocal, a.cam.Forward())
	a.grab = &g
	fmt.Fprintf(a.opt.Log, "pick body %d at step %d, point %.3f %.3f %.3f\n", best, a.setup.World.Steps, g.Target[0], g.Target[1], g.Target[2])
	return true
}

func (a *app) onCursor(win *glfw.Window, x, y float64) {
	dx, dy := x-a.cursorX, y-a.cursorY
	a.cursorX, a.cursorY = x, y
	ww, wh := win.GetSize()
	switch {
	case a.grab != nil:
		a.grab.Follow(a.cam.Ray(x, y, float64(ww), float64(wh)))
	case a.panning:
		a.cam.Pan(dx, dy, float64(wh))
	case a.orbiting:
		a.cam.Orbit(dx, dy)
	}
}
