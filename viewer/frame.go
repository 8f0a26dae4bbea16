package viewer

import (
	"cmp"
	"encoding/binary"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"hash/fnv"
	"math"
	"slices"
	"strings"
)

// draw draws the snapshot's bodies, the held body's spring and the contact marks.
func (a *app) draw(fw, fh int) {
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
		a.r.OverlayLine(from, to, mgl32.Vec3{1, 0.9, 0.2})
	}
	a.drawContacts(s.Marks)
	// Shadows of moving bodies are redrawn every other frame: at 60 fps a shadow one frame
	// late is invisible, and the shadow pass is a third of a big pile's frame on llvmpipe.
	a.shadowStale = a.shadowStale || a.moved()
	redraw := a.shadowStale && a.w.frames%2 == 0
	// The scene centres in what the settings panel (right) and the browser (left) leave free.
	left, right := float32(0), float32(fw)
	if a.w.browser.shown {
		left = a.w.browserRight(fw)
	}
	if a.showPanel {
		x, _ := a.w.ui.panelOrigin(fw)
		right = x - panelPad
	}
	a.cam.CentreX = float64(left+right)/float64(fw)/2 - 0.5
	a.r.Draw(&a.cam, fw, fh, lo, hi, redraw)
	a.shadowStale = a.shadowStale && !redraw
}

// hud queues the statistics, why the simulation stopped, the settings panel and the
// inspector.
func (a *app) hud(fw, fh int) (top, bottom float32) {
	w, s := a.w, a.snap
	top = w.hud.panel(12, 12, a.status, w.ui.scale, mgl32.Vec4{1, 1, 1, 1})
	if s.Halt != nil {
		top = w.hud.stopped(top, fw, w.ui.scale, s.Halt)
	}
	if a.showPanel {
		a.drawPanel(fw)
	}
	bottom = float32(fh) - 12
	if s.Selected >= 0 {
		lines := inspectorLines(s.Selected, s.Info)
		_, h := panelSize(lines, w.ui.scale)
		w.hud.panel(12, float32(fh)-h-12, lines, w.ui.scale, mgl32.Vec4{1, 0.95, 0.7, 1})
		bottom -= h + 3*panelPad
	}
	return top, bottom
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
	changed := sum != a.poseHash || a.w.frames == 0
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
