package viewer

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/go-gl/glfw/v3.3/glfw"

	"github.com/tumble-physics/tumble/internal/plural"
)

// frameClock is what the window loops of the 3D and the 2D mode share: it counts the frames
// shown, ends a run after Options.Frames frames or Options.Seconds of wall time, keeps the
// frames to Options.MaxFPS, saves the frames --record, --screenshot and the p key ask for,
// and times the frames for the closing statistics.
type frameClock struct {
	opt        *Options
	frames     int       // frames shown
	start      time.Time // when the frame being drawn began
	firstShown time.Time
	next       time.Time // when the next frame is due, with MaxFPS
	shot       string    // save the next frame to this PNG file
	stats      frameStats
}

// begin starts a frame.
func (c *frameClock) begin() {
	c.start = time.Now()
	if c.next.IsZero() {
		c.next = c.start
	}
}

// last reports whether the frame being drawn is the run's last.
func (c *frameClock) last() bool {
	return c.opt.Frames > 0 && c.frames+1 >= c.opt.Frames ||
		c.opt.Seconds > 0 && c.frames > 0 && time.Since(c.firstShown).Seconds() >= c.opt.Seconds
}

// screenshot saves the next frame drawn to name, or name-2, -3, … when a file of that name
// exists (two in one second).
func (c *frameClock) screenshot(name string) {
	base, ext := name[:len(name)-len(filepath.Ext(name))], filepath.Ext(name)
	for k := 2; ; k++ {
		if _, err := os.Stat(name); err != nil {
			break
		}
		name = fmt.Sprintf("%s-%d%s", base, k, ext)
	}
	c.shot = name
}

// save writes the framebuffer of width×height pixels, once drawn, to --record's directory,
// and to the screenshot asked for (--screenshot's on the last of Options.Frames). It returns
// what to tell the user of the screenshot, saved or not, and --record's error, which ends the
// run.
func (c *frameClock) save(width, height int) (string, error) {
	if c.opt.Record != "" {
		if err := savePNG(filepath.Join(c.opt.Record, fmt.Sprintf("frame-%05d.png", c.frames+1)), width, height); err != nil {
			return "", err
		}
	}
	if c.opt.Screenshot != "" && c.opt.Frames > 0 && c.frames+1 == c.opt.Frames {
		c.shot = c.opt.Screenshot
	}
	if c.shot == "" {
		return "", nil
	}
	name := c.shot
	c.shot = ""
	if err := savePNG(name, width, height); err != nil {
		return err.Error(), nil
	}
	return "screenshot " + name, nil
}

// shown counts the frame just put on the screen.
func (c *frameClock) shown() {
	c.frames++
	if c.frames == 1 {
		c.firstShown, c.stats.cpu = time.Now(), processCPU()
	} else {
		c.stats.add(time.Since(c.start))
	}
}

// pace waits until the next frame is due, with MaxFPS. Frames are due on a fixed schedule,
// so sleeping's overshoot does not add up; a frame that ran late starts the schedule again.
func (c *frameClock) pace() {
	if c.opt.MaxFPS <= 0 {
		return
	}
	period := time.Duration(float64(time.Second) / c.opt.MaxFPS)
	c.next = c.next.Add(period)
	if d := time.Until(c.next); d > 0 {
		time.Sleep(d)
	} else if d < -period {
		c.next = time.Now()
	}
}

// report writes the closing summary to the log: the frames and their rate, counted from the
// first frame shown (opening the window left out), and the steps of s, its time and their
// wall time.
func (c *frameClock) report(s modeState) {
	secs := time.Since(c.firstShown).Seconds()
	fmt.Fprintf(c.opt.Log, "frames %d in %.2f s: %.1f fps, %s, t %.4f s\n", c.frames, secs, float64(c.frames-1)/secs, plural.Count(s.Steps, "step", "steps"), s.Time)
	c.stats.report(c.opt.Log, s.Steps, s.StepTime, secs)
}

// fill sets the defaults of the options every window needs: its size (1280×720), the
// frame-rate cap (60) and the log (discarded).
func (o *Options) fill() {
	if o.Width <= 0 || o.Height <= 0 {
		o.Width, o.Height = 1280, 720
	}
	if o.MaxFPS == 0 {
		o.MaxFPS = 60
	}
	if o.Log == nil {
		o.Log = io.Discard
	}
}

// openScreen opens the window and its HUD, and makes --record's directory. The caller
// terminates GLFW.
func openScreen(opt *Options) (*glfw.Window, *hud, error) {
	win, err := openWindow(opt.Width, opt.Height, "Tumble")
	if err != nil {
		return nil, nil, err
	}
	h, err := newHUD()
	if err == nil && opt.Record != "" {
		if err = os.MkdirAll(opt.Record, 0o755); err != nil {
			err = fmt.Errorf("--record: %w", err)
		}
	}
	if err != nil {
		glfw.Terminate()
		return nil, nil, err
	}
	return win, h, nil
}
