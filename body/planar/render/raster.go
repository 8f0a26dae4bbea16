package render

import (
	"image"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
)

// Raster draws the bodies (in their current state), the scene's springs and the contacts
// marks, if any, into a new image in the view v, anti-aliased: a pixel's coverage is 0.5 + (r − s)/pixel clamped to
// [0, 1], where s is the signed distance from the pixel centre to the polygon.
func Raster(scene *fosssim.Scene, bodies []planar.Body, v View, marks ...Mark) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, v.Size, v.Size))
	st := StyleOf(scene)
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = st.Background.R, st.Background.G, st.Background.B, 255
	}
	var world []mgl64.Vec2
	for i := range bodies {
		b := &bodies[i]
		r := b.Rotation()
		world = world[:0]
		for k := range b.Vertices {
			world = append(world, b.WorldVertex(r, k))
		}
		fillBody(img, v, world, b.Radius, st.Bodies[i], b.Fixed)
	}
	for i, s := range scene.Springs() {
		p, q := s.Ends(bodies)
		drawSegment(img, v, p, q, SpringWidth, st.Springs[i])
	}
	drawMarks(img, v, marks)
	return img
}

// pixelBox returns the pixel rectangle covering the world points grown by margin metres.
func pixelBox(v View, pts []mgl64.Vec2, margin float64) image.Rectangle {
	b := emptyBox()
	for _, p := range pts {
		b.add(p, margin)
	}
	x0, y0 := v.toPixel(mgl64.Vec2{b.lo[0], b.hi[1]})
	x1, y1 := v.toPixel(mgl64.Vec2{b.hi[0], b.lo[1]})
	r := image.Rect(int(math.Floor(x0))-1, int(math.Floor(y0))-1, int(math.Ceil(x1))+1, int(math.Ceil(y1))+1)
	return r.Intersect(image.Rect(0, 0, v.Size, v.Size))
}

// fillBody draws the polygon inflated by radius, with a darker rim and, for fixed bodies,
// diagonal stripes.
func fillBody(img *image.RGBA, v View, poly []mgl64.Vec2, radius float64, c color.RGBA, fixed bool) {
	pix := v.pixel()
	rim := Rim(c)
	light := Hatch(c)
	box := pixelBox(v, poly, radius+pix)
	for py := box.Min.Y; py < box.Max.Y; py++ {
		for px := box.Min.X; px < box.Max.X; px++ {
			p := v.toWorld(px, py)
			s := SignedDistance(p, poly)
			cov := coverage(s, radius, pix)
			if cov == 0 {
				continue
			}
			fill := c
			if fixed && (px+py)/HatchPixels%2 == 0 {
				fill = light
			}
			depth := (radius - s) / pix // pixels inside the boundary
			blend(img, px, py, mix(fill, rim, clamp01(RimPixels-depth)), cov)
		}
	}
}

// drawSegment draws a line of half-width w pixels.
func drawSegment(img *image.RGBA, v View, a, b mgl64.Vec2, w float64, c color.RGBA) {
	pix := v.pixel()
	box := pixelBox(v, []mgl64.Vec2{a, b}, (w+1)*pix)
	for py := box.Min.Y; py < box.Max.Y; py++ {
		for px := box.Min.X; px < box.Max.X; px++ {
			d := segmentDistance(v.toWorld(px, py), a, b) / pix
			if cov := clamp01(0.5 + w - d); cov > 0 {
				blend(img, px, py, c, cov)
			}
		}
	}
}

// SignedDistance returns the distance (m) from p to the boundary of the polygon through the
// world points poly, negative inside (two-vertex polygons have no inside): p lies on a body
// drawn with that polygon when the distance is at most its radius.
func SignedDistance(p mgl64.Vec2, poly []mgl64.Vec2) float64 {
	d := math.Inf(1)
	inside := false
	n := len(poly)
	for i := range n {
		a, b := poly[i], poly[(i+1)%n]
		d = min(d, segmentDistance(p, a, b))
		if (a[1] > p[1]) != (b[1] > p[1]) && p[0] < a[0]+(p[1]-a[1])*(b[0]-a[0])/(b[1]-a[1]) {
			inside = !inside
		}
	}
	if inside && n > 2 {
		return -d
	}
	return d
}

// coverage returns the fraction of a pixel of side pix (m) covered by a shape of the given
// radius around a polygon whose boundary is at signed distance s from the pixel centre.
func coverage(s, radius, pix float64) float64 { return clamp01(0.5 + (radius-s)/pix) }

// segmentDistance returns the distance from p to the segment ab.
func segmentDistance(p, a, b mgl64.Vec2) float64 {
	ab, ap := b.Sub(a), p.Sub(a)
	t := 0.0
	if l := ab.Dot(ab); l > 0 {
		t = clamp01(ap.Dot(ab) / l)
	}
	return ap.Sub(ab.Mul(t)).Len()
}

func clamp01(x float64) float64 { return max(0, min(1, x)) }

// mix returns a + (b − a) f.
func mix(a, b color.RGBA, f float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x) + (float64(y)-float64(x))*f + 0.5) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}

// blend paints c over pixel (x, y) with coverage cov.
func blend(img *image.RGBA, x, y int, c color.RGBA, cov float64) {
	i := img.PixOffset(x, y)
	dst := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], 255}
	out := mix(dst, c, cov)
	img.Pix[i], img.Pix[i+1], img.Pix[i+2] = out.R, out.G, out.B
}
