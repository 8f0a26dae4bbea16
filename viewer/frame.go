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
)

func (a *app) loop() error {
	a.titleTime = time.Now()
	period := time.Duration(float64(time.Second) / a.opt.MaxFPS)
	next := time.Now() // when the next frame is due, with MaxFPS
	var firstShown time.Time
	a.snap = a.sim.shots.latest() // what the first events (a click) act on
	a.sync(a.snap)
	for !a.win.ShouldClose() {
		frameStart := time.Now()
		glfw.PollEvents()
		if a.grabMoved {
			a.sendGrab()
		}
		if a.opt.Frames > 0 {
			a.sim.frame()
		}
		a.snap = a.sim.shots.latest()
		if a.snap.Err != nil {
			return a.snap.Err
		}
		a.sync(a.snap)
		lastFrame := a.opt.Frames > 0 && a.frames+1 >= a.opt.Frames ||
			a.opt.Seconds > 0 && a.frames > 0 && time.Since(firstShown).Seconds() >= a.opt.Seconds
		a.updateTitle(lastFrame) // the screenshot of the last frame shows its own numbers
		if err := a.render(); err != nil {
			return err
		}
		a.win.SwapBuffers()
		a.frames++
		if a.frames == 1 {
			firstShown, a.stats.cpu = time.Now(), processCPU()
		} else {
			a.stats.add(time.Since(frameStart))
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
	fmt.Fprintf(a.opt.Log, "frames %d in %.2f s: %.1f fps, %d steps\n", a.frames, secs, float64(a.frames-1)/secs, a.snap.TotalSteps)
	a.stats.report(a.opt.Log, a.snap, secs)
	return nil
}

func (a *app) render() error {
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
		a.r.Instance(a.shape[i], s.R[i], s.P[i], bodyColor(i, s.Fixed[i]))
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
	a.hud.panel(12, 12, a.status, mgl32.Vec4{1, 1, 1, 1})
	if a.showHelp {
		a.hud.panel(12, float32(len(a.status)*cellH*hudScale+36), strings.Split(Help, "\n"), mgl32.Vec4{1, 0.95, 0.7, 1})
	}
	a.hud.draw(fw, fh)
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
