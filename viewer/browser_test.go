package viewer

import (
	"fmt"
	"image"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/body/planar/render"
	"github.com/tumble-physics/tumble/data"
)

// Every built-in scene opened from the browser (the first few by mouse, the rest by the
// arrow keys and Enter) is shown framed: every vertex of every body projects inside the
// window, and the screenshot shows the visible bodies in their colours. The viewer is paused
// first, so each scene is shown as loaded, without stepping (large_pyramid's 5,050 cubes).
func TestBrowserFramesEveryScene(t *testing.T) {
	bin, display := headlessInput(t)
	dir := t.TempDir()
	l := startLive(t, bin, display, dir, "view", "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	l.key("space", "Tab")
	u := ui{scale: 1}
	statusBottom := 12 + float32(statusLines*cellH*u.scale) + panelPad // the list's top, below the statistics
	const byMouse = 5
	names := data.SceneNames()
	for i, name := range names {
		switch {
		case i < byMouse: // rows do not scroll while the cursor stays in the list's top half
			l.click(20, float64(u.browserRowY(statusBottom, i+1)+u.row()/2))
		default:
			l.key("Down", "Return")
		}
		l.waitFor("opened "+name+":", 30*time.Second)
		l.key("Tab", "p") // hide the list for the picture, show it again after
		shot := strings.TrimPrefix(l.waitFor("screenshot ", 30*time.Second), "screenshot ")
		l.key("Tab")
		checkFramed(t, name, filepath.Join(dir, shot))
	}
	log := l.quit()
	if i := slices.IndexFunc(log, func(s string) bool {
		return strings.Contains(s, "open ") && strings.Contains(s, ": ") && !strings.Contains(s, "opened")
	}); i >= 0 {
		t.Errorf("a scene failed to open: %s", log[i])
	}
}

// visibleSurface returns a pixel where the camera sees body i first: the projection of the
// centre of one of its triangles (a torus's centre of mass is in its hole).
func visibleSurface(s *Setup, cam *Camera, i int) (x, y float64, ok bool) {
	b := s.World.Bodies[i]
	tris := b.Mesh.Triangles
	for k := 0; k < len(tris); k += max(len(tris)/24, 1) {
		var c mgl64.Vec3
		for _, v := range tris[k] {
			c = c.Add(b.Mesh.Vertices[v].Mul(1.0 / 3))
		}
		x, y, ok = cam.Project(b.R.Mul3x1(c).Add(b.P), shotW, shotH)
		if !ok || x < 1 || y < 1 || x > shotW-2 || y > shotH-2 || underHUD(x, y) {
			continue
		}
		if firstHit(s, cam.Ray(math.Floor(x)+0.5, math.Floor(y)+0.5, shotW, shotH)) == i {
			return x, y, true
		}
	}
	return 0, 0, false
}

// checkFramed checks the screenshot at path of the built-in scene name as loaded.
func checkFramed(t *testing.T, name, path string) {
	t.Helper()
	s, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	cam := FrameScene(s, float64(shotW)/shotH)
	for i, b := range s.World.Bodies {
		for _, v := range b.Mesh.Vertices {
			x, y, ok := cam.Project(b.R.Mul3x1(v).Add(b.P), shotW, shotH)
			if !ok || x < 0 || y < 0 || x > shotW || y > shotH {
				t.Errorf("%s: body %d reaches pixel (%.0f, %.0f), outside the %d×%d window", name, i, x, y, shotW, shotH)
				break
			}
		}
	}
	img := readPNG(t, path)
	n := len(s.World.Bodies)
	seen, wrong := 0, []string{}
	for k := range min(n, 40) {
		i := k * n / min(n, 40)
		if s.World.Bodies[i].Fixed {
			continue
		}
		x, y, ok := visibleSurface(s, &cam, i)
		if !ok {
			continue
		}
		seen++
		want, _ := hueSat(toRGBA(bodyColor(i, false)))
		if got, sat := hueSat(img.At(int(x), int(y))); sat < 0.15 || hueDistance(got, want) > 25 {
			wrong = append(wrong, fmt.Sprintf("body %d at (%.0f, %.0f): hue %.0f° saturation %.2f, want %.0f°", i, x, y, got, sat, want))
		}
	}
	if seen == 0 || len(wrong)*10 > seen {
		t.Errorf("%s: %d of %d visible bodies sampled are not in their colour (%s):\n%s", name, len(wrong), seen, path, strings.Join(wrong, "\n"))
	}
}

// The browser lists the built-in scenes, then the scene files beside the one opened; ← and →
// step through them, wrapping around, from wherever the scene shown is listed (an OBJ file
// is not: → then opens the first).
func TestBrowserList(t *testing.T) {
	b := newBrowser(&Options{Scenes: []string{"a", "b"}, First: "testdata/drag.xml"})
	var got []string
	for _, e := range b.entries {
		got = append(got, e.source)
	}
	want := []string{"a", "b", "testdata/drag.xml", "testdata/fall.xml", "testdata/floor1000.xml", "testdata/hidden.xml", "testdata/lattice1000.xml", "testdata/shot.xml"}
	if !slices.Equal(got, want) {
		t.Errorf("entries %v, want %v", got, want)
	}
	for _, c := range []struct {
		from string
		d    int
		want string
	}{{"a", 1, "b"}, {"a", -1, "testdata/shot.xml"}, {"testdata/shot.xml", 1, "a"}, {"x.obj", 1, "a"}, {"x.obj", -1, "testdata/shot.xml"}} {
		if e := b.step(c.from, c.d); e.source != c.want {
			t.Errorf("from %s by %d: %s, want %s", c.from, c.d, e.source, c.want)
		}
	}
	if b.cursor != 2 {
		t.Errorf("the cursor starts on entry %d, want the first scene's, 2", b.cursor)
	}
	if i := b.add("testdata/fall.xml", false); i != 3 || len(b.entries) != len(want) {
		t.Errorf("adding a listed file: index %d, %d entries", i, len(b.entries))
	}
	if i := b.add("/elsewhere/dropped.xml", false); i != len(want) || b.entries[i].label != "dropped.xml" {
		t.Errorf("a dropped file: index %d, entry %v", i, b.entries[i])
	}
}

// The built-in 2D scenes follow the 3D ones, and the FOSSSim files beside a 2D scene opened
// follow them: every 2D scene is labelled so, and a 3D scene file dropped is not.
func TestBrowserLists2D(t *testing.T) {
	first := scene2D("contact_lcp")
	b := newBrowser(&Options{Scenes: []string{"a"}, Scenes2D: []string{"c"}, First: first})
	files, _ := filepath.Glob(filepath.Join("..", "data", "scenes2d", "*.xml"))
	if len(b.entries) != 2+len(files) || b.entries[1] != (entry{"c" + tag2D, "c"}) || b.cursor != b.index(first) {
		t.Fatalf("entries %v, cursor %d: want a, c (2D), then the %d scene files, the cursor on %s", b.entries, b.cursor, len(files), first)
	}
	for _, e := range b.entries[2:] {
		if e.label != filepath.Base(e.source)+tag2D {
			t.Errorf("entry %v: want the file's name tagged 2D", e)
		}
	}
	if i := b.add("testdata/drag.xml", false); b.entries[i].label != "drag.xml" {
		t.Errorf("a 3D scene dropped: %v", b.entries[i])
	}
}

// The browser lists the built-in 2D scenes after the 3D ones and opens one in the same
// window, drawn in 2D; the number keys, ← and → then open 3D and 2D scenes in turn, each
// drawn as its kind is, and the window ends as any run does.
func TestBrowserOpensBothKinds(t *testing.T) {
	bin, display := headlessInput(t)
	dir := t.TempDir()
	names := data.SceneNames()
	names2D := builtin2D(t)
	l := startLive(t, bin, display, dir, "view", "default", "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	l.key("Tab") // the cursor starts on default
	for range len(names) + slices.Index(names2D, "contact_lcp") - slices.Index(names, "default") {
		l.key("Down")
	}
	l.key("Return")
	l.waitFor("opened contact_lcp: 2 bodies", 10*time.Second)
	l.key("Tab", "p")
	check2DShot(t, filepath.Join(dir, strings.TrimPrefix(l.waitFor("screenshot ", 10*time.Second), "screenshot ")), "contact_lcp")
	if title := waitTitle(t, display, l.wid, "Tumble 2D: contact_lcp", false); !strings.HasPrefix(title, "Tumble 2D: contact_lcp") {
		t.Errorf("title %q after opening contact_lcp", title)
	}

	l.key("1")
	l.waitFor("opened "+names[0]+":", 10*time.Second)
	l.key("p")
	check3DShot(t, filepath.Join(dir, strings.TrimPrefix(l.waitFor("screenshot ", 10*time.Second), "screenshot ")))
	if title := waitTitle(t, display, l.wid, "Tumble: "+names[0], false); !strings.HasPrefix(title, "Tumble: "+names[0]) {
		t.Errorf("title %q after 1", title)
	}
	// ← from the first entry wraps to the last, a 2D scene; → comes back.
	last := names2D[len(names2D)-1]
	l.key("Left")
	l.waitFor("opened "+last+":", 10*time.Second)
	if title := waitTitle(t, display, l.wid, "Tumble 2D: "+last, false); !strings.HasPrefix(title, "Tumble 2D: "+last) {
		t.Errorf("title %q after ←", title)
	}
	l.key("Right")
	l.waitFor("opened "+names[0]+":", 10*time.Second)
	l.quit()
}

// builtin2D returns the names of the built-in 2D scenes, as tumble view lists them.
func builtin2D(t *testing.T) []string {
	t.Helper()
	files, err := fs.Glob(data.Scenes2D, "scenes2d/*.xml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no built-in 2D scenes: %v", err)
	}
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(path.Base(f), ".xml")
	}
	return names
}

// check2DShot checks that the screenshot at shot shows the 2D scene name drawn in 2D: the
// scene's background at the window's right edge, its fixed floor (x from −3 to 3 m, y from
// −0.5 to 0 m, where no box ever is) grey where the camera the window opens with puts it,
// and nowhere the 3D view's sky.
func check2DShot(t *testing.T, shot, name string) {
	t.Helper()
	sc, err := fosssim.Load(scene2D(name))
	if err != nil {
		t.Fatal(err)
	}
	img := readPNG(t, shot)
	bg := render.StyleOf(sc).Background
	if r, g, b, _ := img.At(shotW-2, shotH/2).RGBA(); uint8(r>>8) != bg.R || uint8(g>>8) != bg.G || uint8(b>>8) != bg.B {
		t.Errorf("%s: pixel (%d, %d) is (%d, %d, %d), want the scene's background %v", shot, shotW-2, shotH/2, r>>8, g>>8, b>>8, bg)
	}
	cam := fitCamera2D(sc, sc.Bodies, float64(shotW)/shotH)
	seen := 0
	for _, x := range []float64{-2.5, -1.5, 1.5, 2.5} {
		px, py := cam.toPixel(mgl64.Vec2{x, -0.25}, shotW, shotH)
		if px < 0 || py < 0 || px >= shotW || py >= shotH || underHUD(px, py) {
			continue
		}
		seen++
		if r, g, b, _ := img.At(int(px), int(py)).RGBA(); r != g || g != b || r>>8 >= 235 {
			t.Errorf("%s: the floor at x = %g m, pixel (%.0f, %.0f), is (%d, %d, %d): want grey", shot, x, px, py, r>>8, g>>8, b>>8)
		}
	}
	if seen == 0 {
		t.Fatalf("%s: no point of the floor in view", shot)
	}
	if n := skyPixels(img); n > 0 {
		t.Errorf("%s: %d pixels of the 3D sky in a 2D picture", shot, n)
	}
}

// check3DShot checks that the screenshot at shot is a 3D view: sky at its top right corner.
func check3DShot(t *testing.T, shot string) {
	t.Helper()
	if n := skyPixels(readPNG(t, shot)); n < 1000 {
		t.Errorf("%s: %d pixels of sky, want a 3D view", shot, n)
	}
}

// skyPixels counts the pixels of img in the 3D view's sky colour.
func skyPixels(img image.Image) int {
	sky := toRGBA(skyColor)
	n := 0
	for y := range shotH {
		for x := range shotW {
			r, g, b, _ := img.At(x, y).RGBA()
			if absInt(int(r>>8)-int(sky.R)) <= 3 && absInt(int(g>>8)-int(sky.G)) <= 3 && absInt(int(b>>8)-int(sky.B)) <= 3 {
				n++
			}
		}
	}
	return n
}

// shorten keeps a label that fits and cuts the middle of one that does not, keeping its start
// and its end.
func TestShorten(t *testing.T) {
	for _, c := range []struct {
		label string
		n     int
		want  string
	}{
		{"tower20", 10, "tower20"},
		{"tower20", 7, "tower20"},
		{"contact_velocity_projection_seesaw  (2d)", 20, "contact_v…esaw  (2d)"},
		{"abcdefghij.xml", 9, "abcd….xml"},
		{"abc", 1, "a"},
		{"abc", 0, ""},
	} {
		if got := shorten(c.label, c.n); got != c.want || len([]rune(got)) > max(c.n, 0) {
			t.Errorf("shorten(%q, %d) = %q, want %q", c.label, c.n, got, c.want)
		}
	}
}

// A scene file whose name is longer than the window is wide keeps the scene browser inside
// the window and its text inside the list: no text pixel lies beyond the list's right edge,
// which stays 6 pixels inside the window.
func TestBrowserFitsLongNames(t *testing.T) {
	bin, display := headlessInput(t)
	scene, err := os.ReadFile("testdata/fall.xml")
	if err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(t.TempDir(), strings.Repeat("a_scene_with_a_long_name_", 6)+"end.xml")
	if err := os.WriteFile(long, scene, 0o644); err != nil {
		t.Fatal(err)
	}
	shot := screenshotWithKeys(t, bin, display, []string{"Tab"}, "view", long, "--frames", "30", "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	img := readPNG(t, shot)
	u := ui{scale: 1}
	x := float32(12)
	chars := int((shotW - 2*x) / u.char()) // the long name needs more: the list takes the window's width
	right := int(x+float32(chars)*u.char()) + panelPad
	if right > shotW-panelPad {
		t.Fatalf("the list reaches x = %d in a window %d wide", right, shotW)
	}
	statusBottom := 12 + statusLines*cellH*u.scale + panelPad
	text, beyond := 0, 0
	for y := statusBottom; y < shotH; y++ {
		for x := range shotW {
			if r, g, b, _ := img.At(x, y).RGBA(); r>>8 == 255 && g>>8 == 255 && b>>8 == 255 {
				text++
				if x >= right {
					beyond++
				}
			}
		}
	}
	if text == 0 || beyond > 0 {
		t.Errorf("%d white text pixels in the list, %d of them right of its edge at x = %d; want text, all inside", text, beyond, right)
	}
}
