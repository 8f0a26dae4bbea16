package main

import (
	"bufio"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"

	"tumble/body/planar/fosssim"
	"tumble/body/planar/render"
)

const twoDRenderUsage = `usage: tumble 2d render [flags] SCENE.xml --out FILE.{svg,png,gif}

Draws a FOSSSim rigid-body scene: bodies as their polygons inflated by their radius (what
contact sees), springs as lines, fixed bodies hatched, in the scene's <rigidbodycolor>,
<rigidbodyspringcolor> and <backgroundcolor> if it has them. .svg and .png show the state at
--time (default the start); .gif animates the whole run (or --time seconds of it). The view
is the scene's <viewport>, or one that fits the bodies over the frames drawn. With
--contacts it also draws the contacts the course's detector finds in each state drawn: a red
dot at each contact with its normal.`

func runTwoDRender(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("tumble 2d render", twoDRenderUsage, stderr)
	out := fs.String("out", "", "write the picture to `FILE` (.svg, .png or .gif)")
	size := fs.Int("size", 512, "image width and height in `pixels`")
	at := fs.Float64("time", -1, "svg/png: draw the state at `T` seconds; gif: animate up to T (default: the scene's duration)")
	frames := fs.Int("frames", 120, "gif: number of `frames`")
	contacts := fs.Bool("contacts", false, "draw the contacts (points and normals)")
	rest, code, stop := parseFlags(fs, args)
	if stop {
		return code
	}
	if len(rest) != 1 || *out == "" || *size < 16 || *frames < 1 {
		fs.Usage()
		return 2
	}
	if err := twoDRender(rest[0], *out, *size, *at, *frames, *contacts); err != nil {
		fmt.Fprintln(stderr, "tumble 2d render:", err)
		return 1
	}
	fmt.Fprintln(stdout, "wrote", *out)
	return 0
}

func twoDRender(path, out string, size int, at float64, frames int, contacts bool) (err error) {
	ext := strings.ToLower(filepath.Ext(out))
	if ext != ".svg" && ext != ".png" && ext != ".gif" {
		return fmt.Errorf("%s: want a .svg, .png or .gif file", out)
	}
	scene, err := fosssim.Load(path)
	if err != nil {
		return err
	}
	sys, err := scene.System(newContactResponse2D)
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
