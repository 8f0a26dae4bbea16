package viewer

import (
	"fmt"
	"time"
)

// updateTitle refreshes the statistics, in the title and on screen, twice a second or now.
func (a *app) updateTitle(now bool) {
	dt := time.Since(a.titleTime)
	if dt < 500*time.Millisecond && a.status != nil && !now {
		return
	}
	w := a.setup.World
	fps := float64(a.frames-a.titleFrame) / dt.Seconds()
	msPerStep := 0.0
	if a.steps > 0 {
		msPerStep = a.stepTime.Seconds() * 1000 / float64(a.steps)
	}
	state := ""
	if a.paused {
		state = " (paused)"
	}
	a.status = []string{
		fmt.Sprintf("%s%s  t %.2f s", a.setup.Name, state, w.Time),
		fmt.Sprintf("%.0f fps  %.2f ms/step  %d bodies  %d contacts", fps, msPerStep, len(w.Bodies), w.Stats.Contacts),
		fmt.Sprintf("%d iterations  energy %.4g J", w.Iterations, energy(w)),
		"h: help",
	}
	a.win.SetTitle(fmt.Sprintf("Tumble: %s%s | %.0f fps | %.2f ms/step | %d bodies | %d contacts | %d iterations | energy %.4g J | t %.2f s | h: help",
		a.setup.Name, state, fps, msPerStep, len(w.Bodies), w.Stats.Contacts, w.Iterations, energy(w), w.Time))
	a.titleFrame, a.titleTime, a.stepTime, a.steps = a.frames, time.Now(), 0, 0
}
