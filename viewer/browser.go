package viewer

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"
)

// The scene browser (Tab): every built-in 3D scene, every built-in 2D scene, the scene files
// beside the one opened, and the scene files dropped on the window. A click or Enter opens
// one, in the window's 2D mode or its 3D mode as the scene is; ← and → open the previous and
// next without the list; 1–9 open the first nine.

// entry is one scene the browser offers: its label and the name it is opened by.
type entry struct {
	label, source string
}

// browser is the list and its cursor.
type browser struct {
	entries []entry
	cursor  int
	shown   bool
}

// tag2D marks a 2D scene's label.
const tag2D = "  (2d)"

// newBrowser lists the built-in scenes of opt, 3D then 2D, then the scene files in the
// directory of the first scene when it is a scene file; the cursor starts on the first.
func newBrowser(opt *Options) *browser {
	b := &browser{}
	for _, n := range opt.Scenes {
		b.entries = append(b.entries, entry{label: n, source: n})
	}
	for _, n := range opt.Scenes2D {
		b.entries = append(b.entries, entry{label: n + tag2D, source: n})
	}
	for _, f := range sceneFiles(opt.First) {
		b.add(f, opt.Is2D(f))
	}
	b.cursor = max(b.index(opt.First), 0)
	return b
}

// sceneFiles returns the scene files (.xml) in the directory of path, if path is one, in
// name order: 3D scenes and FOSSSim's 2D ones alike.
func sceneFiles(path string) []string {
	if !strings.EqualFold(filepath.Ext(path), ".xml") {
		return nil
	}
	dir := filepath.Dir(path)
	files, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, f := range files {
		if !f.IsDir() && strings.EqualFold(filepath.Ext(f.Name()), ".xml") {
			out = append(out, filepath.Join(dir, f.Name()))
		}
	}
	slices.Sort(out)
	return out
}

// add lists the scene file path (once), tagged when it is a 2D scene, and returns its index.
func (b *browser) add(path string, twoD bool) int {
	if i := b.index(path); i >= 0 {
		return i
	}
	label := filepath.Base(path)
	if twoD {
		label += tag2D
	}
	b.entries = append(b.entries, entry{label: label, source: path})
	return len(b.entries) - 1
}

// index returns the entry opened from source, or −1.
func (b *browser) index(source string) int {
	for i, e := range b.entries {
		if e.source == source || filepath.Clean(e.source) == filepath.Clean(source) {
			return i
		}
	}
	return -1
}

// step returns the entry d places from the one opened from source, wrapping around: the
// first (or last) when source is not listed (an OBJ file).
func (b *browser) step(source string, d int) entry {
	n := len(b.entries)
	i := b.index(source)
	if i < 0 && d > 0 {
		i = -1
	} else if i < 0 {
		i = 0
	}
	return b.entries[((i+d)%n+n)%n]
}

// drawBrowser lays out the list in the band of the window's left edge from top to bottom
// (pixels) that the mode's text leaves free, in a window fw pixels wide, its rows scrolled
// to keep the cursor in view, the scene opened from current marked. The list is as wide as
// its longest label, up to the window's width: a longer label loses its middle.
func (w *window) drawBrowser(fw int, top, bottom float32, current string) {
	u, b := &w.ui, w.browser
	x, y := float32(browserX), u.browserTop(top)
	rows := max(int((bottom-12-y)/u.row())-1, 1)
	first := min(max(b.cursor-rows/2, 0), max(len(b.entries)-rows, 0))
	last := min(first+rows, len(b.entries))
	chars := w.browserChars(fw)
	width := float32(chars) * u.char()
	u.backdrop(x, y, width, float32(last-first+1)*u.row())
	u.h.text(x, y+float32(u.scale), fmt.Sprintf("scenes %d-%d of %d (tab to hide)", first+1, last, len(b.entries)), u.scale, uiAccent)
	opened := b.index(current)
	for i := first; i < last; i++ {
		mark := "  "
		if i == opened {
			mark = "> "
		}
		source := b.entries[i].source
		u.button(x, u.browserRowY(top, i-first+1), width, mark+shorten(b.entries[i].label, chars-3), i == b.cursor, func() { w.open(source) })
	}
}

// minBrowserChars is the list's least width in characters: wider when a label needs it and
// the window has room.
const minBrowserChars = 34

// browserX is the left edge of the list's text, pixels.
const browserX = 12

// browserChars returns the list's width in characters in a window fw pixels wide: a row is
// its mark ("> "), its label and half a character's margin either side.
func (w *window) browserChars(fw int) int {
	room := max(int((float32(fw)-2*browserX)/w.ui.char()), minBrowserChars)
	chars := minBrowserChars
	for _, e := range w.browser.entries {
		chars = max(chars, utf8.RuneCountInString(e.label)+3)
	}
	return min(chars, room)
}

// browserRight returns the right edge of the list's backdrop in a window fw pixels wide.
func (w *window) browserRight(fw int) float32 {
	return browserX + float32(w.browserChars(fw))*w.ui.char() + panelPad
}

// shorten returns label in at most n characters: whole if it fits, else its start and its
// end (a file's extension, the 2D tag) around an ellipsis.
func shorten(label string, n int) string {
	r := []rune(label)
	if len(r) <= n {
		return label
	}
	if n < 2 {
		return string(r[:max(n, 0)])
	}
	head := (n - 1) / 2
	return string(r[:head]) + "…" + string(r[len(r)-(n-1-head):])
}

// browserTop returns the top of the browser's text below a panel whose backdrop ends at y.
func (u *ui) browserTop(y float32) float32 { return y + 2*panelPad }

// browserRowY returns the top of the list's row k (0: its title) below a panel ending at y.
func (u *ui) browserRowY(y float32, k int) float32 { return u.browserTop(y) + float32(k)*u.row() }
