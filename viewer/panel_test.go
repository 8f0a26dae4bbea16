package viewer

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// panelClick returns the window pixel that sets the panel's slider in row to fraction f, in
// a shotW×shotH window.
func panelClick(row int, f float64) (x, y float64) {
	u := ui{scale: 1}
	px, _ := u.panelOrigin(shotW)
	return float64(u.sliderX(px, f)) + 0.5, float64(u.rowY(row) + u.row()/2)
}

// stamp reads the wall and simulated times of a line the simulation logged.
func stamp(t *testing.T, line string) (wall, sim float64) {
	t.Helper()
	if _, err := fmt.Sscanf(line, "[wall %g s, t %g s]", &wall, &sim); err != nil {
		t.Fatalf("log line %q: %v", line, err)
	}
	return wall, sim
}

// In the settings panel, gravity set to zero makes a falling box float: from the step after
// the change on, its velocity stays what it was, bit for bit (no force acts). The time scale
// set to ½ then halves the simulated time per wall second, within 10%. The rolling slider at
// its end gives every body its largest rolling resistance.
func TestPanelGravityAndTimeScale(t *testing.T) {
	bin, display := headlessInput(t)
	trace := filepath.Join(t.TempDir(), "trace.csv")
	l := startLive(t, bin, display, "", "view", mustAbs(t, "testdata/fall.xml"), "--trace", trace, "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	l.key("s")
	l.click(panelClick(rowGravity, 0))
	_, tZero := stamp(t, l.waitFor("set gravity 0x", 10*time.Second))
	half := float64(nearest(timeScales, 0.5)) / float64(len(timeScales)-1)
	l.click(panelClick(rowTimeScale, half))
	w0, t0 := stamp(t, l.waitFor("set time scale 0.5x", 10*time.Second))
	time.Sleep(2500 * time.Millisecond)
	l.click(panelClick(rowTimeScale, 1))
	w1, t1 := stamp(t, l.waitFor("set time scale 4x", 10*time.Second))
	l.click(panelClick(rowRolling, 1))
	l.waitFor(fmt.Sprintf("set rolling resistance %g of all bodies", maxRolling), 10*time.Second)
	l.quit()

	if rate := (t1 - t0) / (w1 - w0); math.Abs(rate-0.5) > 0.05 {
		t.Errorf("at time scale ½: %.3f s simulated in %.3f s of wall time, a rate of %.3f, want 0.5 ± 10%%", t1-t0, w1-w0, rate)
	} else {
		t.Logf("at time scale ½: %.3f s simulated in %.3f s of wall time (%.3f)", t1-t0, w1-w0, rate)
	}
	states := readTrace(t, trace, 0)
	dt := 1.0 / 60
	first := int(math.Floor(tZero/dt+0.5)) + 1 // the first step taken without gravity
	v, ok := states[first]
	if !ok || v.v[1] >= 0 {
		t.Fatalf("trace has no falling state at step %d (gravity off at t %.4f s)", first, tZero)
	}
	floated := 0
	for step, s := range states {
		if step < first {
			continue
		}
		floated++
		if s.v != v.v {
			t.Fatalf("step %d: velocity %v, want %v as at step %d, when gravity was set to 0", step, s.v, v.v, first)
		}
	}
	if floated < 60 || states[first+59].p[1] <= 0.5 {
		t.Errorf("%d steps traced after gravity went off; want the box floating above the floor for 60", floated)
	}
	t.Logf("gravity off at t %.3f s: the box moved on at %.3f m/s for %d steps", tZero, v.v.Len(), floated)
}

func mustAbs(t *testing.T, path string) string {
	t.Helper()
	p, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// luminance returns the relative luminance of an sRGB colour (WCAG 2).
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		x := float64(v) / 65535
		if x <= 0.04045 {
			return x / 12.92
		}
		return math.Pow((x+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}

// contrast returns the WCAG contrast ratio of two luminances, 1 to 21.
func contrast(a, b float64) float64 { return (max(a, b) + 0.05) / (min(a, b) + 0.05) }

// The settings panel reads as light text on a dark backdrop, and the scene makes room for it:
// with the panel open on the default scene at 1280×720, every label's text stands out from
// the backdrop behind it by a contrast ratio of at least 7 (WCAG's enhanced level for text),
// and no body lies under the panel: every vertex of every body projects left of it or below
// it, and each body whose centre the camera sees shows its colour there.
func TestPanelReadsAndLeavesTheSceneInView(t *testing.T) {
	bin, display := headlessInput(t)
	const fw, fh, frames = 1280, 720, 120
	shot := screenshotWithKeys(t, bin, display, []string{"s"}, "view", "default", "--frames", strconv.Itoa(frames), "--size", fmt.Sprintf("%dx%d", fw, fh))
	img := readPNG(t, shot)
	u := ui{scale: 2} // a window 600 or more pixels high doubles the font
	px, _ := u.panelOrigin(fw)
	left := float64(px - panelPad)

	for row := rowGravity; row <= rowTimeScale; row++ {
		if row == rowSleep {
			continue // a button, not a label
		}
		y0, y1 := int(u.rowY(row)), int(u.rowY(row)+u.row())
		counts := map[color.RGBA]int{}
		var back color.RGBA
		for y := y0; y < y1; y++ {
			for x := int(px); x < int(u.sliderX(px, 0))-int(u.char()); x++ {
				r, g, b, _ := img.At(x, y).RGBA()
				c := color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), 255}
				if counts[c]++; counts[c] > counts[back] {
					back = c
				}
			}
		}
		text := 0.0
		for c := range counts {
			text = max(text, luminance(c))
		}
		if ratio := contrast(text, luminance(back)); ratio < 7 {
			t.Errorf("panel row %d: label text against its backdrop %v has a contrast of %.2f, want at least 7", row, back, ratio)
		} else {
			t.Logf("panel row %d: contrast %.1f", row, ratio)
		}
	}

	s, err := Open("default")
	if err != nil {
		t.Fatal(err)
	}
	cam := FrameScene(s, float64(fw)/fh)
	cam.CentreX = left/fw/2 - 0.5
	for range frames {
		s.World.Step()
	}
	for i, b := range s.World.Bodies {
		for _, v := range b.Mesh.Vertices {
			x, y, ok := cam.Project(b.R.Mul3x1(v).Add(b.P), fw, fh)
			if ok && x >= left && y <= float64(u.rowY(panelRows))+panelPad {
				t.Errorf("body %d: its vertex %v shows at (%.0f, %.0f), under the panel (left of it up to x = %.0f)", i, v, x, y, left)
				break
			}
		}
		x, y, ok := cam.Project(b.P, fw, fh)
		if !ok || x < 1 || y < 1 || x > fw-2 || y > fh-2 {
			t.Errorf("body %d: its centre is out of view at (%.0f, %.0f)", i, x, y)
			continue
		}
		if firstHit(s, cam.Ray(math.Floor(x)+0.5, math.Floor(y)+0.5, fw, fh)) != i {
			continue // hidden behind another body
		}
		want, _ := hueSat(toRGBA(bodyColor(i, b.Fixed)))
		if got, sat := hueSat(img.At(int(x), int(y))); sat < 0.15 || hueDistance(got, want) > 25 {
			t.Errorf("body %d at pixel (%.0f, %.0f): hue %.0f° saturation %.2f, want its colour's hue %.0f°", i, x, y, got, sat, want)
		}
	}
}
