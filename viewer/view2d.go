package viewer

import (
	"errors"
	"fmt"
	"image/color"
	"strings"
	"time"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"tumble/body/planar/fosssim"
	"tumble/body/planar/render"
)

// Help2D lists the mouse buttons and keys of a 2D scene's window.
const Help2D = `mouse: left-drag a free body: pull it (a force from outside)
       drag elsewhere: pan   wheel: zoom at the cursor
keys:  space pause   n single step   r reset (reads the file)
       c contacts and impulses   p screenshot   h help   Esc quit`

// errNoWindow2D is errNoWindow for a 2D scene, whose headless command is tumble 2d run.
var errNoWindow2D = errors.New("tumble view needs a display (X11); run `tumble 2d run SCENE` to simulate a 2D scene headless, or start one with Xvfb")

// pullColor is the mouse's spring: dark orange, apart from the default bodies and contacts.
var pullColor = color.RGBA{230, 120, 0, 255}

// view2D is the window showing a FOSSSim 2D scene: an orthographic view of the bodies as
// tumble 2d render draws them, the scene running at its own time step.
type view2D struct {
	opt    Options
	win    *glfw.Window
	hud    *hud
	shapes *shapes2D
	sim    *sim2D
	cam    camera2D
	style  render.Style
	styled *fosssim.Scene // the scene style belongs to
	poly   []mgl64.Vec2   // scratch: a body's world vertices

	ui                     ui // the HUD's text size
	showContacts, showHelp bool
	cursorX, cursorY       float64 // window coordinates
	panning                bool
	err                    error // ends the run (afterStep's, on a reset)

	frameClock // frames counted, paced and saved
	status     []string
	titleFrame int
	titleTime  time.Time
}

// Run2D opens the window on the FOSSSim 2D scene file Options.First (fosssim.IsScene tells
// one from a 3D scene) and runs it until the window is closed, Esc is pressed or
// Options.Frames have been drawn: the scene's own integrator, forces and contact response
// through the code tumble 2d run steps it with, drawn as tumble 2d render draws it. Options'
// window fields apply as to Run, and AfterStep2D in place of AfterStep; Open, Scenes and
// DropScale do not, and a Movie is an error (tumble 2d render animates a 2D scene). A scene
// that cannot be read is an error before any window opens.
func Run2D(opt Options) error {
	if opt.Movie != "" {
		return fmt.Errorf("%s: --gif and --mp4 record 3D scenes; tumble 2d render %s --out FILE.gif animates a 2D scene", opt.Movie, opt.First)
	}
	opt.fill()
	s, err := newSim2D(opt.First, opt.AfterStep2D, opt.Log)
	if err != nil {
		return err
	}
	win, h, err := openScreen(&opt)
	if errors.Is(err, errNoWindow) { // the cause, then the 2D mode's advice
		return fmt.Errorf("%s%w", strings.TrimSuffix(err.Error(), errNoWindow.Error()), errNoWindow2D)
	}
	if err != nil {
		return err
	}
	defer glfw.Terminate()
	shapes, err := newShapes2D()
	if err != nil {
		return err
	}
	v := &view2D{opt: opt, win: win, hud: h, shapes: shapes, sim: s,
		cam: fitCamera2D(s.scene, s.sys.Bodies, float64(opt.Width)/float64(opt.Height))}
	v.frameClock.opt = &v.opt
	v.listen()
	return v.loop()
}

func (v *view2D) loop() error {
	v.titleTime = time.Now()
	last := time.Now() // when the last frame began
	for !v.win.ShouldClose() {
		v.begin()
		glfw.PollEvents()
		if v.err != nil {
			return v.err
		}
		if err := v.sim.frame(v.start.Sub(last).Seconds(), v.opt.Frames > 0); err != nil {
			return err
		}
		last = v.start
		lastFrame := v.last()
		v.updateTitle(lastFrame)
		if err := v.render(); err != nil {
			return err
		}
		v.win.SwapBuffers()
		v.shown()
		if lastFrame {
			break
		}
		v.pace()
	}
	v.report(&Snapshot{TotalSteps: v.sim.steps, StepTime: v.sim.stepTime, Time: v.sim.sys.Time()})
	return v.sim.err // a run that ended stopped on a failed step did not succeed
}

// render draws the frame: the bodies in their colours, the springs, the contacts if shown,
// the mouse's spring, then the HUD; and saves it when asked to.
func (v *view2D) render() error {
	s := v.sim
	bodies := s.sys.Bodies
	if v.styled != s.scene {
		v.style, v.styled = render.StyleOf(s.scene), s.scene
	}
	fw, fh := v.win.GetFramebufferSize()
	if v.opt.Follow {
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
	v.ui.begin(fh) // the HUD's text size for this window
	var impulses []string
	if v.showContacts {
		impulses = v.drawContacts(fw, fh)
	}
	if p := s.pull; p != nil {
		from, to := p.ends(bodies)
		v.shapes.segment(from, to, 1, pullColor)
		v.shapes.dot(to, 3, pullColor)
	}
	v.shapes.draw(fw, fh)
	// The HUD, top left down: the run, why it stopped, the impulses, the help.
	y := v.hud.panel(12, 12, v.status, v.ui.scale, mgl32.Vec4{1, 1, 1, 1})
	if err := s.err; err != nil {
		y = v.hud.stopped(y, fw, v.ui.scale, err)
	}
	if impulses != nil {
		y = v.hud.panel(12, y+18, impulses, v.ui.scale, labelColor)
	}
	if v.showHelp {
		v.hud.panel(12, y+18, strings.Split(Help2D, "\n"), v.ui.scale, mgl32.Vec4{1, 0.95, 0.7, 1})
	}
	v.hud.draw(fw, fh)
	said, err := v.save(fw, fh)
	if said != "" {
		fmt.Fprintln(v.opt.Log, said)
	}
	return err
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
	lines := []string{"contact  λ (N s)"}
	for k, c := range r.Contacts() {
		p := c.Midpoint(bodies)
		v.shapes.segment(p, p.Add(c.N.Mul(length)), render.MarkWidth, render.MarkColor)
		v.shapes.dot(p, render.MarkDot, render.MarkColor)
		// The number sits behind the contact, seen from its normal, clear of the normal.
		label := []string{fmt.Sprint(k)}
		w, h := panelSize(label, v.ui.scale)
		x, y := v.cam.toPixel(p, float64(fw), float64(fh))
		x, y = x-16*c.N[0]-float64(w)/2, y+16*c.N[1]-float64(h)/2
		v.hud.panel(float32(x), float32(y), label, v.ui.scale, labelColor)
		if k < maxImpulseLines {
			lines = append(lines, fmt.Sprintf("%7d  %.6g", k, impulses[k]))
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
