// Package render draws planar scenes: SVG and PNG pictures of a state and GIF animations of
// a run. Bodies are drawn as what they are for contact, their polygon inflated by their
// radius; springs as lines; fixed bodies hatched. It uses only the standard library's image
// packages and its own anti-aliased rasteriser (coverage from signed distances).
package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
)

// View maps a square of the world (centre C, half-size Half, metres) onto a square image of
// Size pixels, y up.
type View struct {
	C    mgl64.Vec2
	Half float64
	Size int
}

// pixel returns the size of one pixel in metres.
func (v View) pixel() float64 { return 2 * v.Half / float64(v.Size) }

// toWorld returns the world point at the centre of pixel (px, py).
func (v View) toWorld(px, py int) mgl64.Vec2 {
	s := v.pixel()
	return mgl64.Vec2{v.C[0] - v.Half + (float64(px)+0.5)*s, v.C[1] + v.Half - (float64(py)+0.5)*s}
}

// toPixel returns the continuous pixel coordinates of a world point.
func (v View) toPixel(p mgl64.Vec2) (float64, float64) {
	s := v.pixel()
	return (p[0] - v.C[0] + v.Half) / s, (v.C[1] + v.Half - p[1]) / s
}

// box is an axis-aligned bounding box in world coordinates.
type box struct{ lo, hi mgl64.Vec2 }

func emptyBox() box {
	return box{mgl64.Vec2{math.Inf(1), math.Inf(1)}, mgl64.Vec2{math.Inf(-1), math.Inf(-1)}}
}

func (b *box) add(p mgl64.Vec2, r float64) {
	b.lo = mgl64.Vec2{min(b.lo[0], p[0]-r), min(b.lo[1], p[1]-r)}
	b.hi = mgl64.Vec2{max(b.hi[0], p[0]+r), max(b.hi[1], p[1]+r)}
}

// addState adds the inflated bodies and the springs of a state.
func (b *box) addState(scene *fosssim.Scene, bodies []planar.Body) {
	for i := range bodies {
		bd := &bodies[i]
		r := bd.Rotation()
		for k := range bd.Vertices {
			b.add(bd.WorldVertex(r, k), bd.Radius)
		}
	}
	for _, s := range scene.Springs() {
		p, q := s.Ends(bodies)
		b.add(p, 0)
		b.add(q, 0)
	}
}

// view returns the scene's <viewport> if it has one, else a square around the box with a
// margin.
func (b box) view(scene *fosssim.Scene, size int) View {
	if d := scene.Display; d.Size > 0 {
		return View{C: mgl64.Vec2{d.Cx, d.Cy}, Half: d.Size, Size: size}
	}
	if b.lo[0] > b.hi[0] {
		return View{Half: 1, Size: size}
	}
	half := 0.55 * max(b.hi[0]-b.lo[0], b.hi[1]-b.lo[1], 1e-3)
	return View{C: b.lo.Add(b.hi).Mul(0.5), Half: half, Size: size}
}

// FitView returns the view of a state: the scene's viewport, or one that fits the bodies.
func FitView(scene *fosssim.Scene, bodies []planar.Body, size int) View {
	b := emptyBox()
	b.addState(scene, bodies)
	return b.view(scene, size)
}
