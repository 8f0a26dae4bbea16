package viewer

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"tumble/data"
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
	const byMouse = 5
	names := data.SceneNames()
	for i, name := range names {
		switch {
		case i < byMouse: // rows do not scroll while the cursor stays in the list's top half
			l.click(20, float64(u.browserRowY(i+1)+u.row()/2))
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
		ray := cam.Ray(math.Floor(x)+0.5, math.Floor(y)+0.5, shotW, shotH)
		best, bestT := -1, math.Inf(1)
		for j, o := range s.World.Bodies {
			if t, _, hit := ray.MeshHit(o.Mesh.Vertices, o.Mesh.Triangles, BoundingRadius(o.Mesh.Vertices), o.R, o.P); hit && t < bestT {
				best, bestT = j, t
			}
		}
		if best == i {
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
	b := newBrowser([]string{"a", "b"}, "testdata/drag.xml")
	var got []string
	for _, e := range b.entries {
		got = append(got, e.source)
	}
	want := []string{"a", "b", "testdata/drag.xml", "testdata/fall.xml", "testdata/floor1000.xml", "testdata/lattice1000.xml", "testdata/shot.xml"}
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
	if i := b.add("testdata/fall.xml"); i != 3 || len(b.entries) != len(want) {
		t.Errorf("adding a listed file: index %d, %d entries", i, len(b.entries))
	}
	if i := b.add("/elsewhere/dropped.xml"); i != len(want) || b.entries[i].label != "dropped.xml" {
		t.Errorf("a dropped file: index %d, entry %v", i, b.entries[i])
	}
}
