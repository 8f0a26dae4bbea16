// Package viewer is Tumble's interactive window: it draws a contact.World with OpenGL 4.1,
// steps it at its fixed time step, and lets the user orbit the camera and fling bodies with
// the mouse. Nothing else imports it.
package viewer

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Camera is an orbit camera. It looks at Target from Distance metres away, from the direction
// given by Yaw (radians about +y, 0 looking along −z) and Pitch (radians above the horizontal).
// World frame: y up, right-handed.
type Camera struct {
	Target   mgl64.Vec3
	Yaw      float64
	Pitch    float64
	Distance float64
	FovY     float64 // vertical field of view, radians
	// CentreX is where the target appears across the viewport, as a fraction of its width
	// from the middle (default 0; −0.2 is a fifth of the width left of it): the picture
	// shifts, unscaled, off-centre as a shifted lens would, so that the scene centres in
	// the part of the window a panel leaves free.
	CentreX float64
}

// Camera limits: pitch stays short of the poles, where the view's up vector degenerates.
const (
	maxPitch    = math.Pi/2 - 0.01
	minDistance = 0.05
	maxDistance = 1e4
	orbitRate   = 0.006 // radians per pixel of drag
	zoomRate    = 0.9   // distance factor per wheel notch
)

// FrameBox returns a camera that looks at the axis-aligned box [lo, hi] from a fixed slightly
// raised three-quarter view, far enough that the box's bounding sphere fits the view at the
// given aspect ratio (width/height).
func FrameBox(lo, hi mgl64.Vec3, aspect float64) Camera {
	c := Camera{Yaw: 0.6, Pitch: 0.38, FovY: 45 * math.Pi / 180}
	c.Target = lo.Add(hi).Mul(0.5)
	r := math.Max(hi.Sub(lo).Len()/2, 0.5)
	half := c.FovY / 2
	if aspect < 1 {
		half = math.Atan(math.Tan(half) * aspect)
	}
	c.Distance = 1.1 * r / math.Sin(half)
	return c
}

// Eye returns the camera position in world coordinates (metres).
func (c *Camera) Eye() mgl64.Vec3 {
	cp := math.Cos(c.Pitch)
	off := mgl64.Vec3{cp * math.Sin(c.Yaw), math.Sin(c.Pitch), cp * math.Cos(c.Yaw)}
	return c.Target.Add(off.Mul(c.Distance))
}

// Forward returns the unit viewing direction, from the eye toward the target.
func (c *Camera) Forward() mgl64.Vec3 {
	return c.Target.Sub(c.Eye()).Normalize()
}

// View returns the world-to-camera matrix.
func (c *Camera) View() mgl64.Mat4 {
	return mgl64.LookAtV(c.Eye(), c.Target, mgl64.Vec3{0, 1, 0})
}

// Projection returns the perspective matrix for the given aspect ratio (width/height). The
// clip planes scale with the distance so depth precision follows the zoom.
func (c *Camera) Projection(aspect float64) mgl64.Mat4 {
	near := math.Max(c.Distance*0.01, 0.005)
	return mgl64.Perspective(c.FovY, aspect, near, c.Far())
}

// Far returns the distance to the far clip plane, metres: what the camera sees reaches
// this far.
func (c *Camera) Far() float64 { return c.Distance*20 + 200 }

// ViewProjection returns Projection(aspect) times View(), shifted across the viewport by
// CentreX.
func (c *Camera) ViewProjection(aspect float64) mgl64.Mat4 {
	shift := mgl64.Translate3D(2*c.CentreX, 0, 0) // in clip space, across a width of 2
	return shift.Mul4(c.Projection(aspect)).Mul4(c.View())
}

// Orbit turns the camera about its target by a mouse drag of (dx, dy) pixels: a drag to the
// right swings the camera left, so the scene turns with the cursor.
func (c *Camera) Orbit(dx, dy float64) {
	c.Yaw -= dx * orbitRate
	c.Pitch = mgl64.Clamp(c.Pitch+dy*orbitRate, -maxPitch, maxPitch)
}

// Pan moves the target in the view plane by a mouse drag of (dx, dy) pixels in a viewport of
// the given height, so the point under the target follows the cursor.
func (c *Camera) Pan(dx, dy, height float64) {
	metresPerPixel := 2 * c.Distance * math.Tan(c.FovY/2) / height
	f := c.Forward()
	right := f.Cross(mgl64.Vec3{0, 1, 0}).Normalize()
	up := right.Cross(f)
	c.Target = c.Target.Sub(right.Mul(dx * metresPerPixel)).Add(up.Mul(dy * metresPerPixel))
}

// Zoom moves the camera toward the target by zoomRate per wheel notch (negative: away).
func (c *Camera) Zoom(notches float64) {
	c.Distance = mgl64.Clamp(c.Distance*math.Pow(zoomRate, notches), minDistance, maxDistance)
}

// Ray returns the unit-direction ray from the eye through pixel (x, y) of a width×height
// viewport, pixels counted from the top-left corner as GLFW reports the cursor.
func (c *Camera) Ray(x, y, width, height float64) Ray {
	inv := c.ViewProjection(width / height).Inv()
	ndc := mgl64.Vec2{2*x/width - 1, 1 - 2*y/height}
	far := mgl64.TransformCoordinate(mgl64.Vec3{ndc[0], ndc[1], 1}, inv)
	eye := c.Eye()
	return Ray{Origin: eye, Dir: far.Sub(eye).Normalize()}
}

// Project returns the pixel (x, y) of world point p in a width×height viewport, counted from
// the top-left corner, and whether p lies in front of the camera.
func (c *Camera) Project(p mgl64.Vec3, width, height float64) (x, y float64, inFront bool) {
	clip := c.ViewProjection(width / height).Mul4x1(p.Vec4(1))
	if clip[3] <= 0 {
		return 0, 0, false
	}
	return (clip[0]/clip[3] + 1) / 2 * width, (1 - clip[1]/clip[3]) / 2 * height, true
}
