package render

import (
	"bufio"
	"fmt"
	"image"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
)

// Mark is a contact to draw: a point (world, m) and the unit normal there.
type Mark struct {
	P, N mgl64.Vec2
}

// Marker returns the contacts to draw for a state of the bodies (the contact package
// provides it; render does not detect contacts itself).
type Marker func(bodies []planar.Body) []Mark

// drawMarks draws each contact as a dot with its normal.
func drawMarks(img *image.RGBA, v View, marks []Mark) {
	for _, m := range marks {
		drawSegment(img, v, m.P, m.P.Add(m.N.Mul(NormalLength(v.Half))), MarkWidth, MarkColor)
		drawSegment(img, v, m.P, m.P, MarkDot, MarkColor)
	}
}

// svgMarks writes each contact as a dot with its normal (inside the y-flipped group).
func svgMarks(w *bufio.Writer, v View, marks []Mark) {
	c := hex(MarkColor)
	for _, m := range marks {
		q := m.P.Add(m.N.Mul(NormalLength(v.Half)))
		fmt.Fprintf(w, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="%g"/>`+"\n", m.P[0], m.P[1], q[0], q[1], c, v.Half/200)
		fmt.Fprintf(w, `<circle cx="%g" cy="%g" r="%g" fill="%s"/>`+"\n", m.P[0], m.P[1], v.Half/80, c)
	}
}
