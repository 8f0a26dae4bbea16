package scene

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/inertia"
)

// World builds the world the scene describes. Each distinct mesh and scale is loaded and
// integrated once (Mirtich's surface integrals at unit density, scaled per body: mass
// properties are linear in density); a body given a mass gets density mass / volume. Bodies
// are placed with R = exp([rotation]×) and their centre of mass at position. Errors name the
// body's line: a mesh that cannot be read, or a free body whose mass (density × volume) or
// density (mass / volume) is outside its range. Warnings go to s.Warnings: a mesh wound inward (it is flipped), free
// bodies whose masses differ by more than the solver handles well, bodies that overlap at
// the start.
//
// Building a body's contact shapes (its hull, and a non-convex mesh's distance field) takes
// a few seconds per million triangles: for each mesh of LargeMesh triangles or more, World
// tells s.Progress, when set, before and after.
func (s *Scene) World() (*contact.World, error) {
	settings := contact.DefaultSettings()
	settings.Gravity, settings.Dt, settings.Iterations = s.Gravity, s.Dt, s.Solver.Iterations
	w := contact.NewWorld(settings)
	for _, pl := range s.Planes {
		w.Planes = append(w.Planes, contact.Plane{Point: pl.Point, Normal: pl.Normal,
			Friction: pl.Friction, Restitution: pl.Restitution, RollingResistance: pl.Rolling})
	}
	type key struct {
		mesh  string
		scale mgl64.Vec3
	}
	type shape struct {
		id    int
		mesh  *inertia.Mesh
		unit  inertia.Properties // at density 1 kg/m³
		reach reach
	}
	shapes := map[key]*shape{}
	ids := make([]int, len(s.Bodies))
	reaches := make([]reach, len(s.Bodies))
	for i, sb := range s.Bodies {
		k := key{sb.Mesh, sb.Scale}
		sh, ok := shapes[k]
		if !ok {
			m, props, err := s.shape(sb)
			if err != nil {
				return nil, fmt.Errorf("%s: <body mesh=%q>: %w", s.at(sb.Line), sb.Mesh, err)
			}
			sh = &shape{id: len(shapes), mesh: m, unit: props}
			shapes[k] = sh
		}
		density := sb.Density
		if sb.Mass > 0 {
			density = sb.Mass / sh.unit.Volume
		}
		b := body.New(sh.mesh, sh.unit.AtDensity(density))
		if !ok {
			sh.reach = reachOf(b.Mesh) // about the centre of mass
		}
		switch {
		case sb.Fixed:
		case !(b.Mass >= minMass && b.Mass <= maxMass):
			return nil, sb.blame(fmt.Errorf("%s: <body mesh=%q>: mass %.4g kg (density %.4g kg/m³ × volume %.4g m³) must be between %g and %g kg",
				s.at(sb.Line), sb.Mesh, b.Mass, density, sh.unit.Volume, minMass, maxMass))
		case !(density >= minDensity && density <= maxDensity):
			return nil, sb.blame(fmt.Errorf("%s: <body mesh=%q>: density %.4g kg/m³ (mass %.4g kg / volume %.4g m³) must be between %g and %g kg/m³",
				s.at(sb.Line), sb.Mesh, density, b.Mass, sh.unit.Volume, minDensity, maxDensity))
		}
		ids[i], reaches[i] = sh.id, sh.reach
		b.R = body.Exp(sb.Rotation)
		b.P = sb.Position
		b.V = sb.Velocity
		b.Omega = sb.AngularVelocity
		if sb.Fixed {
			b.Fix()
		}
		large := !ok && s.Progress != nil && len(b.Mesh.Triangles) >= LargeMesh
		var start time.Time
		if large { // AddBody builds its contact shapes: seconds for a large non-convex mesh
			s.Progress(fmt.Sprintf("%s: preparing mesh %q (%d triangles) for contact…", s.at(sb.Line), sb.Mesh, len(b.Mesh.Triangles)))
			start = time.Now()
		}
		if _, err := w.AddBody(b, contact.Material{Friction: sb.Friction, Restitution: sb.Restitution, RollingResistance: sb.Rolling}); err != nil {
			return nil, fmt.Errorf("%s: <body mesh=%q>: %w", s.at(sb.Line), sb.Mesh, err)
		}
		if large {
			s.Progress(fmt.Sprintf("%s: mesh %q ready in %.1f s", s.at(sb.Line), sb.Mesh, time.Since(start).Seconds()))
		}
	}
	s.Warnings = append(s.Warnings, s.massRatioWarning(w)...)
	s.Warnings = append(s.Warnings, s.overlapWarnings(w, ids, reaches)...)
	return w, nil
}

// blame returns err, about the body's mass or density, as an *OverrideError when an override
// set what they were computed from.
func (b Body) blame(err error) error {
	if b.massSetBy != (Override{}) {
		return &OverrideError{b.massSetBy, err}
	}
	return err
}

// massRatioWarning warns when the heaviest and the lightest free bodies differ in mass by more
// than maxMassRatio. The solver's exact stage holds heavy bodies on light ones in small
// islands, where the sweeps alone converge at the rate M/(M + m): at 10,000 times every
// stack of TestMassRatioLimitHolds holds, and at 100,000 times a slab resting on two cubes
// (its load shared between them in any proportion) flings them hundreds of metres.
func (s *Scene) massRatioWarning(w *contact.World) []string {
	heavy, light := -1, -1
	for i, b := range w.Bodies {
		if b.Fixed {
			continue
		}
		if heavy < 0 || b.Mass > w.Bodies[heavy].Mass {
			heavy = i
		}
		if light < 0 || b.Mass < w.Bodies[light].Mass {
			light = i
		}
	}
	if heavy < 0 {
		return nil
	}
	mh, ml := w.Bodies[heavy].Mass, w.Bodies[light].Mass
	if mh <= maxMassRatio*ml {
		return nil
	}
	return []string{fmt.Sprintf("%s: %s (%.3g kg) is %.3g times as heavy as %s (line %d, %.3g kg); above %g, where such bodies rest on each other, the solver may let them creep or push the lighter one away with energy it did not have",
		s.at(s.Bodies[heavy].Line), s.describe(heavy), mh, mh/ml, s.describe(light), s.Bodies[light].Line, ml, float64(maxMassRatio))}
}

// shape loads the body's mesh, scales it and computes its mass properties at unit density.
func (s *Scene) shape(sb Body) (*inertia.Mesh, inertia.Properties, error) {
	var m *inertia.Mesh
	var err error
	if src, builtinErr := data.Mesh(sb.Mesh); builtinErr == nil {
		m, err = inertia.ReadOBJ(bytes.NewReader(src), sb.Mesh)
	} else {
		path := sb.Mesh
		if !filepath.IsAbs(path) {
			path = filepath.Join(s.Dir, path)
		}
		m, err = inertia.LoadOBJ(path)
	}
	if err != nil {
		return nil, inertia.Properties{}, err
	}
	if sb.Scale != (mgl64.Vec3{1, 1, 1}) {
		m = m.Transformed(sb.Scale)
	}
	props, err := inertia.Compute(m, 1, inertia.Options{})
	if err != nil {
		return nil, inertia.Properties{}, err
	}
	if props.Flipped {
		s.Warnings = append(s.Warnings, fmt.Sprintf("%s: mesh %q is wound inward; its triangles were reversed", s.at(sb.Line), sb.Mesh))
	}
	return m, props, nil
}

// LargeMesh is the number of triangles from which World reports a mesh's preparation to
// Scene.Progress.
const LargeMesh = 100_000

// StepError returns err, from a step of the scene's world or from its CheckFinite, in the
// scene's terms: a body whose state is not finite with the file and the line of its <body>
// ("drop.xml:7: body 0 "ball": velocity (NaN, 0, 0) not finite at step 12 (t = 0.2 s)"). Other
// errors, and bodies the scene did not make (one dropped into the viewer), are left as they
// are.
func (s *Scene) StepError(err error) error {
	var nf *contact.NotFiniteError
	if errors.As(err, &nf) && nf.Body < len(s.Bodies) {
		return fmt.Errorf("%s: %s: %s", s.at(s.Bodies[nf.Body].Line), s.describe(nf.Body), nf.Problem())
	}
	return err
}

// at names a place in the scene for messages: "scene.xml:7", or "scene.xml" for line 0 (a
// scene made rather than read from a file).
func (s *Scene) at(line int) string {
	if line == 0 {
		return s.Name
	}
	return fmt.Sprintf("%s:%d", s.Name, line)
}
