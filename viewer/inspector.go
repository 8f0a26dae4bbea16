package viewer

import (
	"fmt"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/inertia"
)

// The inspector: a click on a body (without a drag) selects it; the window then highlights
// it, draws its contact points and normals and lists what it is and how it moves. The lines
// also go to the log when it is selected, for scripts and tests.

// inspect returns what does not change of body i of setup while it is selected.
func inspect(setup *Setup, i int) bodyInfo {
	b := bodies(setup.World)[i]
	info := bodyInfo{Mesh: filepath.Base(b.Mesh.Name), Mass: b.Mass, Fixed: b.Fixed}
	if i < len(setup.Names) {
		info.Name = setup.Names[i]
	}
	if !b.Fixed {
		// The moments at unit density, scaled: the same integrals the body's inertia came from.
		if p, err := inertia.Compute(b.Mesh, 1, inertia.Options{}); err == nil {
			info.Moments = p.PrincipalMoments.Mul(b.Mass / p.Volume)
		}
	}
	return info
}

// liveInfo returns the selected body's inspector data now: s.info with its velocities,
// contact count and sleep.
func (s *sim) liveInfo() bodyInfo {
	w := s.setup.World
	info := s.info
	b := bodies(w)[s.selected]
	info.V, info.Omega, info.Sleeping = b.V, b.Omega, sleeping(w, s.selected)
	s.manifolds = w.Manifolds(s.manifolds[:0])
	id := w.ID(s.selected)
	for _, m := range s.manifolds {
		if m.A != id && m.B != id {
			continue
		}
		for _, p := range m.Points[:m.N] {
			if p.NormalImpulse > 0 {
				info.Contacts++
			}
		}
	}
	return info
}

// inspectorLines is the inspector's text for body i.
func inspectorLines(i int, info bodyInfo) []string {
	name := info.Name
	if name == "" {
		name = "(no name)"
	}
	state := "awake"
	switch {
	case info.Fixed:
		state = "fixed"
	case info.Sleeping:
		state = "asleep"
	}
	lines := []string{fmt.Sprintf("body %d %s  mesh %s  %s", i, name, info.Mesh, state)}
	if info.Fixed {
		return append(lines, fmt.Sprintf("contacts %d", info.Contacts))
	}
	return append(lines,
		fmt.Sprintf("mass %.4g kg", info.Mass),
		fmt.Sprintf("principal moments %.4g %.4g %.4g kg m2", info.Moments[0], info.Moments[1], info.Moments[2]),
		fmt.Sprintf("v %s m/s", vec(info.V)),
		fmt.Sprintf("w %s rad/s", vec(info.Omega)),
		fmt.Sprintf("contacts %d", info.Contacts))
}

// vec formats a vector of the state for the screen: three numbers of three decimals.
func vec(v mgl64.Vec3) string {
	return fmt.Sprintf("%.3f %.3f %.3f", shown(v[0]), shown(v[1]), shown(v[2]))
}
