package viewer

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// A click (no drag) on the box resting in the screenshot scene selects it: the log carries
// the inspector's text, with the box's mass (1 m³ of water: 1000 kg), its principal moments
// (m/6 = 166.7 kg m²) and its contacts, and the picture draws its contact marks although c
// is off (TestContactMarks: no red without it): those the box does not hide, at the corners
// of its base in view.
func TestClickInspectsBody(t *testing.T) {
	bin, display := headlessInput(t)
	s, err := Open("testdata/shot.xml")
	if err != nil {
		t.Fatal(err)
	}
	cam := FrameScene(s, float64(shotW)/shotH)
	x, y, ok := visiblePixel(s, &cam, 0)
	if !ok {
		t.Fatal("the box is not in view")
	}
	dir := t.TempDir()
	l := startLive(t, bin, display, dir, "view", mustAbs(t, "testdata/shot.xml"), "--size", fmt.Sprintf("%dx%d", shotW, shotH))
	time.Sleep(500 * time.Millisecond) // the box settles on the floor
	l.click(x, y)
	line := l.waitFor("select body 0:", 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	l.key("p")
	shot := strings.TrimPrefix(l.waitFor("screenshot ", 10*time.Second), "screenshot ")
	l.quit()

	var mass, i1, i2, i3 float64
	var contacts int
	for _, part := range strings.Split(line, "; ") {
		fmt.Sscanf(part, "mass %g kg", &mass)
		fmt.Sscanf(part, "principal moments %g %g %g", &i1, &i2, &i3)
		fmt.Sscanf(part, "contacts %d", &contacts)
	}
	if mass != 1000 || math.Abs(i1-1000.0/6) > 0.1 || math.Abs(i3-1000.0/6) > 0.1 || contacts < 1 {
		t.Errorf("inspector %q: want mass 1000 kg, principal moments 166.7 kg m², contacts with the floor", line)
	}
	if !strings.Contains(line, "mesh cube") {
		t.Errorf("inspector %q lacks the mesh", line)
	}
	img := readPNG(t, filepath.Join(dir, shot))
	// The red marks lie on the box's bottom face, most of them under the box: count the red
	// pixels near its projection.
	red := 0
	bx, by, _ := cam.Project(s.World.Bodies[0].P.Sub(mgl64.Vec3{0, 0.5, 0}), shotW, shotH)
	for py := int(by) - 60; py < int(by)+60; py++ {
		for px := int(bx) - 80; px < int(bx)+80; px++ {
			r, g, b, _ := img.At(px, py).RGBA()
			if r>>8 > 150 && g>>8 < 90 && b>>8 < 90 {
				red++
			}
		}
	}
	if red < 5 {
		t.Errorf("%d red pixels about the selected box's base: want its contact marks drawn", red)
	}
	t.Logf("%s; %d red pixels", line, red)
}
