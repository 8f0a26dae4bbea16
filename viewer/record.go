package viewer

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	"os/exec"
	"strings"
)

// A recording takes the window at fixed steps of simulated time into an animated GIF or,
// through ffmpeg, an MP4: --gif and --mp4 from the start of a run, v for the next seconds of
// an interactive one. Frames are taken when the simulated time shown reaches the next
// one due, so the moving picture plays at the simulation's pace, whatever the frame rate or
// time scale; with --gif and --mp4 every step is drawn, and the frames are exactly interval
// apart.

// gifRate is the most frames per simulated second a recording takes: the GIF format counts
// delays in hundredths of a second, and browsers slow down delays under 2.
const gifRate = 30

// recordInterval returns the simulated time between two frames for time step dt: a whole
// number of steps, about 1/gifRate s.
func recordInterval(dt float64) float64 {
	return math.Max(1, math.Round(1/(gifRate*dt))) * dt
}

// sink receives a recording's frames.
type sink interface {
	add(img *image.NRGBA, t float64) error
	close(interval float64) error
}

// recorder takes frames into a sink on its own goroutine, so quantizing or piping to ffmpeg
// does not hold up the window.
type recorder struct {
	path     string
	gif      bool    // a GIF, not an MP4
	interval float64 // simulated s between frames
	count    int     // frames to take
	taken    int
	next     float64 // simulated time of the next frame; NaN before the first
	frames   chan timedFrame
	done     chan error
}

type timedFrame struct {
	img *image.NRGBA
	t   float64
}

// newRecorder starts recording seconds of simulated time at time step dt to path from a
// window width×height pixels: a GIF at most gifWidth pixels wide (0: the window's width), or
// an MP4 with mp4 (ffmpeg then encodes, and must be installed).
func newRecorder(path string, mp4 bool, seconds, dt float64, width, height, gifWidth int) (*recorder, error) {
	r := &recorder{path: path, gif: !mp4, interval: recordInterval(dt), next: math.NaN(),
		frames: make(chan timedFrame, 4), done: make(chan error, 1)}
	r.count = max(int(math.Round(seconds/r.interval)), 1)
	var s sink = newGIFSink(path, gifWidth)
	if mp4 {
		m, err := startFFmpeg(path, width, height, 1/r.interval)
		if err != nil {
			return nil, err
		}
		s = m
	}
	go func() {
		var err error
		for f := range r.frames {
			if err == nil {
				err = s.add(f.img, f.t)
			}
		}
		if cerr := s.close(r.interval); err == nil {
			err = cerr
		}
		r.done <- err
	}()
	return r, nil
}

// due reports whether the frame showing simulated time t is to be taken.
func (r *recorder) due(t float64) bool {
	return r.taken < r.count && (math.IsNaN(r.next) || t >= r.next-1e-9*r.interval)
}

// take hands over the frame img showing simulated time t, and reports whether the recording
// has all its frames.
func (r *recorder) take(img *image.NRGBA, t float64) bool {
	if math.IsNaN(r.next) {
		r.next = t
	}
	r.frames <- timedFrame{img, t}
	r.taken++
	r.next += r.interval
	return r.taken == r.count
}

// finish waits for the file to be written.
func (r *recorder) finish() error {
	close(r.frames)
	return <-r.done
}

// ffmpegSink pipes raw frames to ffmpeg, which encodes them as H.264 in an MP4 file.
type ffmpegSink struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out strings.Builder
}

// errNoFFmpeg says what to do without ffmpeg.
var errNoFFmpeg = errors.New("--mp4 needs ffmpeg on PATH (apt-get install ffmpeg); --gif writes a moving picture without it")

// FFmpegMissing reports whether --mp4 cannot work here, with what to do about it.
func FFmpegMissing() error {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		return errNoFFmpeg
	}
	return nil
}

// startFFmpeg starts ffmpeg encoding width×height RGBA frames at fps frames per second into
// path.
func startFFmpeg(path string, width, height int, fps float64) (*ffmpegSink, error) {
	if err := FFmpegMissing(); err != nil {
		return nil, err
	}
	f := &ffmpegSink{}
	// H.264 in 4:2:0 wants even sides: pad by a pixel rather than refuse odd windows.
	f.cmd = exec.Command("ffmpeg", "-y", "-loglevel", "error", "-f", "rawvideo", "-pixel_format", "rgba",
		"-video_size", fmt.Sprintf("%dx%d", width, height), "-framerate", fmt.Sprintf("%.6f", fps), "-i", "-",
		"-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", path)
	f.cmd.Stderr = &f.out
	var err error
	if f.in, err = f.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	if err := f.cmd.Start(); err != nil {
		return nil, fmt.Errorf("starting ffmpeg: %w", err)
	}
	return f, nil
}

func (f *ffmpegSink) add(img *image.NRGBA, _ float64) error {
	_, err := f.in.Write(img.Pix)
	return err
}

func (f *ffmpegSink) close(float64) error {
	f.in.Close()
	if err := f.cmd.Wait(); err != nil {
		return fmt.Errorf("ffmpeg: %v: %s", err, strings.TrimSpace(f.out.String()))
	}
	return nil
}
