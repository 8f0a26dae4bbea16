package viewer

import (
	"path/filepath"
	"strings"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"
)

// The keys of the window itself, the same in both modes: the scene browser and what opens
// scenes, screenshots, recordings, help and quitting. Each mode's help lists them after its
// own mouse buttons.
const (
	helpScenes = `scene: tab scene browser (up/down, enter, click)
       left/right previous/next scene   1-9 the first nine`
	helpSave = `save:  p screenshot (png)   v record the next seconds (gif)`
)

func (w *window) listen() {
	w.win.SetKeyCallback(w.onKey)
	w.win.SetMouseButtonCallback(w.onButton)
	w.win.SetCursorPosCallback(w.onCursor)
	w.win.SetScrollCallback(w.onScroll)
	w.win.SetDropCallback(func(_ *glfw.Window, names []string) { w.drop(names) })
}

// onKey takes the window's keys and hands the others to the mode, in order with the mouse.
func (w *window) onKey(_ *glfw.Window, key glfw.Key, _ int, action glfw.Action, mods glfw.ModifierKey) {
	if action != glfw.Release {
		w.inOrder(func() { w.key(key, mods) })
	}
}

// key acts on a key pressed.
func (w *window) key(key glfw.Key, mods glfw.ModifierKey) {
	if w.browser.shown && w.browserKey(key) {
		return
	}
	switch {
	case key == glfw.KeyEscape:
		w.win.SetShouldClose(true)
	case key == glfw.KeyTab:
		w.browser.shown = !w.browser.shown
	case key == glfw.KeyLeft || key == glfw.KeyRight:
		d := 1
		if key == glfw.KeyLeft {
			d = -1
		}
		w.open(w.browser.step(w.mode.state().Source, d).source)
	case key >= glfw.Key1 && key <= glfw.Key9:
		if i := int(key - glfw.Key1); i < len(w.browser.entries) {
			w.open(w.browser.entries[i].source)
		}
	case key == glfw.KeyP:
		w.screenshot(time.Now().Format("tumble-20060102-150405.png"))
	case key == glfw.KeyV:
		w.toggleRecording(time.Now().Format("tumble-20060102-150405.gif"))
	case key == glfw.KeyH:
		w.showHelp = !w.showHelp
	default:
		w.mode.key(key, mods)
	}
}

// browserKey moves the browser's cursor and opens or closes it; it reports whether key was
// the browser's.
func (w *window) browserKey(key glfw.Key) bool {
	b := w.browser
	switch key {
	case glfw.KeyUp:
		b.cursor = max(b.cursor-1, 0)
	case glfw.KeyDown:
		b.cursor = min(b.cursor+1, len(b.entries)-1)
	case glfw.KeyPageUp:
		b.cursor = max(b.cursor-10, 0)
	case glfw.KeyPageDown:
		b.cursor = min(b.cursor+10, len(b.entries)-1)
	case glfw.KeyEnter, glfw.KeyKPEnter:
		w.open(b.entries[b.cursor].source)
	case glfw.KeyEscape:
		b.shown = false
	default:
		return false
	}
	return true
}

// drop opens a scene file dropped on the window, listing it in the browser, and hands the
// mode the OBJ files.
func (w *window) drop(names []string) {
	for _, n := range names {
		switch strings.ToLower(filepath.Ext(n)) {
		case ".obj":
			w.mode.drop(n)
		case ".xml":
			w.browser.add(n, w.opt.Is2D(n))
			w.open(n)
		}
	}
}

// buttonEvent is a mouse button pressed or released, with the cursor where it was then.
type buttonEvent struct {
	button glfw.MouseButton
	action glfw.Action
	mods   glfw.ModifierKey
	x, y   float64
}

// onButton queues the event for handleInput: the widgets a press may hit are those of the
// frame drawn after it (a key that opens a panel and a click on it may come in one batch of
// events), as in any immediate-mode interface.
func (w *window) onButton(_ *glfw.Window, button glfw.MouseButton, action glfw.Action, mods glfw.ModifierKey) {
	e := buttonEvent{button, action, mods, w.cursorX, w.cursorY}
	w.input = append(w.input, func() { w.button(e) })
}

// inOrder acts on an event now, or after the events queued when there are any: a drag's
// moves follow its press, a key pressed after a release follows the release.
func (w *window) inOrder(act func()) {
	if len(w.input) > 0 {
		w.input = append(w.input, act)
		return
	}
	act()
}

// handleInput acts on the events queued since the last frame, in order.
func (w *window) handleInput() {
	for _, act := range w.input {
		act()
	}
	w.input = w.input[:0]
}

// button acts on a button event: the left button's on a widget are the widget's, the others
// the mode's.
func (w *window) button(e buttonEvent) {
	if e.button == glfw.MouseButtonLeft {
		if e.action == glfw.Release && w.ui.held != nil {
			w.ui.release()
			return
		}
		if sx, sy := w.toFramebuffer(e.x, e.y); e.action == glfw.Press && w.ui.press(sx, sy) {
			return
		}
	}
	w.mode.button(e)
}

// toFramebuffer converts window coordinates (the cursor's) to framebuffer pixels (the HUD's).
func (w *window) toFramebuffer(x, y float64) (float32, float32) {
	ww, wh := w.win.GetSize()
	fw, fh := w.win.GetFramebufferSize()
	return float32(x * float64(fw) / float64(ww)), float32(y * float64(fh) / float64(wh))
}

// onCursor moves a slider held, or hands the move to the mode.
func (w *window) onCursor(_ *glfw.Window, x, y float64) {
	dx, dy := x-w.cursorX, y-w.cursorY
	w.cursorX, w.cursorY = x, y
	w.inOrder(func() {
		if w.ui.held != nil {
			sx, _ := w.toFramebuffer(x, y)
			w.ui.move(sx)
			return
		}
		w.mode.cursor(x, y, dx, dy)
	})
}

// onScroll hands the wheel to the mode, with the cursor where it is.
func (w *window) onScroll(_ *glfw.Window, _, dy float64) {
	x, y := w.cursorX, w.cursorY
	w.inOrder(func() { w.mode.scroll(dy, x, y) })
}
