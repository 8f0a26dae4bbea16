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

	"tumble/body/planar/render"
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
	size := fs.Int("size", 512, "image width and height in `pixels`")
	at := fs.Float64("time", -1, "svg/png: draw the state at `T` seconds; gif: animate up to T (default: the scene's duration)")
	frames := fs.Int("frames", 120, "gif: number of `frames`")
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
	case *size < 16:
		err = fmt.Errorf("--size %d: want 16 pixels or more", *size)
	case *frames < 1:
		err = fmt.Errorf("--frames %d: want 1 or more", *frames)
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

func twoDRender(path, out string, size int, at float64, frames int, contacts bool, stderr io.Writer) (err error) {
	ext := strings.ToLower(filepath.Ext(out))
	if ext != ".svg" && ext != ".png" && ext != ".gif" {
		return fmt.Errorf("%s: want a .svg, .png or .gif file", out)
	}
	scene, err := loadScene2D(path)
	if err != nil {
		return err
	}
	sys, err := scene.System(contactResponses(scene.Name, warnOnce(stderr, "tumble 2d render")))
	if err != nil {
		return err
	}
	steps := scene.Steps()
	if at >= 0 {
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
