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
	s := a.snap
	fps := float64(a.frames-a.titleFrame) / dt.Seconds()
	msPerStep := 0.0
	if n := s.TotalSteps - a.titleSteps; n > 0 {
		msPerStep = (s.StepTime - a.titleStep).Seconds() * 1000 / float64(n)
	}
	state := ""
	if s.Paused {
		state = " (paused)"
	}
	a.status = []string{
		fmt.Sprintf("%s%s  t %.2f s", s.Name, state, s.Time),
		fmt.Sprintf("%.0f fps  %.2f ms/step  %d bodies  %d contacts", fps, msPerStep, len(s.P), s.Contacts),
		fmt.Sprintf("%d iterations  energy %.4g J", s.Iterations, s.Energy),
		"h: help",
	}
	a.win.SetTitle(fmt.Sprintf("Tumble: %s%s | %.0f fps | %.2f ms/step | %d bodies | %d contacts | %d iterations | energy %.4g J | t %.2f s | h: help",
		s.Name, state, fps, msPerStep, len(s.P), s.Contacts, s.Iterations, s.Energy, s.Time))
	a.titleFrame, a.titleTime, a.titleSteps, a.titleStep = a.frames, time.Now(), s.TotalSteps, s.StepTime
}
