package viewer

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tumble-physics/tumble/inertia/meshtest"
)

// A million-triangle sphere in the window: --seconds 5 ends the run by itself, and Esc quits
// at once, whatever its first step (which builds its collision hull) is doing.
func TestViewHugeMesh(t *testing.T) {
	bin, display := headlessInput(t)
	path := filepath.Join(t.TempDir(), "sphere.obj")
	if err := meshtest.WriteOBJ(path, meshtest.Sphere(0.5, 1000, 501)); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	out := runTumble(t, bin, display, "view", path, "--seconds", "5", "--size", "320x240")
	t.Logf("view --seconds 5: %v\n%s", time.Since(start).Round(time.Millisecond), out)
	if !strings.Contains(out, "frames ") || time.Since(start) > 60*time.Second {
		t.Errorf("view --seconds 5 ran %v and printed %q; want it to end by itself with its frame statistics", time.Since(start), out)
	}

	cmd := exec.Command(bin, "view", path, "--size", "320x240")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	kill := time.AfterFunc(60*time.Second, func() { cmd.Process.Kill() })
	defer kill.Stop()
	wid := strings.Fields(xdotool(t, display, "search", "--sync", "--name", "^Tumble"))[0]
	pressed := time.Now()
	xdotool(t, display, "key", "--window", wid, "Escape")
	if err := cmd.Wait(); err != nil {
		t.Fatalf("after Esc: %v", err)
	}
	t.Logf("Esc to exit: %v", time.Since(pressed).Round(time.Millisecond))
	if d := time.Since(pressed); d > 5*time.Second {
		t.Errorf("Esc took %v to quit", d)
	}
}

// A simulation that stops on a state that is not finite says so in red on screen, and the
// run ends with exit status 1 and the reason. The scene falls freely, every value within its
// range (10 km/s down at 100 g in 1 s steps, from 1,000 km down), until it passes 1e10 m at
// step 4462: no solver is involved, so it stops there on any build.
func TestHaltShownOnScreen(t *testing.T) {
	bin, display := headless(t)
	dir := t.TempDir()
	shot, scene := filepath.Join(dir, "halt.png"), filepath.Join(dir, "diverge.xml")
	text := `<scene><duration time="5000"/><integrator dt="1"/><gravity v="0 -1000 0"/>
<body name="meteor" mesh="cube" position="0 -1000000 0" velocity="0 -10000 0"/></scene>`
	if err := os.WriteFile(scene, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "view", scene, "--frames", "4470", "--fps", "0", "--size", "480x270", "--screenshot", shot)
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	want := scene + `:2: body 0 "meteor": position (0, -1.0002573e+10, 0) beyond ±1e+10 (diverging) at step 4462 (t = 4462 s)`
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || stderr.String() != "tumble view: "+want+"\n" || !strings.Contains(stdout.String(), "stopped: "+want) {
		t.Fatalf("%v\nstdout %s\nstderr %s\nwant exit 1 with %s", err, stdout.String(), stderr.String(), want)
	}
	checkStopShown(t, shot)
}

// checkStopShown checks that the screenshot shows the stop message: red text on its dark
// panel below the statistics, in the top half.
func checkStopShown(t *testing.T, shot string) {
	t.Helper()
	img := readPNG(t, shot)
	b := img.Bounds()
	red := 0
	for y := 0; y < b.Dy()/2; y++ {
		for x := 0; x < b.Dx(); x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 > 200 && g>>8 < 130 && b>>8 < 130 {
				red++
			}
		}
	}
	t.Logf("%d red pixels in the message's band", red)
	if red < 500 {
		t.Errorf("%d red pixels where the message should be (%s)", red, shot)
	}
}
