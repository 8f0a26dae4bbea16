package viewer

import (
	"fmt"

	"github.com/go-gl/glfw/v3.3/glfw"
)

func (v *view2D) key(key glfw.Key, _ glfw.ModifierKey) {
	s := v.sim
	switch key {
	case glfw.KeySpace:
		s.resume()
	case glfw.KeyN:
		s.paused, s.once = true, true
	case glfw.KeyR:
		v.err = s.reset()
	case glfw.KeyC:
		v.showContacts = !v.showContacts
	}
}

// drop opens an OBJ file dropped on a 2D scene as tumble view opens one: in 3D, above a
// floor. A 2D scene has no place for a mesh.
func (v *view2D) drop(path string) { v.w.open(path) }

// button holds the free body under the cursor on a left press (else pans), pans on the
// other buttons, and lets go on release.
func (v *view2D) button(e buttonEvent) {
	s := v.sim
	if e.action == glfw.Release {
		if p := s.pull; p != nil && e.button == glfw.MouseButtonLeft {
			b := &s.sys.Bodies[p.Body]
			fmt.Fprintf(v.w.opt.Log, "release body %d at step %d, velocity %.3f m/s\n", p.Body, s.sys.Steps, b.V.Len())
			s.hold(nil)
		}
		v.panning = false
		return
	}
	if e.button == glfw.MouseButtonLeft {
		ww, wh := v.w.win.GetSize()
		at := v.cam.toWorld(e.x, e.y, float64(ww), float64(wh))
		if p, ok := pick2D(s.sys.Bodies, at, s.sys.Dt); ok {
			s.hold(&p)
			fmt.Fprintf(v.w.opt.Log, "pick body %d at step %d, point %.3f %.3f\n", p.Body, s.sys.Steps, at[0], at[1])
			return
		}
	}
	v.panning = true
}

func (v *view2D) cursor(x, y, dx, dy float64) {
	ww, wh := v.w.win.GetSize()
	switch {
	case v.sim.pull != nil:
		v.sim.pull.Target = v.cam.toWorld(x, y, float64(ww), float64(wh))
	case v.panning:
		v.cam.pan(dx, dy, float64(wh))
	}
}

// scroll zooms about the cursor.
func (v *view2D) scroll(dy, x, y float64) {
	ww, wh := v.w.win.GetSize()
	v.cam.zoom(dy, x, y, float64(ww), float64(wh))
}
