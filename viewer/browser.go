package viewer

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The scene browser (Tab): every built-in scene, the scene files beside the one opened, and
// the scene files dropped on the window. A click or Enter opens one; ← and → open the
// previous and next without the list; 1–9 open the first nine.

// entry is one scene the browser offers: its label and what Options.Open is given for it.
type entry struct {
	label, source string
}

// browser is the list and its cursor.
type browser struct {
	entries []entry
	cursor  int
	shown   bool
}

// newBrowser lists the built-in scenes, then the scene files in the directory of first
// when it is a scene file.
func newBrowser(builtins []string, first string) *browser {
	b := &browser{}
	for _, n := range builtins {
		b.entries = append(b.entries, entry{label: n, source: n})
	}
	for _, f := range sceneFiles(first) {
		b.add(f)
	}
	return b
}

// sceneFiles returns the scene files (.xml) in the directory of path, if path is one, in
// name order. This is the one place other kinds of scene file would join the list: a 2D
// (FOSSSim) scene is XML too, and Options.Open says what it cannot open.
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

// add lists the scene file path (once) and returns its index.
func (b *browser) add(path string) int {
	if i := b.index(path); i >= 0 {
		return i
	}
	b.entries = append(b.entries, entry{label: filepath.Base(path), source: path})
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

// drawBrowser lays out the list below the status panel, down to the bottom of a window fh
// pixels high (or to the inspector), its rows scrolled to keep the cursor in view.
func (a *app) drawBrowser(fh int) {
	u, b := &a.ui, a.browser
	x, y := float32(12), u.browserTop()
	bottom := float32(fh) - 24
	if a.snap.Selected >= 0 { // leave the inspector its corner
		_, h := panelSize(inspectorLines(a.snap.Selected, a.snap.Info), u.scale)
		bottom -= h + 3*panelPad
	}
	rows := max(int((bottom-y)/u.row())-1, 1)
	first := min(max(b.cursor-rows/2, 0), max(len(b.entries)-rows, 0))
	last := min(first+rows, len(b.entries))
	w := float32(browserChars) * u.char()
	u.backdrop(x, y, w, float32(last-first+1)*u.row())
	u.h.text(x, y+float32(u.scale), fmt.Sprintf("scenes %d-%d of %d (tab to hide)", first+1, last, len(b.entries)), u.scale, uiAccent)
	current := b.index(a.snap.Source)
	for i := first; i < last; i++ {
		label := "  " + b.entries[i].label
		if i == current {
			label = "> " + b.entries[i].label
		}
		source := b.entries[i].source
		u.button(x, u.browserRowY(i-first+1), w, label, i == b.cursor, func() { a.openEntry(source) })
	}
}

// browserChars is the list's width in characters.
const browserChars = 34

// statusLines is how many lines the statistics panel above the browser has.
const statusLines = 4

// browserTop returns the top of the browser's text, below the statistics panel.
func (u *ui) browserTop() float32 { return 12 + float32(statusLines*cellH*u.scale) + 3*panelPad }

// browserRowY returns the top of the list's row k (0: its title) when it starts at entry first.
func (u *ui) browserRowY(k int) float32 { return u.browserTop() + float32(k)*u.row() }

// openEntry opens a scene from the browser, moving the cursor to it.
func (a *app) openEntry(source string) {
	if i := a.browser.index(source); i >= 0 {
		a.browser.cursor = i
	}
	a.sim.do(openScene(source))
}
