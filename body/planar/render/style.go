package render

import (
	"image/color"

	"tumble/body/planar/fosssim"
)

// Default colours: free bodies steel blue, fixed bodies grey (hatched), springs dark blue,
// white background, as long as the scene's display elements do not set them.
var (
	defaultFree       = fosssim.Color{0.27, 0.47, 0.71}
	defaultFixed      = fosssim.Color{0.55, 0.55, 0.55}
	defaultSpring     = fosssim.Color{0.1, 0.1, 0.6}
	defaultBackground = fosssim.Color{1, 1, 1}
)

// style resolves the colours of a scene.
type style struct {
	background color.RGBA
	bodies     []color.RGBA
	springs    []color.RGBA
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

func styleOf(scene *fosssim.Scene) style {
	d := scene.Display
	s := style{background: rgba(defaultBackground)}
	if d.Background != nil {
		s.background = rgba(*d.Background)
	}
	for i, b := range scene.Bodies {
		def := defaultFree
		if b.Fixed {
			def = defaultFixed
		}
		s.bodies = append(s.bodies, pick(d.BodyColors, i, def))
	}
	for i := range scene.Springs() {
		s.springs = append(s.springs, pick(d.SpringColors, i, defaultSpring))
	}
	return s
}

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
