package viewer

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/tumble-physics/tumble/internal/plural"
)

// statusLines returns what the HUD says of the run: the scene, the step and time, the totals
// the trajectory records (momentum P, angular momentum L about the origin, kinetic energy T,
// potential energy U), the contact response, and whether the run is still the scene's own.
func (s *sim2D) statusLines() []string {
	sys := s.sys
	state := ""
	switch {
	case s.err != nil:
		state = "  (stopped)"
	case s.atEnd && s.paused:
		state = "  (end)"
	case s.paused:
		state = "  (paused)"
	}
	tot := totals(sys)
	lines := []string{
		shorten(filepath.Base(s.path), maxNameChars) + state,
		fmt.Sprintf("step %d  t %.4g s  dt %g s  %s", sys.Steps, sys.Time(), sys.Dt, sys.Integrator),
		fmt.Sprintf("P %.4g %.4g kg m/s  L %.4g kg m2/s", shown(tot.P[0]), shown(tot.P[1]), shown(tot.L)),
		fmt.Sprintf("T %.4g J  U %.4g J  T+U %.4g J", shown(tot.T), shown(tot.U), shown(tot.T+tot.U)),
		s.responseLine(),
	}
	if s.perturbed {
		lines = append(lines, "pulled by the mouse: not the scene's own run (r restores it)")
	}
	if end := s.endLine(); end != "" {
		lines = append(lines, end)
	}
	return append(lines, "h: help  tab: scenes")
}

// endLine says when the run has reached the end of the scene's duration, or gone past it.
func (s *sim2D) endLine() string {
	steps := s.scene.Steps()
	end := float64(steps) * s.sys.Dt
	switch {
	case s.sys.Steps < steps:
		return ""
	case s.atEnd && s.paused:
		return fmt.Sprintf("end of the scene (%.4g s): space runs on past it, r restarts it", end)
	case s.sys.Steps == steps:
		return fmt.Sprintf("end of the scene (%.4g s)", end)
	}
	return fmt.Sprintf("past the scene's end (%.4g s): bodies at rest sink (contact corrects velocities only)", end)
}

// responseLine names the contact response and counts the last step's contacts.
func (s *sim2D) responseLine() string {
	c := s.scene.Collision
	if c == nil {
		return "no collision handling"
	}
	name := c.Response + " response"
	if c.Response == "pgs" {
		name = fmt.Sprintf("pgs response (%s)", plural.Count(c.Iterations, "iteration", "iterations"))
	}
	return fmt.Sprintf("%s: %s", name, contactCount(len(s.response.Contacts())))
}

// updateTitle refreshes the HUD, and the window's title twice a second or now.
func (v *view2D) updateTitle(now bool) {
	s := v.sim
	dt := time.Since(v.titleTime)
	fresh := v.status == nil
	v.status = s.statusLines()
	if dt < 500*time.Millisecond && !now && !fresh {
		return
	}
	fps := float64(v.w.frames-v.titleFrame) / dt.Seconds()
	own := ""
	if s.perturbed {
		own = " | pulled: not the scene's own run"
	}
	tot := totals(s.sys)
	v.w.win.SetTitle(fmt.Sprintf("Tumble 2D: %s | %.0f fps | step %d | t %.4g s | T+U %.6g J | %s%s | h: help",
		v.status[0], fps, s.sys.Steps, s.sys.Time(), shown(tot.T+tot.U), s.responseLine(), own))
	v.titleFrame, v.titleTime = v.w.frames, time.Now()
}
