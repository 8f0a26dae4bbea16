package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/tumble-physics/tumble/body/planar/render"
	contact "github.com/tumble-physics/tumble/contact/planar"
)

const twoDRenderUsage = `usage: tumble 2d render [flags] SCENE.xml|NAME --out FILE.{svg,png,gif}

Draws a FOSSSim rigid-body scene (a file, or a built-in 2D scene by name): bodies as their polygons inflated by their radius (what
contact sees), springs as lines, fixed bodies hatched, in the scene's <rigidbodycolor>,
<rigidbodyspringcolor> and <backgroundcolor> if it has them. .svg and .png show the state at
--time (default the start); .gif animates the whole run (or --time seconds of it). The view
is the scene's <viewport>, or one that fits the bodies over the frames drawn. With
--contacts it also draws the contacts the course's detector finds in each state drawn: a red
dot at each contact with its normal.

examples:
  tumble 2d render data/scenes2d/wind_on_shapes.xml --out wind.png
  tumble 2d render contact_pgs_pyramid --out pyramid.gif --frames 30 --contacts`

func runTwoDRender(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("2d render", flag.ContinueOnError)
	out := fs.String("out", "", "write the picture to `FILE` (.svg, .png or .gif)")
	size := fs.Int("size", 512, "image width and height in `pixels`, 16 to 4096")
	at := fs.Float64("time", -1, "svg/png: draw the state at `T` seconds; gif: animate up to T (default: the scene's duration)")
	frames := fs.Int("frames", 120, "gif: number of `frames`, 1 to 1000, and frames × size² at most 268435456 (2^28)")
	contacts := fs.Bool("contacts", false, "draw the contacts (points and normals)")
	rest, code, done := parseArgs(fs, args, flagHelp(fs, twoDRenderUsage), stdout, stderr)
	var err error
	switch {
	case done:
		return code
	case len(rest) != 1:
		err = fmt.Errorf("want one scene, got %d arguments", len(rest))
	case *out == "":
		err = errors.New("missing --out FILE: the picture to write (.svg, .png or .gif)")
	default:
		err = renderBounds(*size, *frames, *out)
	}
	if err != nil {
		return usageError(stderr, "2d render", err)
	}
	if err := twoDRender(rest[0], *out, *size, *at, *frames, *contacts, stderr); err != nil {
		fmt.Fprintln(stderr, "tumble 2d render:", err)
		return 1
	}
	fmt.Fprintln(stdout, "wrote", *out)
	return 0
}

// The bounds of 2d render's flags: an image of maxRenderSize² pixels (64 MiB), a GIF of at
// most maxGIFFrames frames and maxGIFPixels pixels in all, which the encoder holds at once;
// --time at most maxTimeSteps steps, as a scene's duration.
const (
	minRenderSize, maxRenderSize = 16, 4096
	maxGIFFrames                 = 1000
	maxGIFPixels                 = 1 << 28
	maxTimeSteps                 = 1e9
)

// renderBounds checks --size and --frames against their bounds.
func renderBounds(size, frames int, out string) error {
	switch {
	case size < minRenderSize || size > maxRenderSize:
		return fmt.Errorf("--size %d: want %d to %d pixels", size, minRenderSize, maxRenderSize)
	case frames < 1 || frames > maxGIFFrames:
		return fmt.Errorf("--frames %d: want 1 to %d", frames, maxGIFFrames)
	case strings.EqualFold(filepath.Ext(out), ".gif") && int64(frames)*int64(size)*int64(size) > maxGIFPixels:
		return fmt.Errorf("--frames %d at --size %d: %d pixels, more than the %d a GIF may hold (fewer frames or a smaller size)",
			frames, size, int64(frames)*int64(size)*int64(size), maxGIFPixels)
	}
	return nil
}

func twoDRender(path, out string, size int, at float64, frames int, contacts bool, stderr io.Writer) (err error) {
	ext := strings.ToLower(filepath.Ext(out))
	if ext != ".svg" && ext != ".png" && ext != ".gif" {
		return fmt.Errorf("%s: want a .svg, .png or .gif file", out)
	}
	scene, err := loadScene2D(path)
	if err != nil {
		return err
	}
	sys, err := scene.System(contact.Responses(scene.Name, warnOnce(stderr, "tumble 2d render")))
	if err != nil {
		return err
	}
	steps := scene.Steps()
	if at >= 0 {
		if at/scene.Dt > maxTimeSteps {
			return fmt.Errorf("--time %g s is %.3g steps of %g s, more than %g", at, at/scene.Dt, scene.Dt, float64(maxTimeSteps))
		}
		steps = int(at/scene.Dt + 0.5)
	} else if ext != ".gif" {
		steps = 0
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriter(f)
	defer func() {
		if ferr := w.Flush(); err == nil {
			err = ferr
		}
	}()
	var markers []render.Marker
	if contacts {
		markers = append(markers, contactMarks())
	}
	if ext == ".gif" {
		return render.GIF(w, scene, sys, steps, frames, size, markers...)
	}
	for range steps {
		if err := sys.Step(); err != nil {
			return fmt.Errorf("%s: step %d: %w", scene.Name, sys.Steps, err)
		}
	}
	v := render.FitView(scene, sys.Bodies, size)
	var marks []render.Mark
	for _, m := range markers {
		marks = append(marks, m(sys.Bodies)...)
	}
	if ext == ".svg" {
		return render.SVG(w, scene, sys.Bodies, v, marks...)
	}
	return png.Encode(w, render.Raster(scene, sys.Bodies, v, marks...))
}
