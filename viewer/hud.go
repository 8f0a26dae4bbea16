package viewer

import (
	"slices"
	"strings"

	"github.com/go-gl/gl/v4.1-core/gl"
	"github.com/go-gl/mathgl/mgl32"

	"github.com/tumble-physics/tumble/shaders"
)

// Text layout: each 5×7 glyph sits in a 6×9 cell, drawn at a whole number of screen pixels
// per font pixel (ui.scale).
const (
	cellW, cellH = 6, 9
	hudVertex    = 8 // floats: position (2), uv (2), colour with alpha (4)
)

// hud draws text over the scene in screen space, with translucent backdrops.
type hud struct {
	prog       *program
	vao, vbo   uint32
	tex        uint32
	atlasWidth int
	slot       map[rune]int // glyph → its column in the atlas
	verts      []float32
}

func newHUD() (*hud, error) {
	p, err := newProgram("text", shaders.TextVert, shaders.TextFrag)
	if err != nil {
		return nil, err
	}
	h := &hud{prog: p, slot: map[rune]int{}}
	runes := make([]rune, 0, len(font5x7))
	for r := range font5x7 {
		runes = append(runes, r)
	}
	slices.Sort(runes)
	h.atlasWidth = cellW * len(runes)
	pix := make([]byte, h.atlasWidth*cellH)
	for k, r := range runes {
		h.slot[r] = k
		for row, bits := range font5x7[r] {
			for col := range 5 {
				if bits>>(4-col)&1 == 1 {
					pix[row*h.atlasWidth+k*cellW+col] = 255
				}
			}
		}
		if r == '█' { // backdrops sample the middle of a fully set cell
			for i := range cellH {
				for j := range cellW {
					pix[i*h.atlasWidth+k*cellW+j] = 255
				}
			}
		}
	}
	gl.GenTextures(1, &h.tex)
	gl.BindTexture(gl.TEXTURE_2D, h.tex)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.R8, int32(h.atlasWidth), cellH, 0, gl.RED, gl.UNSIGNED_BYTE, gl.Ptr(pix))
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	h.vao, h.vbo = newVertexArray([]int32{2, 2, 4})
	return h, nil
}

// quad queues a screen rectangle (pixels) showing the atlas rectangle (u0, v0)–(u1, v1).
func (h *hud) quad(x0, y0, x1, y1, u0, v0, u1, v1 float32, c mgl32.Vec4) {
	for _, p := range [6][4]float32{{x0, y0, u0, v0}, {x1, y0, u1, v0}, {x1, y1, u1, v1}, {x0, y0, u0, v0}, {x1, y1, u1, v1}, {x0, y1, u0, v1}} {
		h.verts = append(h.verts, p[0], p[1], p[2], p[3], c[0], c[1], c[2], c[3])
	}
}

// rect queues a filled screen rectangle (pixels from the top-left corner).
func (h *hud) rect(x0, y0, x1, y1 float32, c mgl32.Vec4) {
	mid := (float32(h.slot['█']*cellW) + cellW/2) / float32(h.atlasWidth)
	h.quad(x0, y0, x1, y1, mid, 0.5, mid, 0.5, c)
}

// text queues one line at pixel (x, y), upper-cased, scale screen pixels per font pixel;
// characters the font lacks show as '?'. It returns the line's width in pixels.
func (h *hud) text(x, y float32, line string, scale int, c mgl32.Vec4) float32 {
	s := float32(scale)
	runes := []rune(strings.ToUpper(line))
	for j, r := range runes {
		k, ok := h.slot[r]
		if !ok {
			k = h.slot['?']
		}
		u0 := float32(k*cellW) / float32(h.atlasWidth)
		u1 := float32(k*cellW+cellW) / float32(h.atlasWidth)
		gx := x + float32(j*cellW)*s
		h.quad(gx, y, gx+cellW*s, y+cellH*s, u0, 0, u1, 1, c)
	}
	return float32(len(runes)*cellW) * s
}

// panel queues lines of text at pixel (x, y) from the top-left corner on a translucent dark
// backdrop, scale screen pixels per font pixel, and returns the backdrop's bottom edge.
func (h *hud) panel(x, y float32, lines []string, scale int, c mgl32.Vec4) float32 {
	w, lh := panelSize(lines, scale)
	h.rect(x-panelPad, y-panelPad, x+w+panelPad, y+lh+panelPad, backdrop)
	for i, l := range lines {
		h.text(x, y+float32(i*cellH*scale), l, scale, c)
	}
	return y + lh + panelPad
}

// panelPad is the backdrop's margin around a panel's text, pixels.
const panelPad = 6

// backdrop is the colour behind on-screen text: a dark slate, nearly opaque, so that light
// text reads the same over sky, a grey floor or a white 2D background.
var backdrop = mgl32.Vec4{0.1, 0.11, 0.14, 0.82}

// panelSize returns the size in pixels of lines of text at scale.
func panelSize(lines []string, scale int) (w, h float32) {
	width := 0
	for _, l := range lines {
		width = max(width, len([]rune(l)))
	}
	return float32(width * cellW * scale), float32(len(lines) * cellH * scale)
}

// draw renders the queued text over a width×height framebuffer and empties the queue.
func (h *hud) draw(width, height int) {
	if len(h.verts) == 0 {
		return
	}
	gl.Disable(gl.DEPTH_TEST)
	gl.Enable(gl.BLEND)
	gl.BlendFunc(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA)
	h.prog.use()
	gl.Uniform2f(h.prog.loc("viewport"), float32(width), float32(height))
	gl.ActiveTexture(gl.TEXTURE0)
	gl.BindTexture(gl.TEXTURE_2D, h.tex)
	h.prog.int("font", 0)
	gl.BindVertexArray(h.vao)
	gl.BindBuffer(gl.ARRAY_BUFFER, h.vbo)
	gl.BufferData(gl.ARRAY_BUFFER, 4*len(h.verts), gl.Ptr(h.verts), gl.STREAM_DRAW)
	gl.DrawArrays(gl.TRIANGLES, 0, int32(len(h.verts)/hudVertex))
	gl.Disable(gl.BLEND)
	gl.Enable(gl.DEPTH_TEST)
	h.verts = h.verts[:0]
}
