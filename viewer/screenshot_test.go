package viewer

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

const shotW, shotH = 640, 360

// visiblePixel returns where the centre of mass of body i projects, if the body is the first
// thing the camera sees through that pixel.
func visiblePixel(s *Setup, cam *Camera, i int) (x, y float64, ok bool) {
	x, y, ok = cam.Project(s.World.Bodies[i].P, shotW, shotH)
	if !ok || x < 1 || y < 1 || x > shotW-2 || y > shotH-2 || underHUD(x, y) {
		return 0, 0, false
	}
	return x, y, firstHit(s, cam.Ray(math.Floor(x)+0.5, math.Floor(y)+0.5, shotW, shotH)) == i
}

// firstHit returns the body of s that ray meets first, −1 for none.
func firstHit(s *Setup, ray Ray) int {
	best, bestT := -1, math.Inf(1)
	for j, b := range s.World.Bodies {
		if t, _, hit := ray.MeshHit(b.Mesh.Vertices, b.Mesh.Triangles, BoundingRadius(b.Mesh.Vertices), b.R, b.P); hit && t < bestT {
			best, bestT = j, t
		}
	}
	return best
}

// underHUD reports whether pixel (x, y) of a shotW×shotH window may be covered by the
// statistics panel (top left, the font at its own size) or by notes (bottom right).
func underHUD(x, y float64) bool { return x < 300 && y < 60 || x > shotW-270 && y > shotH-90 }

// hueSat returns the hue (degrees) and saturation (0–1) of a colour.
func hueSat(c color.Color) (hue, sat float64) {
	r16, g16, b16, _ := c.RGBA()
	r, g, b := float64(r16)/65535, float64(g16)/65535, float64(b16)/65535
	hi, lo := math.Max(r, math.Max(g, b)), math.Min(r, math.Min(g, b))
	if hi == 0 || hi == lo {
		return 0, 0
	}
	d := hi - lo
	switch hi {
	case r:
		hue = math.Mod((g-b)/d+6, 6)
	case g:
		hue = (b-r)/d + 2
	default:
		hue = (r-g)/d + 4
	}
	return hue * 60, d / hi
}

func hueDistance(a, b float64) float64 {
	d := math.Mod(math.Abs(a-b), 360)
	return math.Min(d, 360-d)
}

// The screenshot after N frames shows each visible body in its colour where the camera
// projects its centre of mass, the grey floor where the camera projects a free patch of it,
// and sky above the horizon.
func TestScreenshotShowsScene(t *testing.T) {
	bin, display := headless(t)
	const frames = 20
	scene := "testdata/shot.xml"
	dir := t.TempDir()
	out, record := filepath.Join(dir, "shot.png"), filepath.Join(dir, "frames")
	runTumble(t, bin, display, "view", scene, "--frames", strconv.Itoa(frames), "--screenshot", out,
		"--record", record, "--size", fmt.Sprintf("%dx%d", shotW, shotH), "--fps", "0")
	recorded, err := filepath.Glob(filepath.Join(record, "frame-*.png"))
	if err != nil || len(recorded) != frames {
		t.Errorf("--record saved %d frames, want %d", len(recorded), frames)
	}
	if len(recorded) > 0 {
		last, _ := os.ReadFile(recorded[len(recorded)-1])
		shot, _ := os.ReadFile(out)
		if string(last) != string(shot) {
			t.Errorf("the last recorded frame %s differs from the screenshot", recorded[len(recorded)-1])
		}
	}
	img := readPNG(t, out)
	if b := img.Bounds(); b.Dx() != shotW || b.Dy() != shotH {
		t.Fatalf("screenshot is %v, want %d×%d", b, shotW, shotH)
	}
	colours := map[color.RGBA]bool{}
	for y := 0; y < shotH; y += 3 {
		for x := 0; x < shotW; x += 3 {
			r, g, b, _ := img.At(x, y).RGBA()
			colours[color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}] = true
		}
	}
	if len(colours) < 20 {
		t.Fatalf("screenshot looks blank: %d distinct colours", len(colours))
	}

	// Replay the run in-process: the camera frames the scene at the start, then each frame
	// takes one step.
	s, err := Open(scene)
	if err != nil {
		t.Fatal(err)
	}
	cam := FrameScene(s, float64(shotW)/shotH)
	for range frames {
		s.World.Step()
	}
	seen := 0
	for i, b := range s.World.Bodies {
		x, y, ok := visiblePixel(s, &cam, i)
		if !ok {
			continue
		}
		seen++
		want, _ := hueSat(toRGBA(bodyColor(i, b.Fixed)))
		got, sat := hueSat(img.At(int(x), int(y)))
		if sat < 0.15 || hueDistance(got, want) > 25 {
			t.Errorf("body %d at pixel (%.0f, %.0f): hue %.0f° saturation %.2f, want its colour's hue %.0f°", i, x, y, got, sat, want)
		}
	}
	if seen == 0 {
		t.Fatal("the test scene shows no body's centre unobstructed")
	}

	fx, fy, ok := freeFloorPixel(s, &cam)
	if !ok {
		t.Fatal("no free patch of floor in view")
	}
	if _, sat := hueSat(img.At(fx, fy)); sat > 0.06 {
		t.Errorf("floor at pixel (%d, %d) is %v, want grey", fx, fy, img.At(fx, fy))
	}
	// Top right: where the ray misses the floor, the pixel is sky.
	if _, hit := cam.Ray(shotW-0.5, 0.5, shotW, shotH).Plane(mgl64.Vec3{}, mgl64.Vec3{0, 1, 0}); !hit {
		r, g, b, _ := img.At(shotW-1, 0).RGBA()
		sky := toRGBA(skyColor)
		if d := math.Abs(float64(r>>8)-float64(sky.R)) + math.Abs(float64(g>>8)-float64(sky.G)) + math.Abs(float64(b>>8)-float64(sky.B)); d > 6 {
			t.Errorf("sky pixel is (%d, %d, %d), want %v", r>>8, g>>8, b>>8, sky)
		}
	}
}

// freeFloorPixel returns a pixel showing the floor (y = 0) at least a metre clear of every
// body's bounding sphere, seen past all of them.
func freeFloorPixel(s *Setup, cam *Camera) (int, int, bool) {
	for y := shotH - 20; y > shotH/2; y -= 20 {
		for x := 20; x < shotW; x += 20 {
			ray := cam.Ray(float64(x)+0.5, float64(y)+0.5, shotW, shotH)
			d, hit := ray.Plane(mgl64.Vec3{}, mgl64.Vec3{0, 1, 0})
			if !hit {
				continue
			}
			p, clear := ray.At(d), !underHUD(float64(x), float64(y))
			for _, b := range s.World.Bodies {
				r := BoundingRadius(b.Mesh.Vertices)
				if ray.HitsSphere(b.P, r+0.2) || p.Sub(b.P).Len() < r+1 {
					clear = false
				}
			}
			if clear {
				return x, y, true
			}
		}
	}
	return 0, 0, false
}

func toRGBA(c [3]float32) color.RGBA {
	return color.RGBA{uint8(c[0]*255 + 0.5), uint8(c[1]*255 + 0.5), uint8(c[2]*255 + 0.5), 255}
}

// c draws the contact points and normals: the resting box and torus get red marks (contacts
// that pushed), and without c there is no such red at all. The marks are drawn where the
// camera sees them, and the contacts under the bodies show in wireframe (w).
func TestContactMarks(t *testing.T) {
	bin, display := headlessInput(t)
	red := func(path string) int { return countRed(t, path) }
	args := []string{"view", "testdata/shot.xml", "--frames", "90", "--size", fmt.Sprintf("%dx%d", shotW, shotH)}
	plain, _ := screenshotsWithC(t, bin, display, args...)
	if n := red(plain); n != 0 {
		t.Errorf("%d red pixels without contact marks", n)
	}
	n := red(screenshotWithKeys(t, bin, display, []string{"c", "w"}, args...))
	if n < 20 {
		t.Errorf("%d red pixels with contact marks in wireframe, want the resting bodies' contacts drawn", n)
	}
	t.Logf("%d red pixels with contact marks in wireframe", n)
}

// countRed counts the pixels of the contact marks' red in the PNG file at path.
func countRed(t *testing.T, path string) int {
	img := readPNG(t, path)
	n := 0
	for y := 0; y < shotH; y++ {
		for x := 0; x < shotW; x++ {
			if markRed(img.At(x, y)) {
				n++
			}
		}
	}
	return n
}

// Contact marks and the selected body's box are drawn where the camera sees them, not
// through the bodies in front of them: with c, a box in view shows its contacts in red and a
// box behind a wall shows none through it, until wireframe (w) opens the wall; the selected
// cube's box shows along the edges the camera sees and not along the one behind the cube.
func TestLinesHideBehindBodies(t *testing.T) {
	bin, display := headlessInput(t)
	size := fmt.Sprintf("%dx%d", shotW, shotH)
	s, err := Open("testdata/hidden.xml")
	if err != nil {
		t.Fatal(err)
	}
	cam := FrameScene(s, float64(shotW)/shotH)
	hidden, wall := s.World.Bodies[0], s.World.Bodies[2]
	lo, hi := mgl64.Vec2{shotW, shotH}, mgl64.Vec2{} // the wall's extent on screen
	for _, v := range wall.Mesh.Vertices {
		x, y, _ := cam.Project(wall.R.Mul3x1(v).Add(wall.P), shotW, shotH)
		lo, hi = mgl64.Vec2{min(lo[0], x), min(lo[1], y)}, mgl64.Vec2{max(hi[0], x), max(hi[1], y)}
	}
	for _, corner := range []mgl64.Vec3{{-0.5, -0.5, -0.5}, {0.5, -0.5, 0.5}, {0.5, 0.5, 0.5}} { // the box's extremes
		x, y, _ := cam.Project(hidden.P.Add(corner), shotW, shotH)
		ray := cam.Ray(x, y, shotW, shotH)
		if _, _, hit := ray.MeshHit(wall.Mesh.Vertices, wall.Mesh.Triangles, BoundingRadius(wall.Mesh.Vertices), wall.R, wall.P); !hit {
			t.Fatalf("the wall does not hide the box's corner %v from the camera: the test scene needs moving", corner)
		}
	}
	red := func(keys ...string) (onWall, elsewhere int) {
		img := readPNG(t, screenshotWithKeys(t, bin, display, keys, "view", "testdata/hidden.xml", "--frames", "120", "--size", size))
		for y := range shotH {
			for x := range shotW {
				if !markRed(img.At(x, y)) {
					continue
				}
				if float64(x) >= lo[0] && float64(x) <= hi[0] && float64(y) >= lo[1] && float64(y) <= hi[1] {
					onWall++
				} else {
					elsewhere++
				}
			}
		}
		return onWall, elsewhere
	}
	onWall, elsewhere := red("c")
	t.Logf("with c: %d red pixels on the wall, %d elsewhere", onWall, elsewhere)
	if onWall != 0 || elsewhere == 0 {
		t.Errorf("with c: %d red pixels on the wall, %d elsewhere; want the box in view's contacts and none of the hidden one's", onWall, elsewhere)
	}
	if onWall, _ := red("c", "w"); onWall == 0 {
		t.Error("no red pixels on the wall in wireframe: the hidden box's contacts do not show through the wire wall")
	}

	// The selected cube of shot.xml: the camera looks at its +x, +y and +z faces, so the edge
	// where its −x and −z faces meet lies behind it; its front edges show the box's colour.
	shot, err := Open("testdata/shot.xml")
	if err != nil {
		t.Fatal(err)
	}
	cam = FrameScene(shot, float64(shotW)/shotH)
	cube := shot.World.Bodies[0]
	at := func(p mgl64.Vec3) (int, int) {
		x, y, _ := cam.Project(cube.P.Add(p), shotW, shotH)
		return int(x), int(y)
	}
	cx, cy := at(mgl64.Vec3{})
	img := readPNG(t, screenshotWithInput(t, bin, display, [][]string{{"mousemove", strconv.Itoa(cx), strconv.Itoa(cy), "click", "1"}},
		"view", "testdata/shot.xml", "--frames", "60", "--size", size))
	boxYellow := func(x0, y0 int) int { // pixels of the selection box's colour about (x0, y0)
		n := 0
		for y := y0 - 2; y <= y0+2; y++ {
			for x := x0 - 2; x <= x0+2; x++ {
				if r, g, b, _ := img.At(x, y).RGBA(); r>>8 > 200 && g>>8 > 160 && b>>8 < 120 {
					n++
				}
			}
		}
		return n
	}
	if x, y := at(mgl64.Vec3{0, 0, 0.5}); boxYellow(x, y) != 0 { // the middle of a face it shows
		t.Fatalf("the selected cube's own colour %v passes for the box's yellow", img.At(x, y))
	}
	if x, y := at(mgl64.Vec3{0.5, 0, 0.5}); boxYellow(x, y) == 0 {
		t.Errorf("no selection box along the cube's front edge at (%d, %d): was the cube selected?", x, y)
	}
	if x, y := at(mgl64.Vec3{-0.5, 0, -0.5}); boxYellow(x, y) != 0 {
		t.Errorf("the selection box shows along the cube's hidden back edge at (%d, %d)", x, y)
	}
}

// markRed reports whether a pixel has the contact marks' red.
func markRed(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return r>>8 > 150 && g>>8 < 90 && b>>8 < 90
}

// screenshotsWithC runs tumble with args (a view with --frames) twice, saving the last frame
// of each: the first as it is, the second with c pressed as soon as the window shows. It
// returns the two PNG files.
func screenshotsWithC(t *testing.T, bin, display string, args ...string) (plain, marked string) {
	t.Helper()
	dir := t.TempDir()
	plain = filepath.Join(dir, "plain.png")
	runTumble(t, bin, display, append(args, "--screenshot", plain)...)
	return plain, screenshotWithKeys(t, bin, display, []string{"c"}, args...)
}

// screenshotWithKeys runs tumble with args (a view with --frames), presses keys as soon as
// the window shows, and returns the PNG file of its last frame.
func screenshotWithKeys(t *testing.T, bin, display string, keys []string, args ...string) string {
	t.Helper()
	return screenshotWithInput(t, bin, display, [][]string{append([]string{"key"}, keys...)}, args...)
}

// screenshotWithInput runs tumble with args (a view with --frames), sends it xdotool's
// commands as soon as the window shows ({"key", "c"}, {"mousemove", "10", "20", "click",
// "1"}: each given the window), and returns the PNG file of its last frame.
func screenshotWithInput(t *testing.T, bin, display string, input [][]string, args ...string) string {
	t.Helper()
	shot := filepath.Join(t.TempDir(), "input.png")
	cmd := exec.Command(bin, append(args, "--screenshot", shot)...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--pid", strconv.Itoa(cmd.Process.Pid)))[0]
	for _, c := range input {
		xdotool(t, display, append([]string{c[0], "--window", wid}, c[1:]...)...)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	return shot
}

// readPNG decodes the PNG file at path.
func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	return decodeFile(t, path, png.Decode)
}

// decodeFile decodes the file at path with decode, failing the test if it cannot.
func decodeFile[T any](t *testing.T, path string, decode func(io.Reader) (T, error)) T {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	v, err := decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}
