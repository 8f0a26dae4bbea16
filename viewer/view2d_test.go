package viewer

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
)

// scene2D is a project 2D scene's path from this package.
func scene2D(name string) string { return filepath.Join("..", "data", "scenes2d", name+".xml") }

// runCSVFile runs tumble 2d run --steps steps --csv on the scene and returns the CSV's rows.
func runCSVFile(t *testing.T, bin, scene string, steps int) [][]string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "run.csv")
	runTumble(t, bin, "", "2d", "run", "--steps", strconv.Itoa(steps), "--csv", path, scene)
	return readCSV(t, path)
}

// A scene stepped N times in the window, one step a frame, ends where tumble 2d run --steps N
// ends, bit for bit: the trace is the run's CSV byte for byte, for a scene of each kind of
// response.
func TestView2DTraceIsRun(t *testing.T) {
	bin, display := headless(t)
	const frames = 120
	for _, name := range []string{"contact_lcp_stack", "contact_pgs_pyramid", "contact_velocity_projection_seesaw", "wind_on_shapes"} {
		dir := t.TempDir()
		view, run := filepath.Join(dir, "view.csv"), filepath.Join(dir, "run.csv")
		runTumble(t, bin, display, "view", scene2D(name), "--frames", strconv.Itoa(frames), "--fps", "0", "--trace", view,
			"--size", fmt.Sprintf("%dx%d", shotW, shotH))
		runTumble(t, bin, "", "2d", "run", "--steps", strconv.Itoa(frames), "--csv", run, scene2D(name))
		a, _ := os.ReadFile(view)
		b, _ := os.ReadFile(run)
		if len(a) == 0 || string(a) != string(b) {
			t.Errorf("%s: the window's trace (%d bytes) is not tumble 2d run's CSV (%d bytes)", name, len(a), len(b))
		}
	}
}

// tumble view takes a built-in 2D scene by name, as tumble 2d run does: stepped N frames it
// traces, byte for byte, what tumble 2d run --steps N --csv writes for that name.
func TestView2DBuiltinByName(t *testing.T) {
	bin, display := headless(t)
	const name, frames = "contact_velocity_projection_seesaw", 90
	dir := t.TempDir()
	view, run := filepath.Join(dir, "view.csv"), filepath.Join(dir, "run.csv")
	runTumble(t, bin, display, "view", name, "--frames", strconv.Itoa(frames), "--fps", "0", "--trace", view, "--size", "320x180")
	runTumble(t, bin, "", "2d", "run", "--steps", strconv.Itoa(frames), "--csv", run, name)
	a, _ := os.ReadFile(view)
	b, _ := os.ReadFile(run)
	if rows := strings.Count(string(a), "\n"); rows < frames || string(a) != string(b) {
		t.Errorf("tumble view %s traced %d lines, not tumble 2d run's CSV of %d bytes", name, rows, len(b))
	}
}

// waitTitle polls the window's title until it contains want (or, with absent, until it does
// not), for up to 3 s, and returns the last title read.
func waitTitle(t *testing.T, display, wid, want string, absent bool) string {
	t.Helper()
	var title string
	for range 60 {
		title = strings.TrimSpace(xdotool(t, display, "getwindowname", wid))
		if strings.Contains(title, want) != absent {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	return title
}

// Space pauses, n takes one step, r restarts at step 0, one step a frame; every state the
// window shows is, bit for bit, tumble 2d run's state at the same step.
func TestView2DKeysStepAsRun(t *testing.T) {
	bin, display := headlessInput(t)
	scene := scene2D("contact_lcp")
	rows := pauseStepResetTrace(t, bin, display, scene)
	want := map[string]string{} // step and body → tumble 2d run's row
	for _, r := range runCSVFile(t, bin, scene, 150) {
		want[r[0]+","+r[2]] = strings.Join(r, ",")
	}
	for _, r := range rows[1:] {
		if got := strings.Join(r, ","); got != want[r[0]+","+r[2]] {
			t.Fatalf("the window's row %q is not tumble 2d run's %q", got, want[r[0]+","+r[2]])
		}
	}
	checkPauseStepReset(t, rows, 0) // the first row is the opening state
}

// The dumped contacts of an LCP scene at step N, as tumble 2d run --dump N lists them.
type dumpedContact struct{ p, n mgl64.Vec2 }

func dumpContacts(t *testing.T, bin, scene string, step int) []dumpedContact {
	t.Helper()
	out := runTumble(t, bin, "", "2d", "run", "--steps", strconv.Itoa(step), "--dump", strconv.Itoa(step), scene)
	_, list, ok := strings.Cut(out, "contacts: bodies i0 i1, point x y (m), normal from i0 to i1, λ (N s) =\n")
	if !ok || !strings.HasPrefix(out, fmt.Sprintf("step %d ", step)) {
		t.Fatalf("tumble 2d run --dump %d printed no contacts at step %d:\n%s", step, step, out)
	}
	var cs []dumpedContact
	sc := bufio.NewScanner(strings.NewReader(list))
	for sc.Scan() {
		var k, i0, i1 int
		var lambda float64
		var c dumpedContact
		if n, _ := fmt.Sscanf(sc.Text(), "%d: %d %d %g %g %g %g %g", &k, &i0, &i1, &c.p[0], &c.p[1], &c.n[0], &c.n[1], &lambda); n == 8 {
			cs = append(cs, c)
		}
	}
	if len(cs) == 0 {
		t.Fatalf("no contacts in %q", list)
	}
	return cs
}

// With c, the screenshot of an LCP scene shows each contact's dot and normal where tumble 2d
// run --dump puts the contact at the same step, projected by the camera the window opens
// with; without c there is no contact red anywhere.
func TestView2DContactsWhereDumped(t *testing.T) {
	bin, display := headlessInput(t)
	const frames, w, h = 90, 800, 600
	scene := scene2D("contact_lcp")
	contacts := dumpContacts(t, bin, scene, frames)
	plain, marked := screenshotsWithC(t, bin, display, "view", scene, "--frames", strconv.Itoa(frames), "--size", fmt.Sprintf("%dx%d", w, h))
	sc, err := fosssim.Load(scene)
	if err != nil {
		t.Fatal(err)
	}
	cam := fitCamera2D(sc, sc.Bodies, float64(w)/h)
	on, off := readPNG(t, marked), readPNG(t, plain)
	// red reports whether a pixel within one of (x, y) has the contacts' colour.
	red := func(img image.Image, x, y float64) bool {
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				if markRed(img.At(int(x)+dx, int(y)+dy)) {
					return true
				}
			}
		}
		return false
	}
	length := cam.Half / 10 // render.NormalLength
	for k, c := range contacts {
		for _, f := range []float64{0, 0.3, 0.6, 0.9} {
			x, y := cam.toPixel(c.p.Add(c.n.Mul(f*length)), w, h)
			if !red(on, x, y) || red(off, x, y) {
				t.Errorf("contact %d at %v, %.0f%% along its normal: pixel (%.0f, %.0f) red with c %v, without %v; want red only with c",
					k, c.p, 100*f, x, y, red(on, x, y), red(off, x, y))
			}
		}
		// Behind the contact, against its normal, is the floor, not the mark.
		if x, y := cam.toPixel(c.p.Sub(c.n.Mul(0.6*length)), w, h); red(on, x, y) {
			t.Errorf("contact %d: red behind the contact at (%.0f, %.0f): the normal points the wrong way", k, x, y)
		}
	}
	b := off.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if red(off, float64(x), float64(y)) {
				t.Fatalf("red at (%d, %d) without c", x, y)
			}
		}
	}
}

// Dragging a body pulls it away from where the scene's own run has it, the title says the
// run is no longer the scene's own, and r restores the scene's own run: from the reset on,
// every state is tumble 2d run's, bit for bit.
func TestView2DPullAndReset(t *testing.T) {
	bin, display := headlessInput(t)
	scene := scene2D("contact_lcp_stack")
	sc, err := fosssim.Load(scene)
	if err != nil {
		t.Fatal(err)
	}
	// The top box comes to rest on the other within half a second: it is picked there.
	const body, rest = 2, 500
	rows := runCSVFile(t, bin, scene, rest)
	var at mgl64.Vec2
	for k := range at {
		at[k], _ = strconv.ParseFloat(rows[len(rows)-len(sc.Bodies)+body][3+k], 64)
	}
	cam := fitCamera2D(sc, sc.Bodies, float64(shotW)/shotH)
	x0, y0 := cam.toPixel(at, shotW, shotH)
	trace := filepath.Join(t.TempDir(), "trace.csv")
	cmd := exec.Command(bin, "view", scene, "--trace", trace, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	var log strings.Builder
	cmd.Stdout = &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	quit := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	defer quit.Stop()
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble 2D"))[0]
	waitSimTime(t, display, wid, float64(rest)*sc.Dt)
	xdotool(t, display, "mousemove", "--window", wid, fmt.Sprint(int(x0)), fmt.Sprint(int(y0)))
	xdotool(t, display, "mousedown", "1")
	for k := 1; k <= 20; k++ {
		time.Sleep(30 * time.Millisecond)
		xdotool(t, display, "mousemove", "--window", wid, fmt.Sprint(int(x0)+6*k), fmt.Sprint(int(y0)-3*k))
	}
	time.Sleep(200 * time.Millisecond)
	xdotool(t, display, "mouseup", "1")
	if title := waitTitle(t, display, wid, "not the scene's own run", false); !strings.Contains(title, "not the scene's own run") {
		t.Errorf("after the drag the title is %q: want it to say the run is not the scene's own", title)
	}
	xdotool(t, display, "key", "--window", wid, "r")
	if title := waitTitle(t, display, wid, "not the scene's own run", true); strings.Contains(title, "not the scene's own run") {
		t.Errorf("after r the title is %q: want the scene's own run again", title)
	}
	time.Sleep(300 * time.Millisecond)
	xdotool(t, display, "key", "--window", wid, "Escape")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("tumble view: %v\n%s", err, log.String())
	}
	var picked, pickStep, released, releaseStep int
	for _, l := range strings.Split(log.String(), "\n") {
		fmt.Sscanf(l, "pick body %d at step %d", &picked, &pickStep)
		fmt.Sscanf(l, "release body %d at step %d", &released, &releaseStep)
	}
	if picked != body || released != body || releaseStep <= pickStep {
		t.Fatalf("log %q: want body %d picked, then released steps later", log.String(), body)
	}
	rows = readCSV(t, trace)[1:]
	last := 0 // where the reset's rows begin
	for i, r := range rows {
		if r[0] == "0" && r[2] == "0" {
			last = i
		}
	}
	steps, _ := strconv.Atoi(rows[len(rows)-1][0])
	before, _ := strconv.Atoi(rows[max(last-1, 0)][0])
	want := map[string]string{}
	for _, r := range runCSVFile(t, bin, scene, max(steps, before)) {
		want[r[0]+","+r[2]] = strings.Join(r, ",")
	}
	if last == 0 || steps < 5 {
		t.Fatalf("the trace has no reset followed by steps (reset at row %d, last step %d)", last, steps)
	}
	for _, r := range rows[last:] {
		if got := strings.Join(r, ","); got != want[r[0]+","+r[2]] {
			t.Fatalf("after r, row %q is not tumble 2d run's %q", got, want[r[0]+","+r[2]])
		}
	}
	// At the release the pulled box is right of and above where it rests in the scene's run.
	for _, r := range rows[:last] {
		if r[0] != strconv.Itoa(releaseStep) || r[2] != strconv.Itoa(body) {
			continue
		}
		own := strings.Split(want[r[0]+","+r[2]], ",")
		x, _ := strconv.ParseFloat(r[3], 64)
		y, _ := strconv.ParseFloat(r[4], 64)
		ox, _ := strconv.ParseFloat(own[3], 64)
		oy, _ := strconv.ParseFloat(own[4], 64)
		if x-ox < 0.05 || y-oy < 0.02 {
			t.Errorf("at the release (step %d) the box is at (%g, %g), the scene's own run has it at (%g, %g): want it pulled right and up", releaseStep, x, y, ox, oy)
		}
		return
	}
	t.Errorf("the trace has no row of body %d at the release step %d", body, releaseStep)
}

// Without a display a 2D scene fails with one line pointing to tumble 2d run.
func TestView2DNoDisplay(t *testing.T) {
	bin, _ := headless(t)
	out := withoutDisplay(t, bin, "view", scene2D("contact_lcp"))
	if msg := string(out); strings.Count(msg, "\n") != 1 || !strings.Contains(msg, "tumble 2d run SCENE") || strings.Contains(msg, "tumble sim") {
		t.Errorf("message %q: want one line pointing to tumble 2d run", msg)
	}
}

// The wheel zooms about the cursor and a right-drag pans: after both, the fixed floor of the
// screenshot is where the camera moved by the same zoom and pan puts it, and not where the
// first camera had it.
func TestView2DPanZoom(t *testing.T) {
	bin, display := headlessInput(t)
	const w, h, notches = 800, 600, 5
	scene := scene2D("contact_lcp")
	sc, err := fosssim.Load(scene)
	if err != nil {
		t.Fatal(err)
	}
	shot := filepath.Join(t.TempDir(), "shot.png")
	cmd := exec.Command(bin, "view", scene, "--frames", "180", "--size", fmt.Sprintf("%dx%d", w, h), "--screenshot", shot)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble 2D"))[0]
	first := fitCamera2D(sc, sc.Bodies, float64(w)/h)
	cam := first
	const cx, cy, dx, dy = 500, 300, -120, 40
	xdotool(t, display, "mousemove", "--window", wid, strconv.Itoa(cx), strconv.Itoa(cy))
	xdotool(t, display, "click", "--repeat", strconv.Itoa(notches), "4") // wheel up: in
	cam.zoom(notches, cx, cy, w, h)
	xdotool(t, display, "mousedown", "3")
	for k := 1; k <= 4; k++ {
		xdotool(t, display, "mousemove", "--window", wid, strconv.Itoa(cx+k*dx/4), strconv.Itoa(cy+k*dy/4))
	}
	xdotool(t, display, "mouseup", "3")
	cam.pan(dx, dy, h)
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	img := readPNG(t, shot)
	// floor reports whether the pixel showing world point p is the floor's grey (hatched or
	// not), rather than the white background.
	floor := func(p mgl64.Vec2) bool {
		x, y := cam.toPixel(p, w, h)
		if x < 0 || y < 0 || x >= w || y >= h {
			t.Fatalf("world %v is off the screen, at pixel (%.0f, %.0f)", p, x, y)
		}
		r, g, b, _ := img.At(int(x), int(y)).RGBA()
		return r>>8 < 235 && r == g && g == b
	}
	// The floor spans x ∈ [−3, 3], y ∈ [−0.5, 0], thickened by 0.05 m; the box is near x = 0.
	unmoved := 0
	for _, c := range []struct {
		p     mgl64.Vec2
		floor bool
	}{{mgl64.Vec2{2.8, -0.25}, true}, {mgl64.Vec2{3.3, -0.25}, false}, {mgl64.Vec2{2.5, -0.8}, false}, {mgl64.Vec2{2, -0.4}, true}} {
		if floor(c.p) != c.floor {
			x, y := cam.toPixel(c.p, w, h)
			t.Errorf("world %v at pixel (%.0f, %.0f): floor %v, want %v", c.p, x, y, !c.floor, c.floor)
		}
		// Had the window kept its first camera, that pixel would show q instead.
		x, y := cam.toPixel(c.p, w, h)
		if q := first.toWorld(x, y, w, h); (math.Abs(q[0]) <= 3.05 && q[1] >= -0.55 && q[1] <= 0.05) == c.floor {
			unmoved++
		}
	}
	if unmoved == 4 {
		t.Fatal("without the zoom and the pan the four pixels would show the same: the test cannot tell")
	}
}

// writeDiverging writes a 2D scene into dir whose state stops being finite at step 53, and
// returns its path: a stiff spring under explicit Euler, each step of a millisecond
// multiplying the state by about ω dt = 1e3 until it passes the largest float64.
func writeDiverging(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "diverge.xml")
	text := `<scene>
  <duration time="100"/>
  <rigidbodyintegrator type="explicit-euler" dt="0.001"/>
  <rigidbodyvertex x="-0.5" y="0" m="1"/>
  <rigidbodyvertex x="0.5" y="0" m="1"/>
  <rigidbody p="0" p="1" vx="0" vy="0" omega="0" r="0.1"/>
  <rigidbodyspringforce i="0" pix="0" piy="0" j="-1" pjx="0" pjy="1" k="2e12" l0="0"/>
</scene>`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A 2D run whose state stops being finite (a stiff spring under explicit Euler) stops there:
// with --frames it runs to its last frame with the reason on screen, as tumble 2d run gives
// it, and exits 1 with it.
func TestView2DStopShownOnScreen(t *testing.T) {
	bin, display := headless(t)
	dir := t.TempDir()
	shot, scene := filepath.Join(dir, "stop.png"), writeDiverging(t, dir)
	run := exec.Command(bin, "2d", "run", scene)
	want, _ := run.CombinedOutput()
	if !strings.HasPrefix(string(want), "tumble 2d run: "+scene+":6: body 0: ") {
		t.Fatalf("tumble 2d run: %s: want the body's line", want)
	}
	cmd := exec.Command(bin, "view", scene, "--frames", "200", "--fps", "0", "--size", "480x270", "--screenshot", shot)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	reason := strings.TrimPrefix(strings.TrimSpace(string(want)), "tumble 2d run: ")
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || stderr.String() != "tumble view: "+reason+"\n" ||
		!strings.Contains(stdout.String(), "stopped: "+reason) || !strings.Contains(stdout.String(), "frames 200 ") {
		t.Fatalf("%v\nstdout %s\nstderr %s\nwant 200 frames, then exit 1 with %s", err, stdout.String(), stderr.String(), reason)
	}
	checkStopShown(t, shot)
}

// notFinite matches a number that is not finite as Go prints it, in any case (the HUD's
// text is upper-cased).
var notFinite = regexp.MustCompile(`(?i)\b[+-]?(nan|inf)\b`)

// A run that stops on a state that is not finite, watched live, shows no NaN or Inf of its
// own: the statistics show dashes, the title too, and only the red reason names the value
// that failed; the run then exits 1 with that reason.
func TestView2DStopShowsNoNaN(t *testing.T) {
	bin, display := headlessInput(t)
	dir := t.TempDir()
	scene := writeDiverging(t, dir)
	l := startLive(t, bin, display, dir, "view", scene, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	reason := strings.TrimPrefix(l.waitFor("stopped: ", 20*time.Second), "stopped: ")
	title := waitTitle(t, display, l.wid, "(stopped)", false)
	if !strings.Contains(title, "(stopped)") || !strings.Contains(title, "T+U "+notShown+" J") || notFinite.MatchString(title) {
		t.Errorf("title %q: want the run stopped, T+U shown as %s, and no NaN or Inf", title, notShown)
	}
	l.key("p")
	checkStopShown(t, filepath.Join(dir, strings.TrimPrefix(l.waitFor("screenshot ", 10*time.Second), "screenshot ")))
	log, err := l.quitStatus()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(reason, "not finite") {
		t.Errorf("exit %v after stopping on %q; want status 1 and a state not finite\n%s", err, reason, strings.Join(log, "\n"))
	}
}
