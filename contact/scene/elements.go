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
	"plane":       {attrNames(planeAttrs), false, readPlane},
	"body":        {append([]string{"name", "mesh"}, attrNames(bodyAttrs)...), false, readBody},
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
	pl := Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.5, Line: e.line}
	if err := readAttrs(&pl, e, planeAttrs); err != nil {
		return err
	}
	s.Planes = append(s.Planes, pl)
	return nil
}

func readBody(s *Scene, e *element) error {
	b := Body{Density: 1000, Scale: mgl64.Vec3{1, 1, 1}, Friction: 0.5, Line: e.line}
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
	if hasDensity && hasMass {
		return e.p.errorf(e.line, "<body>: both density and mass given; give one")
	}
	if err := readAttrs(&b, e, bodyAttrs); err != nil {
		return err
	}
	s.Bodies = append(s.Bodies, b)
	return nil
}

// An attr reads one attribute of an element onto T (a Plane, a Body), checking its range.
// read is called only when the element has the attribute: the field keeps its value (the
// default, or what the file gave) otherwise. The file's reader and the command line's
// overrides (Apply) read attributes with the same attrs.
type attr[T any] struct {
	name string
	read func(*T, *element) error
}

// attrNames lists the names of attrs.
func attrNames[T any](attrs []attr[T]) []string {
	names := make([]string, len(attrs))
	for i, a := range attrs {
		names[i] = a.name
	}
	return names
}

// readAttrs reads the attributes of e that attrs list onto x, in the order of attrs.
func readAttrs[T any](x *T, e *element, attrs []attr[T]) error {
	for _, a := range attrs {
		if _, ok := e.value(a.name); ok {
			if err := a.read(x, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// planeAttrs are <plane>'s attributes.
var planeAttrs = []attr[Plane]{
	vectorAttr("point", func(pl *Plane) *mgl64.Vec3 { return &pl.Point }, (*element).coordinates, maxCoordinate, " m"),
	{"normal", func(pl *Plane, e *element) error {
		n, err := e.vec3("normal", pl.Normal, false)
		if err != nil {
			return err
		}
		// Divided by its largest component first so that neither 1e-200 nor 1e200 under- or
		// overflows on the way to unit length.
		big := max(math.Abs(n[0]), math.Abs(n[1]), math.Abs(n[2]))
		if big == 0 {
			return e.errorf("normal", "must not be zero")
		}
		pl.Normal = rounded.Normalize(mgl64.Vec3{n[0] / big, n[1] / big, n[2] / big})
		return nil
	}},
	{"friction", func(pl *Plane, e *element) (err error) {
		pl.Friction, err = friction(e)
		return err
	}},
	{"restitution", func(pl *Plane, e *element) (err error) {
		pl.Restitution, err = restitution(e)
		return err
	}},
	{"rolling", func(pl *Plane, e *element) (err error) {
		pl.Rolling, err = rolling(e)
		return err
	}},
}

// bodyAttrs are <body>'s attributes but name and mesh. A mass replaces a density and the
// other way round: a file gives one (readBody), an override may change which.
var bodyAttrs = []attr[Body]{
	{"density", func(b *Body, e *element) (err error) {
		b.Density, err = e.within("density", b.Density, minDensity, maxDensity, " kg/m³")
		b.Mass = 0
		return err
	}},
	{"mass", func(b *Body, e *element) (err error) {
		b.Mass, err = e.within("mass", b.Mass, minMass, maxMass, " kg")
		b.Density = 0
		return err
	}},
	{"scale", func(b *Body, e *element) (err error) {
		if b.Scale, err = e.vec3("scale", b.Scale, true); err != nil {
			return err
		}
		for _, x := range b.Scale {
			if !(x >= minScale && x <= maxScale) {
				return e.errorf("scale", "each factor must be between %g and %g, got %g %g %g", minScale, maxScale, b.Scale[0], b.Scale[1], b.Scale[2])
			}
		}
		return nil
	}},
	vectorAttr("position", func(b *Body) *mgl64.Vec3 { return &b.Position }, (*element).coordinates, maxCoordinate, " m"),
	vectorAttr("rotation", func(b *Body) *mgl64.Vec3 { return &b.Rotation }, nil, 0, ""),
	vectorAttr("velocity", func(b *Body) *mgl64.Vec3 { return &b.Velocity }, (*element).length, maxSpeed, " m/s"),
	vectorAttr("angularvelocity", func(b *Body) *mgl64.Vec3 { return &b.AngularVelocity }, (*element).length, maxAngularSpeed, " rad/s"),
	{"friction", func(b *Body, e *element) (err error) {
		b.Friction, err = friction(e)
		return err
	}},
	{"restitution", func(b *Body, e *element) (err error) {
		b.Restitution, err = restitution(e)
		return err
	}},
	{"rolling", func(b *Body, e *element) (err error) {
		b.Rolling, err = rolling(e)
		return err
	}},
	{"fixed", func(b *Body, e *element) (err error) {
		b.Fixed, err = e.flag("fixed")
		return err
	}},
}

// vectorAttr is the attr of a vector, the field of T that field points to, which check (nil
// for any vector) bounds by most (unit for the message): element.coordinates or
// element.length.
func vectorAttr[T any](name string, field func(*T) *mgl64.Vec3, check func(e *element, attr string, v mgl64.Vec3, most float64, unit string) error, most float64, unit string) attr[T] {
	return attr[T]{name, func(x *T, e *element) error {
		v, err := e.vec3(name, *field(x), false)
		if err != nil {
			return err
		}
		*field(x) = v
		if check == nil {
			return nil
		}
		return check(e, name, v, most, unit)
	}}
}

// friction reads the attribute friction, a Coulomb coefficient from 0 to maxFriction.
func friction(e *element) (float64, error) {
	return e.within("friction", 0, 0, maxFriction, "")
}

// rolling reads the attribute rolling, a rolling resistance in [0, 1] (contact.Material).
func rolling(e *element) (float64, error) {
	return e.within("rolling", 0, 0, 1, "")
}

// restitution reads the attribute restitution, in [0, 1] (above 1 a bounce would create
// energy).
func restitution(e *element) (float64, error) {
	x, err := e.nonNegative("restitution", 0)
	if err == nil && x > 1 {
		err = e.errorf("restitution", "must be at most 1 (a bounce would create energy), got %g", x)
	}
	return x, err
}
