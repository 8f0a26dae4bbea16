package viewer

import (
	"fmt"
	"image/color"
	"sync"
	"time"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/body/planar/render"
)

// Help2D lists the mouse buttons and keys of a 2D scene's window.
const Help2D = `mouse: left-drag a free body: pull it (a force from outside)
       drag elsewhere: pan   wheel: zoom at the cursor
` + helpScenes + `
       r reset (reads the scene again)
run:   space pause/resume (at the scene's end: run on past it)   n single step
look:  c contacts and impulses   h this help   esc quit
` + helpSave + `
drop:  an xml file opens it, an obj file opens it in 3D`

// pullColor is the mouse's spring: dark orange, apart from the default bodies and contacts.
var pullColor = color.RGBA{230, 120, 0, 255}

// view2D is the window's 2D mode, showing a FOSSSim scene: an orthographic view of the
// bodies as tumble 2d render draws them, the scene running at its own time step on the
// window's thread.
type view2D struct {
	w      *window
	shapes *shapes2D
	sim    *sim2D
	cam    camera2D
	style  render.Style
	styled *fosssim.Scene // the scene style belongs to
	poly   []mgl64.Vec2   // scratch: a body's world vertices

	showContacts bool
	impulses     []string    // the contacts' impulses drawn this frame, for the HUD (c)
	spots        []labelSpot // scratch: where the contacts' numbers go
	panning      bool
	err          error // ends the run (Options.AfterStep2D's, on a reset or an open)

	status     []string // the statistics lines shown on screen
	titleFrame int
	titleTime  time.Time
}

// newView2D starts the 2D mode in w on scene, read from path.
func newView2D(w *window, path string, scene *fosssim.Scene) (*view2D, error) {
	if w.shapes == nil {
		s, err := newShapes2D()
		if err != nil {
			return nil, err
		}
		w.shapes = s
	}
	s, err := newSim2D(path, scene, &w.opt, w.started)
	if err != nil {
		return nil, err
	}
	v := &view2D{w: w, shapes: w.shapes, sim: s, titleFrame: w.frames, titleTime: time.Now()}
	v.fit()
	return v, nil
}

// fit frames the scene as tumble 2d render does.
func (v *view2D) fit() {
	fw, fh := v.w.win.GetFramebufferSize()
	v.cam = fitCamera2D(v.sim.scene, v.sim.sys.Bodies, float64(fw)/float64(max(fh, 1)))
}

func (v *view2D) state() modeState {
	s := v.sim
	return modeState{Source: s.path, Time: s.sys.Time(), Dt: s.sys.Dt, Halt: s.err, Done: s.atEnd && s.paused,
		Steps: s.steps, StepTime: s.stepTime, Help: Help2D}
}

func (v *view2D) open(source string) {
	scene, err := v.w.opt.Open2D(source)
	if err == nil {
		err = v.sim.open(source, scene)
	}
	if err != nil {
		v.w.notify(fmt.Sprintf("open %s: %v", source, err))
		return
	}
	v.err = v.sim.observe()
	v.fit()
	v.status = nil // the new scene's name at once
}

func (v *view2D) update(elapsed float64, last bool) (bool, error) {
	if v.err != nil {
		return false, v.err
	}
	steps := 0 // on the wall clock
	if v.w.opt.Frames > 0 {
		steps = v.w.steps()
	}
	if err := v.sim.frame(elapsed, steps); err != nil {
		return false, err
	}
	v.updateTitle(last)
	return true, nil
}

// noTurn is the turn of a simulation on the window's own thread: nothing to wait for.
type noTurn struct{}

func (noTurn) Lock()   {}
func (noTurn) Unlock() {}

func (v *view2D) turn() sync.Locker { return noTurn{} }

func (v *view2D) close() {}

// draw draws the bodies in their colours, the springs, the contacts if shown and the mouse's
// spring.
func (v *view2D) draw(fw, fh int) {
	s := v.sim
	bodies := s.sys.Bodies
	if v.styled != s.scene {
		v.style, v.styled = render.StyleOf(s.scene), s.scene
	}
	if v.w.opt.Follow && s.err == nil { // a state that is not finite has no frame
		v.cam = followCamera2D(s.scene, bodies, float64(fw)/float64(fh))
	}
	bg := v.style.Background
	gl.Viewport(0, 0, int32(fw), int32(fh))
	gl.ClearColor(float32(bg.R)/255, float32(bg.G)/255, float32(bg.B)/255, 1)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
	v.shapes.begin(v.cam, fh)
	for i := range bodies {
		b := &bodies[i]
		r := b.Rotation()
		v.poly = v.poly[:0]
		for k := range b.Vertices {
			v.poly = append(v.poly, b.WorldVertex(r, k))
		}
		v.shapes.body(v.poly, b.Radius, v.style.Bodies[i], b.Fixed)
	}
	for i, sp := range s.scene.Springs() {
		a, b := sp.Ends(bodies)
		v.shapes.segment(a, b, render.SpringWidth, v.style.Springs[i])
	}
	v.impulses = nil
	if v.showContacts {
		v.impulses = v.drawContacts(fw, fh)
	}
	if p := s.pull; p != nil {
		from, to := p.ends(bodies)
		v.shapes.segment(from, to, 1, pullColor)
		v.shapes.dot(to, 3, pullColor)
	}
	v.shapes.draw(fw, fh)
}

// hud queues the run's statistics, why it stopped, and the contacts' impulses at the top
// right.
func (v *view2D) hud(fw, fh int) (top, bottom float32) {
	h, scale := v.w.hud, v.w.ui.scale
	top = h.panel(12, 12, v.status, scale, mgl32.Vec4{1, 1, 1, 1})
	if err := v.sim.err; err != nil {
		top = h.stopped(top, fw, scale, err)
	}
	if v.impulses != nil {
		width, _ := panelSize(v.impulses, scale)
		h.panel(float32(fw)-width-12, 12, v.impulses, scale, labelColor)
	}
	return top, float32(fh) - 12
}

// maxImpulseLines is how many contacts the impulse panel lists.
const maxImpulseLines = 24

// drawContacts draws the contacts of the last step as tumble 2d render --contacts does, a dot
// at each contact's midpoint with its normal, numbered as tumble 2d run --dump numbers them
// (N's column order), and returns the panel listing their impulses λ.
func (v *view2D) drawContacts(fw, fh int) []string {
	r := v.sim.response
	if r == nil {
		return []string{"no collision handling: no contacts"}
	}
	bodies := v.sim.sys.Bodies
	impulses := r.Impulses()
	length := render.NormalLength(v.cam.Half)
	scale := v.w.ui.scale
	lines := []string{"contact  λ (N s)"}
	contacts := r.Contacts()
	v.spots = v.spots[:0]
	for k, c := range contacts {
		p := c.Midpoint(bodies)
		v.shapes.segment(p, p.Add(c.N.Mul(length)), render.MarkWidth, render.MarkColor)
		v.shapes.dot(p, render.MarkDot, render.MarkColor)
		// The number sits behind the contact, seen from its normal, clear of the normal,
		// unless another number is there already.
		w, h := panelSize([]string{fmt.Sprint(k)}, scale)
		x, y := v.cam.toPixel(p, float64(fw), float64(fh))
		v.spots = append(v.spots, labelSpot{x: x, y: y, dx: -c.N[0], dy: c.N[1], w: float64(w) + 2*panelPad, h: float64(h) + 2*panelPad})
	}
	for k, at := range placeLabels(v.spots) {
		v.w.hud.panel(float32(at[0])+panelPad, float32(at[1])+panelPad, []string{fmt.Sprint(k)}, scale, labelColor)
	}
	for k := range contacts {
		if k < maxImpulseLines {
			lines = append(lines, fmt.Sprintf("%7d  %.6g", k, shown(impulses[k])))
		} else if k == maxImpulseLines {
			lines = append(lines, fmt.Sprintf("and %d more", len(impulses)-k))
		}
	}
	if len(lines) == 1 {
		return []string{"no contacts in the last step"}
	}
	return lines
}

// labelColor is the contacts' text: a light red.
var labelColor = mgl32.Vec4{1, 0.8, 0.8, 1}
