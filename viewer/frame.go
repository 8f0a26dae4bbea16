package viewer

import (
	"cmp"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"tumble/contact"
)

func (a *app) loop() error {
	a.start = time.Now()
	a.titleTime = a.start
	last := a.start
	period := time.Duration(float64(time.Second) / a.opt.MaxFPS)
	next := a.start // when the next frame is due, with MaxFPS
	var firstShown time.Time
	for !a.win.ShouldClose() {
		frameStart := time.Now()
		glfw.PollEvents()
		elapsed := frameStart.Sub(last).Seconds()
		last = frameStart
		a.simulate(elapsed)
		lastFrame := a.opt.Frames > 0 && a.frames+1 >= a.opt.Frames
		a.updateTitle(lastFrame) // the screenshot of the last frame shows its own numbers
		if err := a.render(); err != nil {
			return err
		}
		a.win.SwapBuffers()
		a.frames++
		if a.frames == 1 {
			firstShown = time.Now()
		}
		if lastFrame {
			break
		}
		if a.opt.MaxFPS > 0 {
			// Frames are due on a fixed schedule, so sleeping's overshoot does not add up;
			// a frame that ran late starts the schedule again.
			next = next.Add(period)
			if wait := time.Until(next); wait > 0 {
				time.Sleep(wait)
			} else if wait < -period {
				next = time.Now()
			}
		}
	}
	// The rate counts from the first frame shown, leaving out opening the window.
	secs := time.Since(firstShown).Seconds()
	fmt.Fprintf(a.opt.Log, "frames %d in %.2f s: %.1f fps, %d steps\n", a.frames, secs, float64(a.frames-1)/secs, a.totalSteps)
	return nil
}

// frameBudget is the wall time per frame the simulation may use before the rest of the steps
// due are forgiven: the UI keeps responding and the simulation runs slower than real time.
const frameBudget = 50 * time.Millisecond

// simulate takes the steps due after elapsed seconds of wall time: one per frame with
// Options.Frames (reproducible runs), otherwise as the clock says, within frameBudget.
func (a *app) simulate(elapsed float64) {
	n := a.clock.Steps(elapsed)
	if a.opt.Frames > 0 {
		n = 1
	}
	if a.paused {
		n = 0
		if a.stepOnce {
			n = 1
		}
	}
	a.stepOnce = false
	start := time.Now()
	w := a.setup.World
	a.steps += a.clock.Within(n, frameBudget, func() {
		if g := a.grab; g != nil {
			w.Wake(g.Body) // a held body is not at rest, however still
			b := w.Bodies[g.Body]
			f, t := g.Pull(b.Mass, b.R, b.P, b.V, b.Omega)
			b.Force = b.Force.Add(f)
			b.Torque = b.Torque.Add(t)
		}
		w.Step()
		a.totalSteps++
	})
	a.stepTime += time.Since(start)
}

func (a *app) render() error {
	w := a.setup.World
	// Shadows are cast within the bodies' bounding box, up to a size where the shadow map's
	// texels would grow coarser than about 10 cm.
	lo, hi := bounds(w, a.radius)
	centre := lo.Add(hi).Mul(0.5)
	radius := math.Min(hi.Sub(lo).Len()/2, 60)
	// Front to back, so the depth test rejects hidden fragments before they are shaded:
	// llvmpipe's cost is in shading, and a pile hides most of itself.
	eye := a.cam.Eye()
	a.order = a.order[:0]
	for i := range w.Bodies {
		a.order = append(a.order, i)
	}
	slices.SortFunc(a.order, func(i, j int) int {
		return cmp.Compare(w.Bodies[i].P.Sub(eye).LenSqr(), w.Bodies[j].P.Sub(eye).LenSqr())
	})
	for _, i := range a.order {
		b := w.Bodies[i]
		a.r.Instance(a.shape[i], b.R, b.P, bodyColor(i, b.Fixed))
	}
	if g := a.grab; g != nil {
		b := w.Bodies[g.Body]
		from, to := g.Ends(b.R, b.P)
		a.r.Line(from, to, mgl32.Vec3{1, 0.9, 0.2})
	}
	if a.showContacts {
		a.drawContacts(w)
	}
	fw, fh := a.win.GetFramebufferSize()
	// Shadows of moving bodies are redrawn every other frame: at 60 fps a shadow one frame
	// late is invisible, and the shadow pass is a third of a big pile's frame on llvmpipe.
	a.shadowStale = a.shadowStale || a.moved()
	redraw := a.shadowStale && a.frames%2 == 0
	a.r.Draw(&a.cam, fw, fh, centre, radius, redraw)
	a.shadowStale = a.shadowStale && !redraw
	a.hud.panel(12, 12, a.status, mgl32.Vec4{1, 1, 1, 1})
	if a.showHelp {
		a.hud.panel(12, float32(len(a.status)*cellH*hudScale+36), strings.Split(Help, "\n"), mgl32.Vec4{1, 0.95, 0.7, 1})
	}
	a.hud.draw(fw, fh)
	if a.opt.AfterFrame != nil {
		if err := a.opt.AfterFrame(w); err != nil {
			return err
		}
	}
	if a.opt.Record != "" {
		if err := savePNG(filepath.Join(a.opt.Record, fmt.Sprintf("frame-%05d.png", a.frames+1)), fw, fh); err != nil {
			return err
		}
	}
	if a.opt.Screenshot != "" && a.opt.Frames > 0 && a.frames+1 == a.opt.Frames {
		if err := savePNG(a.opt.Screenshot, fw, fh); err != nil {
			return err
		}
		fmt.Fprintf(a.opt.Log, "screenshot %s\n", a.opt.Screenshot)
	}
	return nil
}

// moved reports whether any body's pose changed since the last call.
func (a *app) moved() bool {
	h := fnv.New64a()
	var buf [8 * 12]byte
	for _, b := range a.setup.World.Bodies {
		for k, x := range b.R {
			binary.LittleEndian.PutUint64(buf[8*k:], math.Float64bits(x))
		}
		for k, x := range b.P {
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

func (a *app) drawContacts(w *contact.World) {
	for _, m := range w.Manifolds() {
		b := w.Bodies[m.Pair.A]
		for _, p := range m.Points[:m.N] {
			x := b.R.Mul3x1(p.LocalA).Add(b.P)
			c := mgl32.Vec3{0.5, 0.5, 0.5}
			if p.NormalImpulse > 0 {
				c = mgl32.Vec3{0.9, 0.1, 0.1}
			}
			for k := range 3 {
				var d mgl64.Vec3
				d[k] = contactCross
				a.r.Line(x.Sub(d), x.Add(d), c)
			}
			a.r.Line(x, x.Sub(m.Normal.Mul(contactNormal)), c)
		}
	}
}
