package render

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
)

func square(t *testing.T, side, radius float64, fixed bool) *fosssim.Scene {
	h := side / 2
	b, err := planar.NewBody([]mgl64.Vec2{{-h, -h}, {-h, h}, {h, h}, {h, -h}}, []float64{1, 1, 1, 1}, radius, mgl64.Vec2{}, 0, fixed)
	if err != nil {
		t.Fatal(err)
	}
	return &fosssim.Scene{Name: "square", Bodies: []planar.Body{b}}
}

// The rasteriser's coverage of a body adds up to the area of the square inflated by its
// radius, s² + 4 s r + π r², within a pixel's worth of its perimeter; deep inside it paints
// the body's colour and far outside the background.
func TestRasterCoversInflatedArea(t *testing.T) {
	const side, radius = 2.0, 0.5
	s := square(t, side, radius, false)
	v := View{Half: 2, Size: 400}
	pix := v.pixel()
	poly := []mgl64.Vec2{{-1, -1}, {-1, 1}, {1, 1}, {1, -1}}
	covered := 0.0
	for py := range v.Size {
		for px := range v.Size {
			covered += coverage(SignedDistance(v.toWorld(px, py), poly), radius, pix)
		}
	}
	area := covered * pix * pix
	want := side*side + 4*side*radius + math.Pi*radius*radius
	perimeter := 4*side + 2*math.Pi*radius
	if math.Abs(area-want) > perimeter*pix {
		t.Errorf("covered %.4f m², want %.4f ± %.4f", area, want, perimeter*pix)
	}
	img := Raster(s, s.Bodies, v)
	if got := img.RGBAAt(200, 200); got != rgba(defaultFree) {
		t.Errorf("centre pixel %v, want the body colour %v", got, rgba(defaultFree))
	}
	if got := img.RGBAAt(2, 2); got != rgba(defaultBackground) {
		t.Errorf("corner pixel %v, want the background %v", got, rgba(defaultBackground))
	}
}

func TestSignedDistance(t *testing.T) {
	sq := []mgl64.Vec2{{0, 0}, {0, 2}, {2, 2}, {2, 0}}
	for _, c := range []struct {
		p    mgl64.Vec2
		want float64
	}{
		{mgl64.Vec2{1, 1}, -1}, {mgl64.Vec2{1, 0.5}, -0.5}, {mgl64.Vec2{3, 1}, 1}, {mgl64.Vec2{5, 6}, 5},
	} {
		if got := SignedDistance(c.p, sq); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("SignedDistance(%v) = %g, want %g", c.p, got, c.want)
		}
	}
	// A segment has no inside.
	if got := SignedDistance(mgl64.Vec2{1, 0}, []mgl64.Vec2{{0, 0}, {2, 0}}); got != 0 {
		t.Errorf("on the segment: %g", got)
	}
}

// SVG draws a fixed body with its hatching and the inflation as a round-joined stroke of
// width 2r.
func TestSVG(t *testing.T) {
	s := square(t, 2, 0.25, true)
	var buf bytes.Buffer
	if err := SVG(&buf, s, s.Bodies, FitView(s, s.Bodies, 100)); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{`<pattern id="hatch0"`, `fill="url(#hatch0)"`, `stroke-width="0.5"`, `stroke-linejoin="round"`, "<title>square</title>"} {
		if !strings.Contains(out, want) {
			t.Errorf("svg lacks %s:\n%s", want, out)
		}
	}
}
