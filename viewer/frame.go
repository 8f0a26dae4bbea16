package viewer

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// windowShare is the most of the wall time the window draws in while the simulation is
// slower than real time: the rest is the simulation's, which then steps nearly as fast as
// headless instead of sharing the cores with the GL driver (llvmpipe draws on all of them).
const windowShare = 0.2

// maxRest is the longest the window rests between frames for the simulation's sake: it
// still answers the mouse five times a second.
const maxRest = 200 * time.Millisecond

func (a *app) loop() error {
	a.titleTime = time.Now()
	a.snap = a.sim.shots.latest() // what the first events (a click) act on
	a.sync(a.snap)
	notes := a.snap.Notes
	for !a.win.ShouldClose() {
		a.begin()
		glfw.PollEvents()
		if a.grabMoved {
			a.sendGrab()
		}
		if a.opt.Frames > 0 && !a.sim.frame(a.closing) {
			break // closed while a step ran
		}
		a.snap = a.sim.shots.latest()
		if a.snap.Err != nil {
			return a.snap.Err
		}
		if a.snap.Notes != notes {
			notes = a.snap.Notes
			a.notes = append(a.notes, note{a.snap.Note, time.Now().Add(noteTime)})
		}
		scene := a.scene
		a.sync(a.snap)
		lastFrame := a.last()
		// The screenshot of the last frame shows its own numbers, a new scene its own name.
		a.updateTitle(lastFrame || a.scene != scene)
		// The window draws while the simulation does not step: they take turns at the cores.
		a.sim.turn.Lock()
		drawStart := time.Now()
		saved, err := a.render()
		if err == nil {
			a.win.SwapBuffers()
		}
		a.frameCost = time.Since(drawStart)
		a.sim.turn.Unlock()
		if err != nil {
			return err
		}
		a.handleButtons() // against the widgets just drawn
		a.shown()
		if lastFrame || saved && a.exitOnSave {
			break
		}
		a.pace()
		if a.snap.Rate > 0 && a.snap.Rate < 0.95 && a.opt.Frames == 0 {
			// Behind real time: leave the simulation the cores but for windowShare.
			rest := time.Duration(float64(a.frameCost)/windowShare) - time.Since(a.start)
			time.Sleep(min(rest, maxRest))
		}
	}
	if a.recorder != nil {
		if err := a.saveRecording(); err != nil {
			return err
		}
	}
	a.report(a.snap)
	return a.snap.Halt // a run that ended on a state that is not finite did not succeed
}

// closing polls the window's events and reports whether it is to close: the window keeps
// answering (Esc, its close button) while it waits for a slow step.
func (a *app) closing() bool {
	glfw.PollEvents()
	return a.win.ShouldClose()
}

// render draws the frame and reports whether it completed a recording.
func (a *app) render() (bool, error) {
	s := a.snap
	lo, hi := bounds(s.P, a.radius) // where shadows are cast from
	// Front to back, so the depth test rejects hidden fragments before they are shaded:
	// llvmpipe's cost is in shading, and a pile hides most of itself.
	eye := a.cam.Eye()
	a.order = a.order[:0]
	for i := range s.P {
		a.order = append(a.order, i)
	}
	slices.SortFunc(a.order, func(i, j int) int {
		return cmp.Compare(s.P[i].Sub(eye).LenSqr(), s.P[j].Sub(eye).LenSqr())
	})
	for _, i := range a.order {
		c := bodyColor(i, s.Fixed[i])
		if i == s.Selected {
			c = c.Add(mgl32.Vec3{1, 1, 1}.Sub(c).Mul(0.45)) // lighter: the selected body
		}
		a.r.Instance(a.shape[i], s.R[i], s.P[i], c)
	}
	if i := s.Selected; i >= 0 && i < len(a.shape) {
		a.drawBox(s.Meshes[i].Vertices, s.R[i], s.P[i])
	}
	if g := a.grab; g != nil {
		from, to := g.Ends(s.R[g.Body], s.P[g.Body])
		a.r.Line(from, to, mgl32.Vec3{1, 0.9, 0.2})
	}
	a.drawContacts(s.Marks)
	fw, fh := a.win.GetFramebufferSize()
	// Shadows of moving bodies are redrawn every other frame: at 60 fps a shadow one frame
	// late is invisible, and the shadow pass is a third of a big pile's frame on llvmpipe.
	a.shadowStale = a.shadowStale || a.moved()
	redraw := a.shadowStale && a.frames%2 == 0
	a.r.Draw(&a.cam, fw, fh, lo, hi, redraw)
	a.shadowStale = a.shadowStale && !redraw

	saved := false
	if r := a.recorder; r != nil && r.due(s.Time) {
		if r.take(readFrame(fw, fh), s.Time) {
			if err := a.saveRecording(); err != nil {
				return false, err
			}
			saved = true
		}
	}
	a.drawHUD(fw, fh)
	said, err := a.save(fw, fh)
	if said != "" {
		a.notify(said)
	}
	return saved, err
}

// drawHUD queues and draws the text over the scene: statistics, the open panels, the
// inspector, notes and help.
func (a *app) drawHUD(fw, fh int) {
	u := &a.ui
	u.begin(fh)
	bottom := a.hud.panel(12, 12, a.status, u.scale, mgl32.Vec4{1, 1, 1, 1})
	if s := a.snap; s.Halt != nil {
		a.hud.stopped(bottom, fw, u.scale, s.Halt)
	}
	if a.browser.shown {
		a.drawBrowser(fh)
	}
	if a.showPanel {
		a.drawPanel(fw)
	}
	if s := a.snap; s.Selected >= 0 {
		lines := inspectorLines(s.Selected, s.Info)
		_, h := panelSize(lines, u.scale)
		a.hud.panel(12, float32(fh)-h-12, lines, u.scale, mgl32.Vec4{1, 0.95, 0.7, 1})
	}
	a.drawNotes(fw, fh)
	if a.showHelp {
		lines := strings.Split(Help, "\n")
		w, h := panelSize(lines, u.scale)
		a.hud.panel((float32(fw)-w)/2, (float32(fh)-h)/2, lines, u.scale, mgl32.Vec4{1, 0.95, 0.7, 1})
	}
	a.hud.draw(fw, fh)
}

// toggleRecording starts recording Options.Duration seconds to name, or stops the recording
// under way and saves what it has.
func (a *app) toggleRecording(name string) {
	if a.recorder != nil {
		if err := a.saveRecording(); err != nil {
			a.notify(err.Error())
		}
		return
	}
	fw, fh := a.win.GetFramebufferSize()
	r, err := newRecorder(name, false, a.opt.Duration, a.snap.Params.Dt, fw, fh)
	if err != nil {
		a.notify(err.Error())
		return
	}
	a.recorder = r
}

// saveRecording writes the recording under way and says so.
func (a *app) saveRecording() error {
	r := a.recorder
	a.recorder = nil
	if err := r.finish(); err != nil {
		return fmt.Errorf("saving %s: %w", r.path, err)
	}
	a.notify(fmt.Sprintf("saved %s: %d frames, %.2f s", r.path, r.taken, float64(r.taken)*r.interval))
	return nil
}

// drawBox queues the edges of the box around vertices (body frame) placed by R and P: the
// selected body's outline.
func (a *app) drawBox(vertices []mgl64.Vec3, R mgl64.Mat3, P mgl64.Vec3) {
	lo, hi := mgl64.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, mgl64.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, v := range vertices {
		for k := range 3 {
			lo[k], hi[k] = math.Min(lo[k], v[k]), math.Max(hi[k], v[k])
		}
	}
	corner := func(c int) mgl64.Vec3 {
		x := lo
		for k := range 3 {
			if c>>k&1 == 1 {
				x[k] = hi[k]
			}
		}
		return R.Mul3x1(x).Add(P)
	}
	for c := range 8 {
		for k := range 3 {
			if c>>k&1 == 0 {
				a.r.Line(corner(c), corner(c|1<<k), mgl32.Vec3{1, 0.85, 0.3})
			}
		}
	}
}

// moved reports whether any body's pose changed since the last call.
func (a *app) moved() bool {
	h := fnv.New64a()
	var buf [8 * 12]byte
	for i, R := range a.snap.R {
		for k, x := range R {
			binary.LittleEndian.PutUint64(buf[8*k:], math.Float64bits(x))
		}
		for k, x := range a.snap.P[i] {
			binary.LittleEndian.PutUint64(buf[8*(9+k):], math.Float64bits(x))
		}
		h.Write(buf[:])
	}
	sum := h.Sum64()
	changed := sum != a.poseHash || a.frames == 0
	a.poseHash = sum
	return changed
}

// Contact marks: a small cross at each point and its normal, pointing the way the contact
// pushes body A; red where the point pushed in the last step, grey where it was only
// speculative (a gap that might close).
const (
	contactCross  = 0.04 // m, half the cross's arms
	contactNormal = 0.3  // m
)

func (a *app) drawContacts(marks []contactMark) {
	for _, m := range marks {
		c := mgl32.Vec3{0.5, 0.5, 0.5}
		if m.Pushed {
			c = mgl32.Vec3{0.9, 0.1, 0.1}
		}
		for k := range 3 {
			var d mgl64.Vec3
			d[k] = contactCross
			a.r.Line(m.At.Sub(d), m.At.Add(d), c)
		}
		a.r.Line(m.At, m.At.Sub(m.Normal.Mul(contactNormal)), c)
	}
}

// stopped shows why the simulation stopped, in red below the panel ending at y, wrapped to a
// window fw pixels wide, and returns the bottom of its own panel.
func (h *hud) stopped(y float32, fw, scale int, why error) float32 {
	chars := max((fw-24)/(cellW*scale), 20)
	return h.panel(12, y+panelPad+6, wrap("stopped: "+why.Error(), chars), scale, mgl32.Vec4{1, 0.35, 0.3, 1})
}

// wrap breaks text into lines of at most width characters at spaces (a longer word gets a
// line of its own).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len([]rune(line))+1+len([]rune(word)) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}
