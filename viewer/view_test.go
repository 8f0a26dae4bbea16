package viewer

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"tumble/data"
)

const shotW, shotH = 640, 360

// visiblePixel returns where the centre of mass of body i projects, if the body is the first
// thing the camera sees through that pixel.
func visiblePixel(s *Setup, cam *Camera, i int) (x, y float64, ok bool) {
	x, y, ok = cam.Project(s.World.Bodies[i].P, shotW, shotH)
	if !ok || x < 1 || y < 1 || x > shotW-2 || y > shotH-2 || underHUD(x, y) {
		return 0, 0, false
	}
	ray := cam.Ray(math.Floor(x)+0.5, math.Floor(y)+0.5, shotW, shotH)
	best, bestT := -1, math.Inf(1)
	for j, b := range s.World.Bodies {
		if t, _, hit := ray.MeshHit(b.Mesh.Vertices, b.Mesh.Triangles, BoundingRadius(b.Mesh.Vertices), b.R, b.P); hit && t < bestT {
			best, bestT = j, t
		}
	}
	return x, y, best == i
}

// underHUD reports whether pixel (x, y) may be covered by the statistics panel.
func underHUD(x, y float64) bool { return x < 420 && y < 110 }

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
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
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

// A left-drag on a body picks it, pulls it toward the cursor while held, and lets it fly on
// with its velocity after release.
func TestDragFlingsBody(t *testing.T) {
	bin, display := headless(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (apt-get install xdotool, or `make deps`)")
	}
	scene := "testdata/drag.xml"
	s, err := Open(scene)
	if err != nil {
		t.Fatal(err)
	}
	cam := FrameScene(s, float64(shotW)/shotH)
	const body = 0
	x0, y0, ok := visiblePixel(s, &cam, body)
	if !ok {
		t.Fatal("body 0 of the drag scene is not in view")
	}
	trace := filepath.Join(t.TempDir(), "trace.csv")
	// Interactive mode (no --frames): the simulation keeps to wall time whatever the frame
	// rate, so the spring's pull over the drag does not depend on how busy the machine is.
	cmd := exec.Command(bin, "view", scene, "--trace", trace, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	wid := xdotool(t, display, "search", "--sync", "--name", "^Tumble")
	wid = strings.Fields(wid)[0]
	time.Sleep(300 * time.Millisecond)
	// Drag 150 px right and 60 px up over about 0.75 s, letting go while still moving.
	const dx, dy = 150.0, -60.0
	move := func(f float64) {
		xdotool(t, display, "mousemove", "--window", wid, fmt.Sprint(int(x0+f*dx)), fmt.Sprint(int(y0+f*dy)))
	}
	move(0)
	xdotool(t, display, "mousedown", "1")
	for k := 1; k <= 30; k++ {
		time.Sleep(25 * time.Millisecond)
		move(float64(k) / 30)
	}
	xdotool(t, display, "mouseup", "1")
	time.Sleep(400 * time.Millisecond)
	xdotool(t, display, "key", "--window", wid, "Escape")
	quit := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	defer quit.Stop()

	var log []string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		log = append(log, sc.Text())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("tumble view: %v\n%s", err, strings.Join(log, "\n"))
	}
	var picked, pickStep, released, releaseStep int
	var hit mgl64.Vec3
	var found [2]bool
	for _, l := range log {
		if n, _ := fmt.Sscanf(l, "pick body %d at step %d, point %g %g %g", &picked, &pickStep, &hit[0], &hit[1], &hit[2]); n == 5 {
			found[0] = true
		}
		if n, _ := fmt.Sscanf(l, "release body %d at step %d", &released, &releaseStep); n == 2 {
			found[1] = true
		}
	}
	if !found[0] || !found[1] || picked != body || released != body {
		t.Fatalf("want body %d picked and released; viewer said:\n%s", body, strings.Join(log, "\n"))
	}
	states := readTrace(t, trace, body)
	// at returns the first traced state at or after step, and its step.
	at := func(step int) (traced, int) {
		for s := step; s <= step+100; s++ {
			if st, ok := states[s]; ok {
				return st, s
			}
		}
		t.Fatalf("trace has no row from step %d on", step)
		return traced{}, 0
	}
	at0, _ := at(pickStep)
	at1, _ := at(releaseStep)
	p1 := at1.p
	// While held, the picked point follows the cursor on screen.
	local := at0.rotation().Transpose().Mul3x1(hit.Sub(at0.p))
	sx0, sy0, _ := cam.Project(hit, shotW, shotH)
	sx1, sy1, _ := cam.Project(at1.rotation().Mul3x1(local).Add(p1), shotW, shotH)
	along := ((sx1-sx0)*dx + (sy1-sy0)*dy) / (dx*dx + dy*dy)
	if along < 0.5 {
		t.Errorf("during the drag (steps %d–%d) the picked point moved %.2f of the cursor's way on screen, want ≥ 0.5", pickStep, releaseStep, along)
	}
	// After release it flies on: horizontally it keeps its release velocity.
	v := at1.v
	vh := mgl64.Vec3{v[0], 0, v[2]}
	later, laterStep := at(releaseStep + 6)
	k := float64(laterStep - releaseStep)
	moved := later.p.Sub(p1)
	moved[1] = 0
	dt := s.World.Dt
	if vh.Len() < 0.3 {
		t.Fatalf("horizontal velocity at release %.3f m/s: the drag did not throw the body", vh.Len())
	}
	if got, want := moved.Dot(vh.Normalize()), 0.8*vh.Len()*k*dt; got < want {
		t.Errorf("%g steps after release the body moved %.3f m along its release velocity, want ≥ %.3f", k, got, want)
	}
	t.Logf("picked at step %d, released at %d: %.2f of the cursor's way, release speed %.2f m/s", pickStep, releaseStep, along, v.Len())
}

type traced struct{ p, r, v mgl64.Vec3 }

// rotation returns the rotation matrix of the traced rotation vector.
func (s traced) rotation() mgl64.Mat3 {
	if s.r.Len() == 0 {
		return mgl64.Ident3()
	}
	return mgl64.HomogRotate3D(s.r.Len(), s.r.Normalize()).Mat3()
}

// readTrace returns body's position and velocity by step from a --trace file.
func readTrace(t *testing.T, path string, body int) map[int]traced {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0], ",") != "step,time,body,px,py,pz,rx,ry,rz,vx,vy,vz,wx,wy,wz" {
		t.Fatalf("trace header %v", rows[0])
	}
	out := map[int]traced{}
	for _, r := range rows[1:] {
		var x [15]float64
		for i := range x {
			if x[i], err = strconv.ParseFloat(r[i], 64); err != nil {
				t.Fatalf("trace row %v: %v", r, err)
			}
		}
		if int(x[2]) == body {
			out[int(x[0])] = traced{p: mgl64.Vec3{x[3], x[4], x[5]}, r: mgl64.Vec3{x[6], x[7], x[8]}, v: mgl64.Vec3{x[9], x[10], x[11]}}
		}
	}
	return out
}

func xdotool(t *testing.T, display string, args ...string) string {
	t.Helper()
	cmd := exec.Command("xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("xdotool %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// Space pauses (the trace's step stops advancing while frames go on), n takes exactly one
// step while paused, and r resets the scene to step 0 (still paused).
func TestPauseAndSingleStep(t *testing.T) {
	bin, display := headless(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (apt-get install xdotool, or `make deps`)")
	}
	trace := filepath.Join(t.TempDir(), "trace.csv")
	cmd := exec.Command(bin, "view", "testdata/drag.xml", "--frames", "150", "--trace", trace, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble"))[0]
	time.Sleep(300 * time.Millisecond)
	xdotool(t, display, "key", "--window", wid, "space")
	time.Sleep(400 * time.Millisecond)
	xdotool(t, display, "key", "--window", wid, "n")
	time.Sleep(400 * time.Millisecond)
	xdotool(t, display, "key", "--window", wid, "r")
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(trace)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	// One row per frame for body 0: the step it shows.
	var steps []int
	for _, r := range rows[1:] {
		if r[2] == "0" {
			n, _ := strconv.Atoi(r[0])
			steps = append(steps, n)
		}
	}
	// Expect 1, 2, …, p (running), p repeated (paused), p+1 repeated (after n), then 0
	// repeated (after r).
	type run struct{ step, frames int }
	var runs []run
	for _, s := range steps {
		if len(runs) > 0 && runs[len(runs)-1].step == s {
			runs[len(runs)-1].frames++
		} else {
			runs = append(runs, run{s, 1})
		}
	}
	n := len(runs)
	if n < 4 {
		t.Fatalf("runs of frames per step %v: want running, paused, one step, reset", runs)
	}
	paused, stepped, reset := runs[n-3], runs[n-2], runs[n-1]
	if paused.frames < 5 || stepped.step != paused.step+1 || stepped.frames < 5 || reset.step != 0 || reset.frames < 5 {
		t.Fatalf("last runs (step, frames) %v: want ≥ 5 frames paused at p, then at p+1, then at 0", runs[n-3:])
	}
	for i, r := range runs[:n-3] {
		if r.step != i+1 || r.frames != 1 {
			t.Errorf("before the pause, run %d is %v: want step %d in 1 frame", i, r, i+1)
		}
	}
}

// c draws the contact points and normals: the resting box and torus get red marks (contacts
// that pushed), and without c there is no such red at all.
func TestContactMarks(t *testing.T) {
	bin, display := headless(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (apt-get install xdotool, or `make deps`)")
	}
	red := func(path string) int {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for y := 0; y < shotH; y++ {
			for x := 0; x < shotW; x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				if r>>8 > 150 && g>>8 < 90 && b>>8 < 90 {
					n++
				}
			}
		}
		return n
	}
	dir := t.TempDir()
	plain, marked := filepath.Join(dir, "plain.png"), filepath.Join(dir, "marked.png")
	args := []string{"view", "testdata/shot.xml", "--frames", "90", "--size", fmt.Sprintf("%dx%d", shotW, shotH)}
	runTumble(t, bin, display, append(args, "--screenshot", plain)...)
	cmd := exec.Command(bin, append(args, "--screenshot", marked)...)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble"))[0]
	xdotool(t, display, "key", "--window", wid, "c")
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	if n := red(plain); n != 0 {
		t.Errorf("%d red pixels without contact marks", n)
	}
	n := red(marked)
	if n < 20 {
		t.Errorf("%d red pixels with contact marks, want the resting bodies' contacts drawn", n)
	}
	t.Logf("%d red pixels with contact marks", n)
}

// + and − change the solver iterations, p saves a screenshot, and the number keys open the
// built-in scenes; the title shows the scene and the statistics.
func TestKeysIterationsScenesTitle(t *testing.T) {
	bin, display := headless(t)
	if _, err := exec.LookPath("xdotool"); err != nil {
		t.Skip("xdotool is not installed (apt-get install xdotool, or `make deps`)")
	}
	scene, err := filepath.Abs("testdata/drag.xml")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "view", scene, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	cmd.Dir = t.TempDir() // where p saves its screenshot
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	quit := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
	defer quit.Stop()
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble"))[0]
	// title waits for the statistics, refreshed twice a second, to contain want.
	title := func(want string) string {
		var got string
		for range 20 {
			time.Sleep(150 * time.Millisecond)
			if got = strings.TrimSpace(xdotool(t, display, "getwindowname", wid)); strings.Contains(got, want) {
				break
			}
		}
		return got
	}
	xdotool(t, display, "key", "--window", wid, "plus", "plus", "plus", "minus")
	if got := title("| 12 iterations |"); !strings.Contains(got, "| 12 iterations |") || !strings.Contains(got, "drag.xml") {
		t.Errorf("after + + + − the title is %q, want drag.xml with 12 iterations", got)
	}
	for _, part := range []string{"fps", "ms/step", "1 bodies", "contacts", "energy"} {
		if got := title(part); !strings.Contains(got, part) {
			t.Errorf("title %q lacks %q", got, part)
		}
	}
	xdotool(t, display, "key", "--window", wid, "p")
	time.Sleep(300 * time.Millisecond)
	if shots, _ := filepath.Glob(filepath.Join(cmd.Dir, "tumble-*.png")); len(shots) != 1 {
		t.Errorf("p saved %v, want one tumble-*.png in the working directory", shots)
	}
	second := "Tumble: " + data.SceneNames()[1]
	xdotool(t, display, "key", "--window", wid, "2")
	if got := title(second); !strings.HasPrefix(got, second) {
		t.Errorf("after 2 the title is %q, want it to start with %q", got, second)
	}
	xdotool(t, display, "key", "--window", wid, "Escape")
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
}
