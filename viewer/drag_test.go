package viewer

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// A left-drag on a body picks it, pulls it toward the cursor while held, and lets it fly on
// with its velocity after release.
func TestDragFlingsBody(t *testing.T) {
	bin, display := headlessInput(t)
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
	rows := readCSV(t, path)
	if strings.Join(rows[0], ",") != "step,time,body,px,py,pz,rx,ry,rz,vx,vy,vz,wx,wy,wz" {
		t.Fatalf("trace header %v", rows[0])
	}
	out := map[int]traced{}
	for _, r := range rows[1:] {
		var x [15]float64
		for i := range x {
			var err error
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
