package viewer

import (
	"fmt"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/tumble-physics/tumble/internal/plural"
)

// updateTitle refreshes the statistics, in the title and on screen, twice a second or now.
func (a *app) updateTitle(now bool) {
	dt := time.Since(a.titleTime)
	if dt < 500*time.Millisecond && a.status != nil && !now {
		return
	}
	s := a.snap
	a.fps = float64(a.w.frames-a.titleFrame) / dt.Seconds()
	if n := s.TotalSteps - a.titleSteps; n > 0 {
		a.msPerStep = (s.StepTime - a.titleStep).Seconds() * 1000 / float64(n)
	}
	var title string
	a.status, title = statusText(s, a.fps, a.msPerStep)
	a.w.win.SetTitle(title)
	a.titleFrame, a.titleTime, a.titleSteps, a.titleStep = a.w.frames, time.Now(), s.TotalSteps, s.StepTime
}

// statusText returns the statistics lines of snapshot s (statusLines of them) and the
// window's title, at fps frames a second and msPerStep milliseconds a step.
func statusText(s *Snapshot, fps, msPerStep float64) (lines []string, title string) {
	state := ""
	switch {
	case s.Halt != nil:
		state = " (stopped)"
	case s.Paused:
		state = " (paused)"
	case s.Rate > 0 && s.Rate < 0.95:
		state = fmt.Sprintf(" (slower than real time: %.2fx)", s.Rate*s.TimeScale)
	case s.TimeScale != 1:
		state = fmt.Sprintf(" (%gx)", s.TimeScale)
	}
	lines = []string{
		fmt.Sprintf("%s%s  t %.2f s", shorten(s.Name, maxNameChars), state, s.Time),
		fmt.Sprintf("%.0f fps  %.2f ms/step  %s  %s", fps, msPerStep, bodyCount(len(s.P)), contactCount(s.Contacts)),
		fmt.Sprintf("%s  energy %.4g J", plural.Count(s.Params.Iterations, "iteration", "iterations"), shown(s.Energy)),
		"h: help  tab: scenes  s: settings",
	}
	title = fmt.Sprintf("Tumble: %s%s | %.0f fps | %.2f ms/step | %s | %s | %s | energy %.4g J | t %.2f s | h: help",
		s.Name, state, fps, msPerStep, bodyCount(len(s.P)), contactCount(s.Contacts),
		plural.Count(s.Params.Iterations, "iteration", "iterations"), shown(s.Energy), s.Time)
	return lines, title
}

// maxNameChars is the most of a scene's name the statistics panel shows, the rest cut from its
// middle: a file name of any length leaves the panel inside a window of 640 pixels.
const maxNameChars = 48

// bodyCount and contactCount say "1 body", "2 contacts".
func bodyCount(n int) string    { return plural.Count(n, "body", "bodies") }
func contactCount(n int) string { return plural.Count(n, "contact", "contacts") }

// statusLines is how many lines the statistics panel of a 3D scene has.
const statusLines = 4

// note is a line shown on screen for a few seconds: a file saved, a scene that failed to open.
type note struct {
	text  string
	until time.Time
}

// noteTime is how long a note stays on screen.
const noteTime = 4 * time.Second

// notify shows text on screen for a while and writes it to the log.
func (w *window) notify(text string) {
	w.notes = append(w.notes, note{text, time.Now().Add(noteTime)})
	fmt.Fprintln(w.opt.Log, text)
}

// drawNotes lays out the notes still due, bottom right, newest lowest, in a window of
// fw×fh pixels.
func (w *window) drawNotes(fw, fh int) {
	now := time.Now()
	kept := w.notes[:0]
	var lines []string
	for _, n := range w.notes {
		if now.Before(n.until) {
			kept = append(kept, n)
			lines = append(lines, n.text)
		}
	}
	w.notes = kept
	if r := w.recorder; r != nil && !w.exitOnSave {
		lines = append(lines, fmt.Sprintf("recording %s: %.1f of %.1f s (v stops)", r.path, float64(r.taken)*r.interval, float64(r.count)*r.interval))
	}
	if len(lines) == 0 {
		return
	}
	width, height := panelSize(lines, w.ui.scale)
	w.hud.panel(float32(fw)-width-12, float32(fh)-height-12, lines, w.ui.scale, mgl32.Vec4{0.7, 1, 0.7, 1})
}
