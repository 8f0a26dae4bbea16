package scene

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// elements lists what may appear inside <scene>: each element's attributes, whether it may
// appear only once, and how it fills the Scene. The defaults are documented on Scene.
var elements = map[string]struct {
	attrs []string
	once  bool
	read  func(*Scene, *element) error
}{
	"description": {[]string{"text"}, true, readDescription},
	"duration":    {[]string{"time"}, true, readDuration},
	"integrator":  {[]string{"dt"}, true, readIntegrator},
	"gravity":     {[]string{"v"}, true, readGravity},
	"solver":      {[]string{"type", "iterations"}, true, readSolver},
	"plane":       {[]string{"point", "normal", "friction", "restitution"}, false, readPlane},
	"body": {[]string{"name", "mesh", "density", "mass", "scale", "position", "rotation",
		"velocity", "angularvelocity", "friction", "restitution", "fixed"}, false, readBody},
}

func readDescription(s *Scene, e *element) error {
	s.Description, _ = e.value("text")
	return nil
}

func readDuration(s *Scene, e *element) error {
	if _, ok := e.value("time"); !ok {
		return e.p.errorf(e.line, "<duration>: missing required attribute time (seconds)")
	}
	var err error
	s.Duration, err = e.positive("time", 0)
	return err
}

func readIntegrator(s *Scene, e *element) (err error) {
	s.Dt, err = e.within("dt", s.Dt, minDt, maxDt, " s")
	return err
}

func readGravity(s *Scene, e *element) (err error) {
	if s.Gravity, err = e.vec3("v", s.Gravity, false); err != nil {
		return err
	}
	return e.length("v", s.Gravity, maxGravity, " m/s²")
}

func readSolver(s *Scene, e *element) error {
	if t, ok := e.value("type"); ok && t != "pgs" {
		return e.errorf("type", "unknown solver %q (known: pgs)", clip(t))
	}
	var err error
	s.Solver.Iterations, err = e.count("iterations", s.Solver.Iterations, 1)
	if err == nil && s.Solver.Iterations > maxIterations {
		err = e.errorf("iterations", "must be at most %d, got %d", maxIterations, s.Solver.Iterations)
	}
	return err
}

func readPlane(s *Scene, e *element) error {
	pl := Plane{Line: e.line}
	var err error
	if pl.Point, err = e.vec3("point", mgl64.Vec3{}, false); err != nil {
		return err
	}
	if err := e.coordinates("point", pl.Point, maxCoordinate, " m"); err != nil {
		return err
	}
	if pl.Normal, err = e.vec3("normal", mgl64.Vec3{0, 1, 0}, false); err != nil {
		return err
	}
	// Divided by its largest component first so that neither 1e-200 nor 1e200 under- or
	// overflows on the way to unit length.
	n := pl.Normal
	big := max(math.Abs(n[0]), math.Abs(n[1]), math.Abs(n[2]))
	if big == 0 {
		return e.errorf("normal", "must not be zero")
	}
	pl.Normal = rounded.Normalize(mgl64.Vec3{n[0] / big, n[1] / big, n[2] / big})
	if pl.Friction, err = e.within("friction", 0.5, 0, maxFriction, ""); err != nil {
		return err
	}
	if pl.Restitution, err = restitution(e); err != nil {
		return err
	}
	s.Planes = append(s.Planes, pl)
	return nil
}

func readBody(s *Scene, e *element) error {
	b := Body{Line: e.line}
	b.Name, _ = e.value("name")
	var ok bool
	if b.Mesh, ok = e.value("mesh"); !ok {
		return e.p.errorf(e.line, "<body>: missing required attribute mesh (a built-in name or an OBJ path)")
	}
	if b.Mesh == "" {
		return e.errorf("mesh", "must not be empty")
	}
	_, hasDensity := e.value("density")
	_, hasMass := e.value("mass")
	var err error
	switch {
	case hasDensity && hasMass:
		return e.p.errorf(e.line, "<body>: both density and mass given; give one")
	case hasMass:
		b.Mass, err = e.within("mass", 0, minMass, maxMass, " kg")
	default:
		b.Density, err = e.within("density", 1000, minDensity, maxDensity, " kg/m³")
	}
	if err != nil {
		return err
	}
	if b.Scale, err = e.vec3("scale", mgl64.Vec3{1, 1, 1}, true); err != nil {
		return err
	}
	for _, x := range b.Scale {
		if !(x >= minScale && x <= maxScale) {
			return e.errorf("scale", "each factor must be between %g and %g, got %g %g %g", minScale, maxScale, b.Scale[0], b.Scale[1], b.Scale[2])
		}
	}
	for _, v := range []struct {
		attr string
		to   *mgl64.Vec3
	}{{"position", &b.Position}, {"rotation", &b.Rotation}, {"velocity", &b.Velocity}, {"angularvelocity", &b.AngularVelocity}} {
		if *v.to, err = e.vec3(v.attr, mgl64.Vec3{}, false); err != nil {
			return err
		}
	}
	if err := e.coordinates("position", b.Position, maxCoordinate, " m"); err != nil {
		return err
	}
	if err := e.length("velocity", b.Velocity, maxSpeed, " m/s"); err != nil {
		return err
	}
	if err := e.length("angularvelocity", b.AngularVelocity, maxAngularSpeed, " rad/s"); err != nil {
		return err
	}
	if b.Friction, err = e.within("friction", 0.5, 0, maxFriction, ""); err != nil {
		return err
	}
	if b.Restitution, err = restitution(e); err != nil {
		return err
	}
	if b.Fixed, err = e.flag("fixed"); err != nil {
		return err
	}
	s.Bodies = append(s.Bodies, b)
	return nil
}

// restitution reads the attribute restitution, in [0, 1] (above 1 a bounce would create
// energy). Default 0.
func restitution(e *element) (float64, error) {
	x, err := e.nonNegative("restitution", 0)
	if err == nil && x > 1 {
		err = e.errorf("restitution", "must be at most 1 (a bounce would create energy), got %g", x)
	}
	return x, err
}
