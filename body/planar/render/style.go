package render

import (
	"image/color"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
)

// Default colours: free bodies steel blue, fixed bodies grey (hatched), springs dark blue,
// white background, as long as the scene's display elements do not set them.
var (
	defaultFree       = fosssim.Color{0.27, 0.47, 0.71}
	defaultFixed      = fosssim.Color{0.55, 0.55, 0.55}
	defaultSpring     = fosssim.Color{0.1, 0.1, 0.6}
	defaultBackground = fosssim.Color{1, 1, 1}
)

// The look of a raster picture, in pixels; the viewer draws a scene with the same numbers.
const (
	// RimPixels is the width of a body's rim: its colour turns toward Rim over the
	// outermost RimPixels of the body.
	RimPixels = 1.5
	// HatchPixels is the width of a fixed body's stripes, which alternate its colour and
	// Hatch along the lines x + y = const (pixels from the top-left corner).
	HatchPixels = 4
	// SpringWidth is half the width of a spring's line.
	SpringWidth = 0.8
	// MarkDot is the radius of a contact's dot and MarkWidth half the width of its normal.
	MarkDot, MarkWidth = 2.5, 0.7
)

// MarkColor is the contacts' colour: red, which no default body colour comes near.
var MarkColor = color.RGBA{220, 30, 30, 255}

// NormalLength returns the drawn length of a contact normal (m) in a view of the given
// half-size (m): a twentieth of the view.
func NormalLength(half float64) float64 { return half / 10 }

// Style is a scene's colours, from its display elements or the defaults.
type Style struct {
	Background color.RGBA
	Bodies     []color.RGBA // per body, in scene order
	Springs    []color.RGBA // per spring, in the order of Scene.Springs
}

func rgba(c fosssim.Color) color.RGBA {
	return color.RGBA{uint8(255*c[0] + 0.5), uint8(255*c[1] + 0.5), uint8(255*c[2] + 0.5), 255}
}

func pick(cs []*fosssim.Color, i int, def fosssim.Color) color.RGBA {
	if i < len(cs) && cs[i] != nil {
		return rgba(*cs[i])
	}
	return rgba(def)
}

// StyleOf returns the scene's colours.
func StyleOf(scene *fosssim.Scene) Style {
	d := scene.Display
	s := Style{Background: rgba(defaultBackground)}
	if d.Background != nil {
		s.Background = rgba(*d.Background)
	}
	for i, b := range scene.Bodies {
		def := defaultFree
		if b.Fixed {
			def = defaultFixed
		}
		s.Bodies = append(s.Bodies, pick(d.BodyColors, i, def))
	}
	for i := range scene.Springs() {
		s.Springs = append(s.Springs, pick(d.SpringColors, i, defaultSpring))
	}
	return s
}

// Rim returns the colour of the rim of a body of colour c: c darkened.
func Rim(c color.RGBA) color.RGBA { return shade(c, 0.45) }

// Hatch returns the light stripes' colour of a fixed body of colour c.
func Hatch(c color.RGBA) color.RGBA { return lighten(c, 0.5) }

// shade mixes c toward black by f in [0, 1].
func shade(c color.RGBA, f float64) color.RGBA {
	k := 1 - f
	return color.RGBA{uint8(float64(c.R) * k), uint8(float64(c.G) * k), uint8(float64(c.B) * k), 255}
}

// lighten mixes c toward white by f in [0, 1].
func lighten(c color.RGBA, f float64) color.RGBA {
	m := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*f) }
	return color.RGBA{m(c.R), m(c.G), m(c.B), 255}
}
