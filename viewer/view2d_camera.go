package viewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/body/planar/render"
)

// camera2D is the 2D mode's orthographic camera: it shows the world around Centre, Half
// metres up and down from it, as wide as the window. World y is up; pixels count from the
// window's top-left corner.
type camera2D struct {
	Centre mgl64.Vec2
	Half   float64 // m
}

// Zoom limits of the 2D camera: Half between a tenth of a millimetre and ten kilometres.
const minHalf, maxHalf = 1e-4, 1e4

// fitCamera2D returns the camera that shows what tumble 2d render draws, in a window of the
// given aspect ratio (width/height): the scene's <viewport>, or a square around the bodies,
// fitted to the window's narrower side.
func fitCamera2D(scene *fosssim.Scene, bodies []planar.Body, aspect float64) camera2D {
	v := render.FitView(scene, bodies, 1)
	c := camera2D{Centre: v.C, Half: v.Half}
	if aspect < 1 {
		c.Half /= aspect
	}
	return c
}

// followCamera2D returns the camera that frames the bodies as they are, whatever the scene's
// <viewport> (--follow).
func followCamera2D(scene *fosssim.Scene, bodies []planar.Body, aspect float64) camera2D {
	s := *scene
	s.Display.Size = 0 // no viewport: a square around the bodies
	return fitCamera2D(&s, bodies, aspect)
}

// pixel returns the size of a pixel (m) in a viewport height pixels high.
func (c camera2D) pixel(height float64) float64 { return 2 * c.Half / height }

// toPixel returns where world point p lies in a width×height viewport, in pixels from the
// top-left corner (pixel (i, j) spans [i, i+1]×[j, j+1]).
func (c camera2D) toPixel(p mgl64.Vec2, width, height float64) (x, y float64) {
	m := c.pixel(height)
	return (p[0]-c.Centre[0])/m + width/2, height/2 - (p[1]-c.Centre[1])/m
}

// toWorld returns the world point at pixel position (x, y) of a width×height viewport: the
// inverse of toPixel.
func (c camera2D) toWorld(x, y, width, height float64) mgl64.Vec2 {
	m := c.pixel(height)
	return mgl64.Vec2{c.Centre[0] + (x-width/2)*m, c.Centre[1] + (height/2-y)*m}
}

// pan moves the view by a cursor drag of (dx, dy) pixels in a viewport height pixels high:
// the world under the cursor follows it.
func (c *camera2D) pan(dx, dy, height float64) {
	m := c.pixel(height)
	c.Centre = mgl64.Vec2{c.Centre[0] - dx*m, c.Centre[1] + dy*m}
}

// zoom scales the view by zoomRate per wheel notch (negative: out) about the cursor at pixel
// (x, y) of a width×height viewport: the world point under the cursor stays under it.
func (c *camera2D) zoom(notches, x, y, width, height float64) {
	at := c.toWorld(x, y, width, height)
	half := mgl64.Clamp(c.Half*math.Pow(zoomRate, notches), minHalf, maxHalf)
	k := half / c.Half
	c.Centre = at.Add(c.Centre.Sub(at).Mul(k))
	c.Half = half
}

// viewProjection returns the matrix from world coordinates relative to Centre (m) to clip
// coordinates for a viewport of the given aspect ratio (width/height). Vertices are sent
// relative to the centre so that float32 keeps their digits far from the origin.
func (c camera2D) viewProjection(aspect float64) mgl32.Mat4 {
	w := c.Half * aspect
	return mat32(mgl64.Ortho(-w, w, -c.Half, c.Half, -1, 1))
}
