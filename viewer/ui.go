package viewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
)

// The panel and the scene browser are immediate-mode widgets drawn with the HUD's font: every
// frame they lay themselves out anew from the latest snapshot, queue their quads, and leave
// behind the controls (screen rectangles with what a press does) that the mouse callbacks
// look up until the next frame. There is no widget state to keep in step with the world:
// what a widget shows is what the simulation last published.

// control is a rectangle of the window (pixels from the top-left corner) that answers the
// left mouse button.
type control struct {
	x0, y0, x1, y1 float32
	// press acts on a press at cursor x, and again on every move while the button is held
	// when drag is set (a slider).
	press func(x float32)
	drag  bool
}

// ui holds this frame's controls and the one the left button holds.
type ui struct {
	h        *hud
	scale    int // screen pixels per font pixel
	controls []control
	held     *control
}

// Widget colours.
var (
	uiText   = mgl32.Vec4{1, 1, 1, 1}
	uiDim    = mgl32.Vec4{0.72, 0.78, 0.86, 1} // labels: a cool grey, apart from the values
	uiAccent = mgl32.Vec4{1, 0.85, 0.3, 1}
	uiTrack  = mgl32.Vec4{1, 1, 1, 0.3}
	uiActive = mgl32.Vec4{1, 0.85, 0.3, 0.3}
)

// begin starts a frame's layout for a window height fh pixels: small windows get the font at
// its own size, larger ones doubled.
func (u *ui) begin(fh int) {
	u.controls = u.controls[:0]
	u.scale = 1
	if fh >= 600 {
		u.scale = 2
	}
}

// row is the height of one widget row, pixels.
func (u *ui) row() float32 { return float32((cellH + 4) * u.scale) }

// char is the width of one character, pixels.
func (u *ui) char() float32 { return float32(cellW * u.scale) }

// at returns the control under pixel (x, y), or nil.
func (u *ui) at(x, y float32) *control {
	for i := range u.controls {
		c := &u.controls[i]
		if x >= c.x0 && x < c.x1 && y >= c.y0 && y < c.y1 {
			return c
		}
	}
	return nil
}

// press acts on a left-button press at (x, y) and reports whether a control took it.
func (u *ui) press(x, y float32) bool {
	c := u.at(x, y)
	if c == nil {
		return false
	}
	held := *c
	u.held = &held
	held.press(x)
	return true
}

// move passes the cursor's x to a held slider.
func (u *ui) move(x float32) {
	if u.held != nil && u.held.drag {
		u.held.press(x)
	}
}

// release lets go of the held control.
func (u *ui) release() { u.held = nil }

// backdrop queues the translucent rectangle behind a panel of the given size at (x, y).
func (u *ui) backdrop(x, y, w, h float32) {
	u.h.rect(x-panelPad, y-panelPad, x+w+panelPad, y+h+panelPad, backdrop)
}

// button queues a clickable line of text at (x, y), w pixels wide, highlighted when on.
func (u *ui) button(x, y, w float32, label string, on bool, press func()) {
	if on {
		u.h.rect(x, y, x+w, y+u.row()-float32(u.scale), uiActive)
	}
	u.h.text(x+u.char()/2, y+float32(u.scale), label, u.scale, uiText)
	u.controls = append(u.controls, control{x0: x, y0: y, x1: x + w, y1: y + u.row(), press: func(float32) { press() }})
}

// sliderWidth is a slider's track in characters.
const sliderWidth = 16

// slider queues a labelled track at (x, y) whose knob sits at fraction f of it, followed by
// the value's text; a press or drag at fraction g along the track calls set(g).
func (u *ui) slider(x, y float32, label string, f float64, value string, set func(g float64)) {
	c := u.char()
	u.h.text(x, y+float32(u.scale), label, u.scale, uiDim)
	x0, x1 := u.sliderX(x, 0), u.sliderX(x, 1)
	mid := y + u.row()/2
	u.h.rect(x0, mid-float32(u.scale), x1, mid+float32(u.scale), uiTrack)
	k := u.sliderX(x, float64(mgl32.Clamp(float32(f), 0, 1)))
	u.h.rect(k-float32(2*u.scale), y+float32(u.scale), k+float32(2*u.scale), y+u.row()-float32(2*u.scale), uiAccent)
	u.h.text(x1+c, y+float32(u.scale), value, u.scale, uiText)
	u.controls = append(u.controls, control{x0: x0 - 2*c/3, y0: y, x1: x1 + 2*c/3, y1: y + u.row(), drag: true,
		press: func(px float32) { set(float64(mgl32.Clamp((px-x0)/(x1-x0), 0, 1))) }})
}

// sliderX returns the pixel column of fraction f along the track of a slider laid out at x:
// where its knob shows f, and where a press sets it.
func (u *ui) sliderX(x float32, f float64) float32 {
	x0 := x + labelWidth*u.char()
	return x0 + float32(f)*sliderWidth*u.char()
}

// labelWidth is the width of a slider's label, characters.
const labelWidth = 12

// steps maps a fraction g of a track to one of n evenly spaced stops (0 … n−1), nearest.
func steps(g float64, n int) int { return int(math.Round(g * float64(n-1))) }
