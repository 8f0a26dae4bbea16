package viewer

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/gif"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// Frames shown every two steps of 1/60 s last 3, 3, 4, … hundredths of a second: rounded on
// the running total, they add up to the time recorded.
func TestGIFDelays(t *testing.T) {
	var times []float64
	for k := range 30 {
		times = append(times, 0.5+float64(2*k)/60)
	}
	d := gifDelays(times, 2.0/60)
	sum := 0
	for k, x := range d {
		if x != 3 && x != 4 {
			t.Fatalf("delay %d is %d cs, want 3 or 4", k, x)
		}
		sum += x
	}
	if sum != 100 || !slices.Equal(d[:3], []int{3, 4, 3}) {
		t.Errorf("delays %v add up to %d cs, want 100 cs for 1 s", d, sum)
	}
}

// An image of up to 256 colours comes through quantizing exactly; a smooth gradient of
// 4096 colours comes through within a few levels per channel.
func TestQuantize(t *testing.T) {
	few := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	grad := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			few.Set(x, y, color.NRGBA{uint8(x / 4 * 16), uint8(y / 4 * 16), 128, 255})
			grad.Set(x, y, color.NRGBA{uint8(x * 4), uint8(y * 4), uint8(255 - 2*x), 255})
		}
	}
	for _, c := range []struct {
		name  string
		img   *image.NRGBA
		worst int
	}{{"256 colours", few, 0}, {"gradient", grad, 12}} {
		q := quantize(c.img, nil)
		worst := 0
		for y := range 64 {
			for x := range 64 {
				a, b := c.img.NRGBAAt(x, y), color.NRGBAModel.Convert(q.At(x, y)).(color.NRGBA)
				worst = max(worst, absInt(int(a.R)-int(b.R)), absInt(int(a.G)-int(b.G)), absInt(int(a.B)-int(b.B)))
			}
		}
		if worst > c.worst {
			t.Errorf("%s: a channel off by %d, want at most %d", c.name, worst, c.worst)
		}
	}
}

func absInt(x int) int { return max(x, -x) }

// --gif records --duration seconds of simulated time: every other step of 1/60 s, so 1.5 s
// make 45 frames lasting 150 hundredths of a second in all; the falling box moves between
// the first frame and the last.
func TestGIFRecording(t *testing.T) {
	out, g, sum, log := recordGIF(t, "testdata/fall.xml", "1.5")
	if len(g.Image) != 45 || sum != 150 {
		t.Errorf("%d frames lasting %d cs, want 45 frames and 150 cs", len(g.Image), sum)
	}
	if b := g.Image[0].Bounds(); b.Dx() != 160 || b.Dy() != 90 {
		t.Errorf("frames of %v, want 160×90", b)
	}
	if shown := shownFrames(g); same(shown[0], shown[len(shown)-1]) {
		t.Error("the first and last frames are the same: the box did not fall")
	}
	if !strings.Contains(log, "saved "+out+": 45 frames, 1.50 s") {
		t.Errorf("log %q: want the recording confirmed", log)
	}
	// An export draws only the frames it keeps: 45 frames, at steps 1, 3, …, 89.
	if !strings.Contains(log, "frames 45 in ") || !strings.Contains(log, ", 89 steps,") {
		t.Errorf("log %q: want 45 frames drawn for 89 steps", log)
	}
}

// The README's recording of fling follows the torus and makes a GIF of 480 pixels wide from
// the 1280×720 window, under 6 MB, the torus in view in its last frame; --gif-width 0 keeps
// the window's width.
func TestGIFOfFling(t *testing.T) {
	bin, display := headless(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "fling.gif")
	runTumble(t, bin, display, "view", "--gif", out, "--duration", "3", "--follow", "fling")
	info, err := os.Stat(out)
	if err != nil {
		t.Fatal(err)
	}
	g := readGIF(t, out)
	if g.Config.Width != 480 || g.Config.Height != 270 || info.Size() > postableGIF {
		t.Errorf("%d×%d, %d bytes: want 480×270 and at most %d bytes", g.Config.Width, g.Config.Height, info.Size(), postableGIF)
	}
	shown := shownFrames(g)
	last := shown[len(shown)-1]
	want, _ := hueSat(toRGBA(bodyColor(0, false)))
	torus := 0
	for y := range g.Config.Height {
		for x := range g.Config.Width {
			if hue, sat := hueSat(last.At(x, y)); sat > 0.25 && hueDistance(hue, want) < 15 {
				torus++
			}
		}
	}
	if torus < 200 {
		t.Errorf("%d pixels of the torus's colour in the last frame: want the torus in view", torus)
	}
	t.Logf("%d bytes, %d frames; %d torus pixels in the last", info.Size(), len(g.Image), torus)

	wide := filepath.Join(dir, "wide.gif")
	runTumble(t, bin, display, "view", "testdata/fall.xml", "--gif", wide, "--duration", "0.1", "--size", "640x360", "--gif-width", "0")
	if g := readGIF(t, wide); g.Config.Width != 640 || g.Config.Height != 360 {
		t.Errorf("--gif-width 0: %d×%d, want the window's 640×360", g.Config.Width, g.Config.Height)
	}
}

// same reports whether two pictures show the same colours, whatever their colour models.
func same(a, b image.Image) bool {
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r0, g0, b0, a0 := a.At(x, y).RGBA()
			r1, g1, b1, a1 := b.At(x, y).RGBA()
			if r0 != r1 || g0 != g1 || b0 != b1 || a0 != a1 {
				return false
			}
		}
	}
	return true
}

// shownFrames returns the pictures an animated GIF shows: each frame drawn over the ones
// before it (the frames after the first hold only what changed, the rest transparent).
func shownFrames(g *gif.GIF) []*image.RGBA {
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, f := range g.Image {
		draw.Draw(canvas, f.Bounds(), f, f.Bounds().Min, draw.Over)
		out = append(out, &image.RGBA{Pix: slices.Clone(canvas.Pix), Stride: canvas.Stride, Rect: canvas.Rect})
	}
	return out
}

// Each frame after the first keeps only the rectangle that changed, the unchanged pixels in it
// transparent, so that drawn over the picture before it, it shows the new picture exactly (of
// few colours, quantizing keeps them); a frame that changes nothing is one transparent pixel.
func TestGIFFrameChanges(t *testing.T) {
	frame := func(boxX int) *image.NRGBA {
		img := image.NewNRGBA(image.Rect(0, 0, 96, 64))
		for y := range 64 {
			for x := range 96 {
				c := color.NRGBA{uint8(200 - y), uint8(200 - y), 190, 255} // a sky of 64 greys
				if x >= boxX && x < boxX+10 && y >= 20 && y < 30 {
					c = color.NRGBA{220, 120, 40, 255}
				}
				img.SetNRGBA(x, y, c)
			}
		}
		return img
	}
	pictures := []*image.NRGBA{frame(5), frame(8), frame(8), frame(40)}
	sink := newGIFSink(filepath.Join(t.TempDir(), "x.gif"), 0)
	for k, p := range pictures {
		sink.add(p, float64(k))
	}
	if err := sink.close(1); err != nil {
		t.Fatal(err)
	}
	g := readGIF(t, sink.path)
	for k, want := range []image.Rectangle{image.Rect(0, 0, 96, 64), image.Rect(5, 20, 18, 30), image.Rect(0, 0, 1, 1), image.Rect(8, 20, 50, 30)} {
		if b := g.Image[k].Bounds(); b != want {
			t.Errorf("frame %d covers %v, want %v", k, b, want)
		}
	}
	for k, shown := range shownFrames(g) {
		if !same(shown, pictures[k]) {
			t.Errorf("frame %d does not show the picture recorded", k)
		}
	}
}

// A frame wider than the GIF's width is scaled down to it, each pixel the mean of those it
// covers.
func TestScaleDown(t *testing.T) {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	for x := range 4 {
		for y := range 2 {
			img.SetNRGBA(x, y, color.NRGBA{uint8(40 * x), uint8(100 * y), 7, 255})
		}
	}
	small := scaleDown(img, 2)
	if b := small.Bounds(); b != image.Rect(0, 0, 2, 1) {
		t.Fatalf("scaled to %v, want 2×1", b)
	}
	for x, want := range []color.NRGBA{{20, 50, 7, 255}, {100, 50, 7, 255}} {
		if got := small.NRGBAAt(x, 0); got != want {
			t.Errorf("pixel %d: %v, want %v", x, got, want)
		}
	}
}

// --mp4 pipes raw frames to ffmpeg (here a stand-in that stores what it is sent, and its
// arguments), as many as a GIF would have, at the frame rate the frames are apart.
func TestMP4ThroughFFmpeg(t *testing.T) {
	bin, display := headless(t)
	dir := t.TempDir()
	script := "#!/bin/sh\necho \"$@\" > " + filepath.Join(dir, "args") + "\nfor last; do :; done\ncat > \"$last\"\n"
	if err := os.WriteFile(filepath.Join(dir, "ffmpeg"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "fall.mp4")
	cmd := exec.Command(bin, "view", "testdata/fall.xml", "--mp4", out, "--duration", "0.5", "--size", "160x90")
	cmd.Env = append(os.Environ(), "DISPLAY="+display, "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("tumble view --mp4: %v\n%s", err, msg)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	args, _ := os.ReadFile(filepath.Join(dir, "args"))
	if frames := len(raw) / (160 * 90 * 4); len(raw)%(160*90*4) != 0 || frames != 15 || !strings.Contains(string(args), "-framerate 30.000000") {
		t.Errorf("ffmpeg got %d bytes (%g frames of 160×90 RGBA) with %q; want 15 frames at 30 per second", len(raw), float64(len(raw))/(160*90*4), args)
	}
}

// Without ffmpeg, --mp4 stops before opening a window and says what to do.
func TestMP4WithoutFFmpeg(t *testing.T) {
	bin, display := headless(t)
	cmd := exec.Command(bin, "view", "--mp4", "x.mp4")
	cmd.Env = append(os.Environ(), "DISPLAY="+display, "PATH="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(string(out), "needs ffmpeg") {
		t.Errorf("exit %v, output %q: want status 1 and a message that ffmpeg is needed", err, out)
	}
}

// v records the next --duration seconds of the interactive run, saves them as a GIF in the
// working directory and says so; ← then opens the scene file before this one in the list.
func TestKeyRecordsAndLeftOpens(t *testing.T) {
	bin, display := headlessInput(t)
	dir := t.TempDir()
	l := startLive(t, bin, display, dir, "view", mustAbs(t, "testdata/fall.xml"), "--duration", "0.5", "--size", "320x180")
	l.key("v")
	saved := l.waitFor("saved ", 20*time.Second)
	var name string
	var frames int
	if _, err := fmt.Sscanf(saved, "saved %s %d frames", &name, &frames); err != nil || frames != 15 {
		t.Errorf("log %q: want 15 frames saved", saved)
	}
	g := readGIF(t, filepath.Join(dir, strings.TrimSuffix(name, ":")))
	// Interactively a frame is taken when the simulated time shown reaches it: late when the
	// window lags (a loaded machine), never early, so frame k starts no sooner than k/30 s
	// after the first (to the hundredth), and the delays add up to at least the time asked.
	sum := 0
	for k, d := range g.Delay {
		if sum < 100*k/30 {
			t.Errorf("delays %v: frame %d starts %d cs after the first, before %d", g.Delay, k, sum, 100*k/30)
		}
		sum += d
	}
	if len(g.Image) != 15 || sum < 50 {
		t.Errorf("%d frames lasting %d cs, want 15 lasting at least 50", len(g.Image), sum)
	}
	l.key("Left")
	l.waitFor("opened drag.xml", 10*time.Second)
	l.quit()
}

// --gif records a 2D scene as it does a 3D one, from the same window's pixels: at the
// scene's 1/100 s steps a frame every third step, so 0.6 s make 20 frames lasting 60
// hundredths of a second; the box falls between the first and the last.
func TestGIFRecording2D(t *testing.T) {
	out, g, sum, log := recordGIF(t, "contact_lcp", "0.6")
	if len(g.Image) != 20 || sum != 60 || same(g.Image[0], g.Image[len(g.Image)-1]) {
		t.Errorf("%d frames lasting %d cs, first and last the same %v: want 20 frames, 60 cs, the box moving", len(g.Image), sum, same(g.Image[0], g.Image[len(g.Image)-1]))
	}
	if !strings.Contains(log, "saved "+out+": 20 frames, 0.60 s") {
		t.Errorf("log %q: want the recording confirmed", log)
	}
}

// A 2D scene's run ends with its duration, and so does a recording longer than it: --gif of
// 5 s of contact_lcp (1 s, 100 steps of 1/100 s, a frame every third) holds the 34 frames
// of its 1.02 s, and the log says where the scene ended.
func TestGIFEndsWithThe2DScene(t *testing.T) {
	out, g, sum, log := recordGIF(t, "contact_lcp", "5")
	if len(g.Image) != 34 || sum != 102 {
		t.Errorf("%d frames lasting %d cs: want 34 frames, 102 cs (the scene's 1 s)", len(g.Image), sum)
	}
	if !strings.Contains(log, "end of contact_lcp at t = 1 s") || !strings.Contains(log, "saved "+out+": 34 frames") {
		t.Errorf("log %q: want the scene's end and the recording saved", log)
	}
}

// A recording whose run stops on a failed step ends with it: what was taken is saved, and the
// run exits 1 with the reason, rather than waiting for a time the simulation never reaches.
func TestGIFEndsWithStoppedRun(t *testing.T) {
	bin, display := headless(t)
	dir := t.TempDir()
	// Not finite at step 53: frames are taken at steps 0 and 33.
	scene, out := writeDiverging(t, dir), filepath.Join(dir, "diverge.gif")
	cmd := exec.Command(bin, "view", scene, "--gif", out, "--size", "160x90")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	done := make(chan error, 1)
	go func() { done <- cmd.Run() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		t.Fatal("tumble view --gif on a run that stops did not end within 30 s")
	}
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "not finite at step 53") {
		t.Fatalf("%v, stderr %q: want exit 1 with the reason", err, stderr.String())
	}
	if g := readGIF(t, out); len(g.Image) != 2 || !strings.Contains(stdout.String(), "saved "+out+": 2 frames") {
		t.Errorf("%d frames saved, log %q: want the 2 frames taken before the stop", len(g.Image), stdout.String())
	}
}

// The v key records a 2D scene's next --duration seconds as it does a 3D one's; a recording
// is of one scene, and opening another saves it: paused, v takes one frame, and ← saves it
// before the scene before this one opens.
func TestKeyRecords2D(t *testing.T) {
	bin, display := headlessInput(t)
	dir := t.TempDir()
	l := startLive(t, bin, display, dir, "view", "contact_lcp", "--duration", "0.3", "--size", "320x180")
	l.key("v")
	var name string
	var frames int
	if _, err := fmt.Sscanf(l.waitFor("saved ", 20*time.Second), "saved %s %d frames", &name, &frames); err != nil || frames != 10 {
		t.Errorf("saved %s with %d frames (%v): want 10", name, frames, err)
	}
	if g := readGIF(t, filepath.Join(dir, strings.TrimSuffix(name, ":"))); len(g.Image) != 10 {
		t.Errorf("the GIF has %d frames, want 10", len(g.Image))
	}
	l.key("space", "v")
	time.Sleep(300 * time.Millisecond)
	l.key("Left")
	if saved := l.waitFor("saved ", 10*time.Second); !strings.HasSuffix(saved, ": 1 frame, 0.03 s") {
		t.Errorf("log %q: want the paused recording of one frame saved", saved)
	}
	l.waitFor("opened contact_gr_velocity_projection_pucks:", 10*time.Second)
	l.quit()
}

// recordGIF runs tumble view --gif on scene for seconds of simulated time in a 160×90 window,
// and returns the file, its GIF, the sum of its frames' delays (hundredths of a second) and
// the viewer's log.
func recordGIF(t *testing.T, scene, seconds string) (path string, g *gif.GIF, delays int, log string) {
	t.Helper()
	bin, display := headless(t)
	path = filepath.Join(t.TempDir(), "out.gif")
	log = runTumble(t, bin, display, "view", scene, "--gif", path, "--duration", seconds, "--size", "160x90")
	g = readGIF(t, path)
	for _, d := range g.Delay {
		delays += d
	}
	return path, g, delays, log
}

// readGIF decodes the animated GIF at path.
func readGIF(t *testing.T, path string) *gif.GIF {
	t.Helper()
	return decodeFile(t, path, gif.DecodeAll)
}
