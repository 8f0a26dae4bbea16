package scene

import (
	"bytes"
	"fmt"
	"path/filepath"

	"github.com/go-gl/mathgl/mgl64"

	"tumble/body"
	"tumble/contact"
	"tumble/data"
	"tumble/inertia"
)

// World builds the world the scene describes. Each distinct mesh and scale is loaded and
// integrated once (Mirtich's surface integrals at unit density, scaled per body: mass
// properties are linear in density); a body given a mass gets density mass / volume. Bodies
// are placed with R = exp([rotation]×) and their centre of mass at position. Errors name the
// body's line. A mesh wound inward is flipped, and a warning added to s.Warnings.
func (s *Scene) World() (*contact.World, error) {
	w := &contact.World{Gravity: s.Gravity, Dt: s.Dt, Iterations: s.Solver.Iterations}
	for _, pl := range s.Planes {
		w.Planes = append(w.Planes, contact.Plane{Point: pl.Point, Normal: pl.Normal,
			Friction: pl.Friction, Restitution: pl.Restitution})
	}
	type key struct {
		mesh  string
		scale mgl64.Vec3
	}
	type shape struct {
		mesh *inertia.Mesh
		unit inertia.Properties // at density 1 kg/m³
	}
	shapes := map[key]shape{}
	for _, sb := range s.Bodies {
		k := key{sb.Mesh, sb.Scale}
		sh, ok := shapes[k]
		if !ok {
			m, props, err := s.shape(sb)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: <body mesh=%q>: %w", s.Name, sb.Line, sb.Mesh, err)
			}
			sh = shape{m, props}
			shapes[k] = sh
		}
		density := sb.Density
		if sb.Mass > 0 {
			density = sb.Mass / sh.unit.Volume
		}
		b := body.New(sh.mesh, withDensity(sh.unit, density))
		b.R = body.Exp(sb.Rotation)
		b.P = sb.Position
		b.V = sb.Velocity
		b.Omega = sb.AngularVelocity
		if sb.Fixed {
			b.Fix()
		}
		w.Bodies = append(w.Bodies, b)
		w.Materials = append(w.Materials, contact.Material{Friction: sb.Friction, Restitution: sb.Restitution})
	}
	return w, nil
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
		s.Warnings = append(s.Warnings, fmt.Sprintf("%s:%d: mesh %q is wound inward; its triangles were reversed", s.Name, sb.Line, sb.Mesh))
	}
	return m, props, nil
}

// withDensity returns unit-density properties p for density d (kg/m³).
func withDensity(p inertia.Properties, d float64) inertia.Properties {
	p.Density = d
	p.Mass = d * p.Volume
	p.Inertia = p.Inertia.Mul(d)
	p.PrincipalMoments = p.PrincipalMoments.Mul(d)
	return p
}
