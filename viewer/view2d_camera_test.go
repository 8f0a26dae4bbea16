package viewer

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
)

// toPixel and toWorld invert each other; the centre is the viewport's middle, y points up in
// the world and down in pixels, and Half metres span half the height; the GL matrix puts a
// point where toPixel says.
func TestCamera2DProjection(t *testing.T) {
	c := camera2D{Centre: mgl64.Vec2{3, -1}, Half: 2}
	const w, h = 640.0, 360.0
	if x, y := c.toPixel(c.Centre, w, h); x != w/2 || y != h/2 {
		t.Errorf("centre at (%g, %g), want the middle", x, y)
	}
	if x, y := c.toPixel(mgl64.Vec2{3, 1}, w, h); x != w/2 || y != 0 {
		t.Errorf("Half above the centre at (%g, %g), want the top edge", x, y)
	}
	for _, p := range []mgl64.Vec2{{0, 0}, {4.5, -2.25}, {-10, 7}} {
		x, y := c.toPixel(p, w, h)
		if q := c.toWorld(x, y, w, h); q.Sub(p).Len() > 1e-12 {
			t.Errorf("toWorld(toPixel(%v)) = %v", p, q)
		}
		rel := p.Sub(c.Centre)
		clip := c.viewProjection(w / h).Mul4x1(vec32(mgl64.Vec3{rel[0], rel[1], 0}).Vec4(1))
		gx, gy := (float64(clip[0])+1)/2*w, (1-float64(clip[1]))/2*h
		if math.Abs(gx-x) > 1e-3 || math.Abs(gy-y) > 1e-3 {
			t.Errorf("%v: GL puts it at (%g, %g), toPixel at (%g, %g)", p, gx, gy, x, y)
		}
	}
}

// A drag moves the world under the cursor with it; a zoom keeps the point under the cursor
// fixed, scales by zoomRate per notch and stops at its limits.
func TestCamera2DPanZoom(t *testing.T) {
	const w, h = 800.0, 600.0
	c := camera2D{Centre: mgl64.Vec2{1, 1}, Half: 5}
	p := c.toWorld(100, 200, w, h)
	c.pan(30, -40, h)
	if x, y := c.toPixel(p, w, h); math.Abs(x-130) > 1e-9 || math.Abs(y-160) > 1e-9 {
		t.Errorf("after a drag of (30, -40) the point is at (%g, %g), want (130, 160)", x, y)
	}
	q := c.toWorld(600, 100, w, h)
	c.zoom(2, 600, 100, w, h)
	if x, y := c.toPixel(q, w, h); math.Abs(x-600) > 1e-9 || math.Abs(y-100) > 1e-9 {
		t.Errorf("zooming moved the point under the cursor to (%g, %g)", x, y)
	}
	if want := 5 * zoomRate * zoomRate; math.Abs(c.Half-want) > 1e-12 {
		t.Errorf("Half %g after two notches, want %g", c.Half, want)
	}
	c.zoom(1e4, 0, 0, w, h)
	if c.Half != minHalf {
		t.Errorf("Half %g after zooming far in, want %g", c.Half, minHalf)
	}
}

// The first view is the scene's <viewport> when it has one, fitted to the window's narrower
// side, as tumble 2d render frames it.
func TestFitCamera2D(t *testing.T) {
	s := &fosssim.Scene{Display: fosssim.Display{Cx: 1, Cy: 2, Size: 3}}
	if c := fitCamera2D(s, nil, 16.0/9); c.Centre != (mgl64.Vec2{1, 2}) || c.Half != 3 {
		t.Errorf("wide window: %+v, want the viewport", c)
	}
	if c := fitCamera2D(s, nil, 0.5); c.Half != 6 {
		t.Errorf("tall window: Half %g, want 6 (the viewport's width fits)", c.Half)
	}
	// --follow frames the bodies, not the viewport, and leaves the scene as it was.
	b, err := planar.NewBody([]mgl64.Vec2{{10, 20}, {12, 20}}, []float64{1, 1}, 0.5, mgl64.Vec2{}, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	if c := followCamera2D(s, []planar.Body{b}, 1); c.Centre != (mgl64.Vec2{11, 20}) || math.Abs(c.Half-0.55*3) > 1e-12 || s.Display.Size != 3 {
		t.Errorf("follow: %+v, want centred on the body, 0.55 of its 3 m extent", c)
	}
}
