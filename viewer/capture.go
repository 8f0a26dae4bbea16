package viewer

import (
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/go-gl/gl/v4.1-core/gl"
)

// readFrame reads the current framebuffer's width×height pixels, top row first.
func readFrame(width, height int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, width, height))
	gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
	gl.ReadPixels(0, 0, int32(width), int32(height), gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(img.Pix))
	// OpenGL's rows start at the bottom; images start at the top.
	row := make([]byte, img.Stride)
	for y := range height / 2 {
		a := img.Pix[y*img.Stride : (y+1)*img.Stride]
		b := img.Pix[(height-1-y)*img.Stride : (height-y)*img.Stride]
		copy(row, a)
		copy(a, b)
		copy(b, row)
	}
	return img
}

// savePNG writes the current framebuffer to path as a PNG.
func savePNG(path string, width, height int) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("saving screenshot: %w", err)
	}
	// Fast compression: --record saves every frame, and size matters less than the frame rate.
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(f, readFrame(width, height)); err != nil {
		f.Close()
		return fmt.Errorf("saving screenshot %s: %w", path, err)
	}
	return f.Close()
}
