package render

import (
	"bufio"
	"bytes"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
)

// A contact mark paints its colour at its point and along its normal, and nowhere behind
// the point; the SVG gets one dot and one normal per mark.
func TestMarks(t *testing.T) {
	scene := &fosssim.Scene{Name: "empty"}
	v := View{Half: 1, Size: 100}
	m := Mark{P: mgl64.Vec2{0, 0}, N: mgl64.Vec2{1, 0}}
	img := Raster(scene, nil, v, m)
	at := func(x, y float64) bool {
		px, py := v.toPixel(mgl64.Vec2{x, y})
		c := img.RGBAAt(int(px), int(py))
		return c.R > 200 && c.G < 100 && c.B < 100
	}
	if !at(0, 0) || !at(NormalLength(v.Half)*0.9, 0) || at(-NormalLength(v.Half)*0.5, 0) || at(0, 0.5) {
		t.Error("the mark is not a dot at its point with its normal along +x")
	}
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	svgMarks(w, v, []Mark{m, m})
	w.Flush()
	if s := buf.String(); strings.Count(s, "<circle") != 2 || strings.Count(s, "<line") != 2 {
		t.Errorf("svg marks:\n%s", s)
	}
}
