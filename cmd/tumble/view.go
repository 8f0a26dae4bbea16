package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tumble-physics/tumble/body/planar/trajectory"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/viewer"
)

// viewCommand opens the interactive viewer.
var viewCommand = command{name: "view", summary: "open the viewer on a scene, or on a mesh dropped onto a floor", run: runView}

// maxViewSize bounds each side of the window (pixels): the largest texture OpenGL
// implementations commonly allow, and a screenshot of 16384² is already 1 GiB.
const maxViewSize = 16384

// runView is `tumble view [SCENE.xml | MESH.obj | NAME] [flags]`.
func runView(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("view", flag.ContinueOnError)
	frames := fs.Int("frames", 0, "render this many frames, one time step each, then exit (0: until closed)")
	screenshot := fs.String("screenshot", "", "save the last frame (with --frames) to this PNG file")
	record := fs.String("record", "", "save every frame as PNG into this directory")
	tracePath := fs.String("trace", "", "write every body's state per frame to this CSV file (the columns of tumble sim --trace; of tumble 2d run --csv for a 2D scene)")
	size := fs.String("size", "1280x720", "window size WxH in pixels, each 1 to 16384")
	fps := fs.Float64("fps", 60, "frame-rate cap (0: uncapped)")
	seconds := fs.Float64("seconds", 0, "run this many seconds of wall time, then exit printing frame-rate statistics (0: until closed)")
	follow := fs.Bool("follow", false, "keep the camera framing the bodies as they move")
	gif := fs.String("gif", "", "save the first --duration seconds as an animated GIF to this file, then exit")
	mp4 := fs.String("mp4", "", "save the first --duration seconds as an MP4 video (needs ffmpeg), then exit")
	duration := fs.Float64("duration", 5, "simulated seconds --gif, --mp4 and the v key record")
	gifWidth := fs.Int("gif-width", 480, "the most pixels wide a GIF (--gif, the v key) is: a wider window is scaled down to it (0: the window's width)")
	scale := fs.Float64("scale", 1, "scale an OBJ file opened or dropped on the window by this factor")
	usage := fmt.Sprintf(`usage: tumble view [SCENE.xml | MESH.obj | NAME] [flags]

Opens a window on a scene file, a built-in scene (default: default), or a mesh (an OBJ file
or a built-in mesh) dropped onto the floor. The scene browser (Tab) lists the built-in
scenes, then the built-in 2D scenes, then the scene files beside the one opened; keys 1-9
open the first nine:
  %s

%s

A 2D scene, a built-in one or a FOSSSim scene file, opens in the same window in 2D, running
as tumble 2d run runs it:
  %s

%s`, strings.Join(data.SceneNames(), " "), viewer.Help, strings.Join(scene2D.names(), " "), viewer.Help2D)
	rest, code, done := parseArgs(fs, args, flagHelp(fs, usage), stdout, stderr)
	if done {
		return code
	}
	if len(rest) > 1 {
		return usageError(stderr, "view", fmt.Errorf("one scene or mesh at a time, got %d arguments", len(rest)))
	}
	target := ""
	if len(rest) == 1 {
		target = rest[0]
	}
	if *scale <= 0 || *duration <= 0 {
		return usageError(stderr, "view", fmt.Errorf("--scale %g, --duration %g: want positive numbers", *scale, *duration))
	}
	if *gifWidth < 0 || *gifWidth > maxViewSize {
		return usageError(stderr, "view", fmt.Errorf("--gif-width %d: want 0 (the window's width) to %d pixels", *gifWidth, maxViewSize))
	}
	if *gif != "" && *mp4 != "" {
		return usageError(stderr, "view", errors.New("--gif or --mp4, one at a time"))
	}
	opt := viewer.Options{Frames: *frames, Seconds: *seconds, Follow: *follow, Screenshot: *screenshot, Record: *record,
		First: target, Log: stdout, Open: func(ref string) (*viewer.Setup, error) { return openView(ref, *scale) },
		Open2D: loadScene2D, Scenes: data.SceneNames(), Scenes2D: scene2D.names(), DropScale: *scale, Duration: *duration, Movie: *gif, GIFWidth: *gifWidth}
	if *mp4 != "" {
		if err := viewer.FFmpegMissing(); err != nil {
			fmt.Fprintf(stderr, "tumble view: %v\n", err)
			return 1
		}
		opt.Movie, opt.MP4 = *mp4, true
	}
	if opt.First == "" {
		opt.First = "default"
	}
	if _, err := fmt.Sscanf(*size, "%dx%d", &opt.Width, &opt.Height); err != nil || opt.Width <= 0 || opt.Height <= 0 ||
		opt.Width > maxViewSize || opt.Height > maxViewSize {
		return usageError(stderr, "view", fmt.Errorf("--size %q: want WxH, each 1 to %d, e.g. 1280x720", *size, maxViewSize))
	}
	opt.MaxFPS = *fps
	if *fps == 0 {
		opt.MaxFPS = -1
	}
	if *seconds < 0 {
		return usageError(stderr, "view", fmt.Errorf("--seconds %g: want a duration ≥ 0", *seconds))
	}
	if *screenshot != "" && *frames <= 0 {
		return usageError(stderr, "view", errors.New("--screenshot needs --frames N (p saves one interactively)"))
	}
	if _, _, err := resolve(opt.First, scene3D, mesh, scene2D); err != nil {
		fmt.Fprintf(stderr, "tumble view: %v\n", err)
		return 1
	}
	closeTrace := func() error { return nil }
	if *tracePath != "" {
		var err error
		if closeTrace, err = openViewTrace(&opt, *tracePath, opt.Is2D(opt.First)); err != nil {
			fmt.Fprintf(stderr, "tumble view: %v\n", err)
			return 1
		}
	}
	err := viewer.Run(opt)
	if cerr := closeTrace(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "tumble view: %v\n", err)
		return 1
	}
	return 0
}

// openViewTrace makes the viewer write every body's state to a CSV file at path, once per
// step (per frame with --frames): the columns of tumble sim --trace for a 3D scene, those of
// tumble 2d run --csv for a 2D one (twoD), whose rows start with the initial state. The
// scenes of the other kind opened from the browser have other columns, and are not traced.
// It returns the function that closes the file.
func openViewTrace(opt *viewer.Options, path string, twoD bool) (func() error, error) {
	if !twoD {
		tr, err := createTrace(path)
		if err != nil {
			return nil, err
		}
		opt.AfterStep = tr.write
		return tr.close, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	c, err := trajectory.NewCSV(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	opt.AfterStep2D = c.Record
	return func() error {
		err := c.Flush()
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}, nil
}
