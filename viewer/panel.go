package viewer

import (
	"fmt"
	"math"

	"github.com/tumble-physics/tumble/contact"
)

// The settings panel (s): the world's parameters, live. Each slider sends a command to the
// simulation goroutine, which changes the world between two steps and publishes it; the
// panel shows what the snapshot says, so it never disagrees with the world.

// Stops of the sliders that take listed values.
var (
	gravityScales = []float64{0, 0.1, 0.25, 0.5, 1, 2, 4}                          // times the scene's gravity
	timeSteps     = []float64{1.0 / 30, 1.0 / 60, 1.0 / 120, 1.0 / 240, 1.0 / 480} // s
	timeScales    = []float64{0.25, 0.5, 1, 2, 4}                                  // simulated s per wall s
)

// Ranges of the sliders that take evenly spaced values.
const (
	maxSweeps      = 40
	maxFriction    = 2.0
	materialStep   = 0.05
	maxRestitution = 1.0
	maxRolling     = 0.2
	rollingStep    = 0.01
)

// The panel's rows, top to bottom, after its title.
const (
	rowGravity = iota + 1
	rowTimeStep
	rowSweeps
	rowSleep
	rowFriction
	rowRestitution
	rowRolling
	rowTimeScale
	rowReadout
	panelRows
)

// panelChars is the panel's width in characters: label, track, value.
const panelChars = labelWidth + sliderWidth + 18

// panelOrigin returns the top-left pixel of the panel's text in a window fw pixels wide.
func (u *ui) panelOrigin(fw int) (x, y float32) {
	return float32(fw) - panelChars*u.char() - 12, 12
}

// rowY returns the top of row k of the panel.
func (u *ui) rowY(k int) float32 {
	_, y := u.panelOrigin(0)
	return y + float32(k)*u.row()
}

// nearest returns the index of the value of list nearest x.
func nearest(list []float64, x float64) int {
	best := 0
	for i, v := range list {
		if math.Abs(v-x) < math.Abs(list[best]-x) {
			best = i
		}
	}
	return best
}

// drawPanel lays out the settings panel for a window fw pixels wide.
func (a *app) drawPanel(fw int) {
	u, s := &a.w.ui, a.snap
	x, y := u.panelOrigin(fw)
	u.backdrop(x, y, panelChars*u.char(), panelRows*u.row())
	u.h.text(x, y+float32(u.scale), "settings (s to hide)", u.scale, uiAccent)
	frac := func(i, n int) float64 { return float64(i) / float64(n-1) }

	gs := nearest(gravityScales, s.GravityScale)
	gravity := fmt.Sprintf("%gx  %.2f m/s2", s.GravityScale, s.Params.Gravity.Len())
	if s.BaseGravity.Len() == 0 {
		gravity = "none in scene"
	}
	u.slider(x, u.rowY(rowGravity), "gravity", frac(gs, len(gravityScales)), gravity, func(g float64) {
		k := gravityScales[steps(g, len(gravityScales))]
		if k != a.snap.GravityScale {
			a.sim.do(setGravityScale(k))
		}
	})

	dt := nearest(timeSteps, s.Params.Dt)
	u.slider(x, u.rowY(rowTimeStep), "time step", frac(dt, len(timeSteps)), fmt.Sprintf("%.2f ms", s.Params.Dt*1000), func(g float64) {
		h := timeSteps[steps(g, len(timeSteps))]
		if h != a.snap.Params.Dt {
			a.sim.do(setParams(fmt.Sprintf("time step %g s", h), func(p *params) { p.Dt = h }))
		}
	})

	u.slider(x, u.rowY(rowSweeps), "sweeps", float64(s.Params.Iterations-1)/(maxSweeps-1), fmt.Sprintf("%d per step", s.Params.Iterations), func(g float64) {
		n := 1 + steps(g, maxSweeps)
		if n != a.snap.Params.Iterations {
			a.sim.do(setParams(fmt.Sprintf("sweeps %d", n), func(p *params) { p.Iterations = n }))
		}
	})

	sleep := "sleeping: on (click: off)"
	if !s.Params.Sleep {
		sleep = "sleeping: off (click: on)"
	}
	u.button(x, u.rowY(rowSleep), panelChars*u.char(), sleep, s.Params.Sleep, func() {
		on := !a.snap.Params.Sleep
		a.sim.do(setParams(fmt.Sprintf("sleeping %v", on), func(p *params) { p.Sleep = on }))
	})

	who := "all"
	if s.Selected >= 0 {
		who = fmt.Sprintf("body %d", s.Selected)
	}
	m := s.Material
	u.slider(x, u.rowY(rowFriction), "friction", m.Friction/maxFriction, fmt.Sprintf("%.2f %s", m.Friction, who), func(g float64) {
		mu := float64(steps(g, int(maxFriction/materialStep)+1)) * materialStep
		if mu != a.snap.Material.Friction {
			a.sim.do(setMaterial(fmt.Sprintf("friction %g", mu), func(m *contact.Material) { m.Friction = mu }))
		}
	})
	u.slider(x, u.rowY(rowRestitution), "restitution", m.Restitution/maxRestitution, fmt.Sprintf("%.2f %s", m.Restitution, who), func(g float64) {
		e := float64(steps(g, int(maxRestitution/materialStep)+1)) * materialStep
		if e != a.snap.Material.Restitution {
			a.sim.do(setMaterial(fmt.Sprintf("restitution %g", e), func(m *contact.Material) { m.Restitution = e }))
		}
	})
	u.slider(x, u.rowY(rowRolling), "rolling", m.RollingResistance/maxRolling, fmt.Sprintf("%.2f %s", m.RollingResistance, who), func(g float64) {
		c := float64(steps(g, int(math.Round(maxRolling/rollingStep))+1)) * rollingStep
		if c != a.snap.Material.RollingResistance {
			a.sim.do(setMaterial(fmt.Sprintf("rolling resistance %g", c), func(m *contact.Material) { m.RollingResistance = c }))
		}
	})

	ts := nearest(timeScales, s.TimeScale)
	u.slider(x, u.rowY(rowTimeScale), "time scale", frac(ts, len(timeScales)), fmt.Sprintf("%gx", s.TimeScale), func(g float64) {
		k := timeScales[steps(g, len(timeScales))]
		if k != a.snap.TimeScale {
			a.sim.do(setTimeScale(k))
		}
	})
	u.h.text(x, u.rowY(rowReadout)+float32(u.scale), a.speedLine(), u.scale, uiText)
}

// speedLine says how fast the window and the simulation run, and whether the simulation
// keeps up with the time scale.
func (a *app) speedLine() string {
	line := fmt.Sprintf("%.0f fps  %.2f ms/step  ", a.fps, a.msPerStep)
	switch s := a.snap; {
	case s.Paused:
		return line + "paused"
	case s.Rate == 0:
		return line
	case s.Rate < 0.95:
		return line + fmt.Sprintf("slower than real time: %.2fx", s.Rate*s.TimeScale)
	}
	return line + "real time"
}
