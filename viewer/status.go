package viewer

import (
	"fmt"
	"time"

	"github.com/go-gl/mathgl/mgl32"
)

// updateTitle refreshes the statistics, in the title and on screen, twice a second or now.
func (a *app) updateTitle(now bool) {
	dt := time.Since(a.titleTime)
	if dt < 500*time.Millisecond && a.status != nil && !now {
		return
	}
	s := a.snap
	a.fps = float64(a.frames-a.titleFrame) / dt.Seconds()
	if n := s.TotalSteps - a.titleSteps; n > 0 {
		a.msPerStep = (s.StepTime - a.titleStep).Seconds() * 1000 / float64(n)
	}
	state := ""
	switch {
	case s.Halt != nil:
		state = " (stopped: a state is not finite)"
	case s.Paused:
		state = " (paused)"
	case s.Rate > 0 && s.Rate < 0.95:
		state = fmt.Sprintf(" (slower than real time: %.2fx)", s.Rate*s.TimeScale)
	case s.TimeScale != 1:
		state = fmt.Sprintf(" (%gx)", s.TimeScale)
	}
	a.status = []string{ // statusLines of them
		fmt.Sprintf("%s%s  t %.2f s", s.Name, state, s.Time),
		fmt.Sprintf("%.0f fps  %.2f ms/step  %d bodies  %d contacts", a.fps, a.msPerStep, len(s.P), s.Contacts),
		fmt.Sprintf("%d iterations  energy %.4g J", s.Params.Iterations, s.Energy),
		"h: help  tab: scenes  s: settings",
	}
	a.win.SetTitle(fmt.Sprintf("Tumble: %s%s | %.0f fps | %.2f ms/step | %d bodies | %d contacts | %d iterations | energy %.4g J | t %.2f s | h: help",
		s.Name, state, a.fps, a.msPerStep, len(s.P), s.Contacts, s.Params.Iterations, s.Energy, s.Time))
	a.titleFrame, a.titleTime, a.titleSteps, a.titleStep = a.frames, time.Now(), s.TotalSteps, s.StepTime
}

// note is a line shown on screen for a few seconds: a file saved, a scene that failed to open.
type note struct {
	text  string
	until time.Time
}

// noteTime is how long a note stays on screen.
const noteTime = 4 * time.Second

// notify shows text on screen for a while and writes it to the log.
func (a *app) notify(text string) {
	a.notes = append(a.notes, note{text, time.Now().Add(noteTime)})
	fmt.Fprintln(a.opt.Log, text)
}

// drawNotes lays out the notes still due, bottom right, newest lowest, in a window of
// fw×fh pixels.
func (a *app) drawNotes(fw, fh int) {
	now := time.Now()
	kept := a.notes[:0]
	var lines []string
	for _, n := range a.notes {
		if now.Before(n.until) {
			kept = append(kept, n)
			lines = append(lines, n.text)
		}
	}
	a.notes = kept
	if r := a.recorder; r != nil && !a.exitOnSave {
		lines = append(lines, fmt.Sprintf("recording %s: %.1f of %.1f s (v stops)", r.path, float64(r.taken)*r.interval, float64(r.count)*r.interval))
	}
	if len(lines) == 0 {
		return
	}
	w, h := panelSize(lines, a.ui.scale)
	a.hud.panel(float32(fw)-w-12, float32(fh)-h-12, lines, a.ui.scale, mgl32.Vec4{0.7, 1, 0.7, 1})
}
