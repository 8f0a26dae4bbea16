package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
)

func hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// SVG writes a picture of the bodies (in their current state) in the view v, and the
// contacts marks, if any. Inflated polygons are polygons stroked with width 2r and round
// joins: exactly the points within r.
func SVG(w io.Writer, scene *fosssim.Scene, bodies []planar.Body, v View, marks ...Mark) error {
	st := StyleOf(scene)
	bw := bufio.NewWriter(w)
	x0, y0, side := v.C[0]-v.Half, v.C[1]-v.Half, 2*v.Half
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="%g %g %g %g">`+"\n",
		v.Size, v.Size, x0, -(y0 + side), side, side)
	fmt.Fprint(bw, "<title>")
	xml.EscapeText(bw, []byte(scene.Name))
	fmt.Fprintln(bw, "</title>")
	hatch := side / 60
	fmt.Fprintln(bw, "<defs>")
	for i := range bodies {
		if bodies[i].Fixed {
			fmt.Fprintf(bw, `<pattern id="hatch%d" patternUnits="userSpaceOnUse" width="%g" height="%g" patternTransform="rotate(45)">`+
				`<rect width="%g" height="%g" fill="%s"/><rect width="%g" height="%g" fill="%s"/></pattern>`+"\n",
				i, hatch, hatch, hatch, hatch, hex(Hatch(st.Bodies[i])), hatch/2, hatch, hex(st.Bodies[i]))
		}
	}
	fmt.Fprintln(bw, "</defs>")
	fmt.Fprintf(bw, `<rect x="%g" y="%g" width="%g" height="%g" fill="%s"/>`+"\n", x0, -(y0 + side), side, side, hex(st.Background))
	fmt.Fprintln(bw, `<g transform="scale(1,-1)" stroke-linejoin="round" stroke-linecap="round">`)
	for i := range bodies {
		b := &bodies[i]
		fill := hex(st.Bodies[i])
		if b.Fixed {
			fill = fmt.Sprintf("url(#hatch%d)", i)
		}
		tag := "polygon"
		if len(b.Vertices) == 2 {
			tag = "polyline"
		}
		fmt.Fprintf(bw, `<%s fill="%s" stroke="%s" stroke-width="%g" points="`, tag, fill, fill, 2*b.Radius)
		r := b.Rotation()
		for k := range b.Vertices {
			p := b.WorldVertex(r, k)
			fmt.Fprintf(bw, "%g,%g ", p[0], p[1])
		}
		fmt.Fprintln(bw, `"/>`)
	}
	for i, s := range scene.Springs() {
		p, q := s.Ends(bodies)
		fmt.Fprintf(bw, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="%g"/>`+"\n",
			p[0], p[1], q[0], q[1], hex(st.Springs[i]), side/250)
	}
	svgMarks(bw, v, marks)
	fmt.Fprintln(bw, "</g>\n</svg>")
	return bw.Flush()
}
