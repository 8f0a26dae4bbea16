package scene

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/data"
)

// overrideScene is the scene the override tests change: two named cubes, one unnamed, and
// two planes.
const overrideScene = `<scene>
  <duration time="2"/>
  <plane friction="0.4"/>
  <plane point="5 0 0" normal="-1 0 0"/>
  <body name="a" mesh="cube" position="0 0.5 0"/>
  <body name="b" mesh="cube" mass="2" position="0 1.5 0" friction="0.7"/>
  <body mesh="cube" position="0 2.5 0"/>
</scene>`

func parseOverrideScene(t *testing.T) *Scene {
	t.Helper()
	s, err := Parse(strings.NewReader(overrideScene), "o.xml")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func overrides(t *testing.T, texts ...string) []Override {
	t.Helper()
	var out []Override
	for _, text := range texts {
		o, err := ParseOverride(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		out = append(out, o)
	}
	return out
}

// An override's value is checked as the file's attribute is, with the same message: the
// file's message without its "file:line: <element attr>: ".
func TestOverrideMessagesAreTheFiles(t *testing.T) {
	for _, c := range []struct {
		element, attr, value string // what the file says
		key                  string // the override that says the same
	}{
		{"body", "mass", "-2", "body.mass"},
		{"body", "mass", "1e155", "body.a.mass"},
		{"body", "density", "0", "body.density"},
		{"body", "scale", "1 2", "body.scale"},
		{"body", "scale", "1 0 1", "body.a.scale"},
		{"body", "position", "0 NaN 0", "body.position"},
		{"body", "position", "0 0 -1e7", "body.a.position"},
		{"body", "rotation", "1 2", "body.rotation"},
		{"body", "velocity", "0 1e168 0", "body.velocity"},
		{"body", "angularvelocity", "1e4 1e4 0", "body.a.angularvelocity"},
		{"body", "friction", "-0.1", "friction"},
		{"body", "friction", "11", "body.friction"},
		{"body", "restitution", "1.5", "restitution"},
		{"body", "restitution", "-1", "body.a.restitution"},
		{"body", "rolling", "2", "rolling"},
		{"plane", "rolling", "-0.5", "plane.1.rolling"},
		{"body", "fixed", "yes", "body.fixed"},
		{"plane", "normal", "0 0 0", "plane.normal"},
		{"plane", "point", "1e300 0 0", "plane.1.point"},
		{"plane", "friction", "1e9", "plane.0.friction"},
		{"gravity", "v", "0 -Inf 0", "gravity"},
		{"gravity", "v", "1e120 -1e120 0", "gravity"},
		{"integrator", "dt", "2", "dt"},
		{"integrator", "dt", "0.01 0.02", "dt"},
		{"solver", "iterations", "0", "iterations"},
		{"solver", "iterations", "2.5", "iterations"},
		{"solver", "iterations", "1000000000", "iterations"},
		{"duration", "time", "0", "duration"},
	} {
		t.Run(c.key+"="+c.value, func(t *testing.T) {
			extra := ""
			if c.element == "body" {
				extra = ` mesh="cube"`
			}
			file := fmt.Sprintf("<scene>\n<%s%s %s=%q/>\n", c.element, extra, c.attr, c.value)
			if c.element != "duration" {
				file += "<duration time=\"1\"/>\n"
			}
			_, fileErr := Parse(strings.NewReader(file+"</scene>"), "t.xml")
			prefix := fmt.Sprintf("t.xml:2: <%s %s>: ", c.element, c.attr)
			if fileErr == nil || !strings.HasPrefix(fileErr.Error(), prefix) {
				t.Fatalf("the file: %v, want an error starting %q", fileErr, prefix)
			}
			o := Override{c.key, c.value}
			err := parseOverrideScene(t).Apply([]Override{o})
			if want := o.String() + ": " + strings.TrimPrefix(fileErr.Error(), prefix); err == nil || err.Error() != want {
				t.Errorf("override: %v\nwant      %s", err, want)
			}
			var oe *OverrideError
			if !errors.As(err, &oe) || oe.Override != o {
				t.Errorf("%v is not an *OverrideError of %v", err, o)
			}
		})
	}
}

// Every key reaches its value, vectors take commas, and the particular wins over the general
// whatever the order: one body's over every body's over everything's.
func TestOverrideValues(t *testing.T) {
	s := parseOverrideScene(t)
	err := s.Apply(overrides(t,
		"body.b.friction=0.9", "body.friction=0.2", "friction=0.1", "restitution=0.3",
		"plane.1.restitution=1", "gravity=0,-5,0", "dt=0.01", "iterations=20", "duration=3",
		"body.a.mass=50", "body.b.density=300", "body.position=1 2 3", "body.a.position=0,9,0",
		"body.velocity=1,0,0", "body.a.angularvelocity=0 0 2", "body.rotation=0 1 0",
		"body.a.scale=2", "body.b.fixed=1", "plane.0.point=0 -1 0", "plane.normal=0 2 0",
		"rolling=0.01", "body.a.rolling=0.2", "plane.1.rolling=0.3",
	))
	if err != nil {
		t.Fatal(err)
	}
	if s.Gravity != (mgl64.Vec3{0, -5, 0}) || s.Dt != 0.01 || s.Solver.Iterations != 20 || s.Duration != 3 || s.Steps() != 300 {
		t.Errorf("gravity %v, dt %v, iterations %d, duration %v", s.Gravity, s.Dt, s.Solver.Iterations, s.Duration)
	}
	wantPlanes := []Plane{
		{Point: mgl64.Vec3{0, -1, 0}, Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.1, Restitution: 0.3, Rolling: 0.01, Line: 3},
		{Point: mgl64.Vec3{5, 0, 0}, Normal: mgl64.Vec3{0, 1, 0}, Friction: 0.1, Restitution: 1, Rolling: 0.3, Line: 4},
	}
	for i, want := range wantPlanes {
		if s.Planes[i] != want {
			t.Errorf("plane %d: %+v\nwant     %+v", i, s.Planes[i], want)
		}
	}
	wantBodies := []struct {
		mass, density, friction, rolling float64
		scale, position, w               mgl64.Vec3
		fixed                            bool
	}{
		{50, 0, 0.2, 0.2, mgl64.Vec3{2, 2, 2}, mgl64.Vec3{0, 9, 0}, mgl64.Vec3{0, 0, 2}, false},
		{0, 300, 0.9, 0.01, mgl64.Vec3{1, 1, 1}, mgl64.Vec3{1, 2, 3}, mgl64.Vec3{}, true},
		{0, 1000, 0.2, 0.01, mgl64.Vec3{1, 1, 1}, mgl64.Vec3{1, 2, 3}, mgl64.Vec3{}, false},
	}
	for i, want := range wantBodies {
		b := s.Bodies[i]
		if b.Mass != want.mass || b.Density != want.density || b.Friction != want.friction || b.Restitution != 0.3 ||
			b.Rolling != want.rolling ||
			b.Scale != want.scale || b.Position != want.position || b.Velocity != (mgl64.Vec3{1, 0, 0}) ||
			b.AngularVelocity != want.w || b.Rotation != (mgl64.Vec3{0, 1, 0}) || b.Fixed != want.fixed {
			t.Errorf("body %d: %+v, want %+v", i, b, want)
		}
	}
	// A name shared by several bodies sets each of them.
	s = parseOverrideScene(t)
	s.Bodies[2].Name = "a"
	if err := s.Apply(overrides(t, "body.a.friction=0")); err != nil {
		t.Fatal(err)
	}
	if s.Bodies[0].Friction != 0 || s.Bodies[1].Friction != 0.7 || s.Bodies[2].Friction != 0 {
		t.Errorf("body.a.friction=0 on two bodies named a: frictions %v, %v, %v", s.Bodies[0].Friction, s.Bodies[1].Friction, s.Bodies[2].Friction)
	}
}

// A key that selects nothing, a key given twice or with a twin, and a run too long are
// refused with a message that says what is wrong.
func TestOverrideErrors(t *testing.T) {
	for _, c := range []struct {
		overrides []string
		want      string
	}{
		{[]string{"fricton=0.3"}, `fricton=0.3: unknown key "fricton" (keys: gravity, dt, iterations, duration, friction, restitution, rolling, body.ATTR, body.NAME.ATTR, plane.ATTR, plane.N.ATTR)`},
		{[]string{"body.colour=red"}, `body.colour=red: a body has no attribute "colour" to set (density, mass, scale, position, rotation, velocity, angularvelocity, friction, restitution, rolling, fixed)`},
		{[]string{"body.a.mesh=torus"}, `body.a.mesh=torus: a body has no attribute "mesh" to set (density, mass, scale, position, rotation, velocity, angularvelocity, friction, restitution, rolling, fixed)`},
		{[]string{"body=1"}, `body=1: a body has no attribute "" to set (density, mass, scale, position, rotation, velocity, angularvelocity, friction, restitution, rolling, fixed)`},
		{[]string{"plane.0.fixed=1"}, `plane.0.fixed=1: a plane has no attribute "fixed" to set (point, normal, friction, restitution, rolling)`},
		{[]string{"body.box3.mass=50"}, `body.box3.mass=50: o.xml has no body named "box3"`},
		{[]string{"body..mass=50"}, `body..mass=50: want body.NAME.ATTR with a name, or body.ATTR for every body`},
		{[]string{"plane.2.friction=0"}, `plane.2.friction=0: plane "2": o.xml has planes 0 to 1, in file order`},
		{[]string{"plane.01.friction=0"}, `plane.01.friction=0: plane "01": o.xml has planes 0 to 1, in file order`},
		{[]string{"friction=0.3", "friction=0.4"}, `friction=0.4: given twice`},
		{[]string{"body.a.mass=1", "body.a.density=1"}, `body.a.density=1: both density and mass given for the same bodies; give one`},
		{[]string{"dt=1e-6", "duration=1e4"}, `dt=1e-6: duration / dt = 1e+10 steps, more than 1e+09`},
		{[]string{"gravity="}, `gravity=: want 3 numbers, got 0`},
	} {
		t.Run(strings.Join(c.overrides, " "), func(t *testing.T) {
			err := parseOverrideScene(t).Apply(overrides(t, c.overrides...))
			if err == nil || err.Error() != c.want {
				t.Errorf("%v\nwant %s", err, c.want)
			}
		})
	}
	s, err := Parse(strings.NewReader(`<scene><duration time="1"/><body mesh="cube"/></scene>`), "n.xml")
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]string{
		"body.a.mass":   `body.a.mass=1: n.xml has no body named "a" (its bodies have no names)`,
		"plane.0.point": `plane.0.point=1: n.xml has no planes`,
	} {
		if err := s.Apply([]Override{{key, "1"}}); err == nil || err.Error() != want {
			t.Errorf("%v\nwant %s", err, want)
		}
	}
	for _, text := range []string{"friction", "=3", " = 3", ""} {
		if _, err := ParseOverride(text); err == nil || err.Error() != "want KEY=VALUE (friction=0.3, body.box3.mass=50)" {
			t.Errorf("ParseOverride(%q): %v", text, err)
		}
	}
}

// A mass out of range that an override's density, mass or scale made is the override's
// error, not the file's.
func TestOverrideMassInWorld(t *testing.T) {
	for _, c := range []struct {
		override, want string
	}{
		{"body.a.scale=1000", `body.a.scale=1000: o.xml:5: <body mesh="cube">: mass 1e+12 kg (density 1000 kg/m³ × volume 1e+09 m³) must be between 1e-06 and 1e+09 kg`},
		{"body.scale=1e-4", `body.scale=1e-4: o.xml:5: <body mesh="cube">: mass 1e-09 kg (density 1000 kg/m³ × volume 1e-12 m³) must be between 1e-06 and 1e+09 kg`},
	} {
		s := parseOverrideScene(t)
		if err := s.Apply(overrides(t, c.override)); err != nil {
			t.Fatal(err)
		}
		_, err := s.World()
		var oe *OverrideError
		if err == nil || err.Error() != c.want || !errors.As(err, &oe) {
			t.Errorf("%v\nwant %s", err, c.want)
		}
	}
}

// FuzzApply gives the scene arbitrary overrides: each is applied or refused with an
// *OverrideError, never a panic, and a scene they leave satisfies the documented ranges.
func FuzzApply(f *testing.F) {
	f.Add("friction=0.3\nbody.a.mass=50\ngravity=0,-5,0")
	f.Add("body.b.density=1e-3\nplane.1.normal=1e-320 0 0\nbody.scale=1e4")
	f.Add("dt=1e-6\nduration=1e3\nbody..x=1\nplane.-1.point=0 0 0")
	f.Fuzz(func(t *testing.T, text string) {
		var given []Override
		for _, line := range strings.Split(text, "\n") {
			if o, err := ParseOverride(line); err == nil {
				given = append(given, o)
			}
		}
		s, err := Parse(strings.NewReader(overrideScene), "o.xml")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Apply(given); err != nil {
			var oe *OverrideError
			if !errors.As(err, &oe) {
				t.Errorf("%v is not an *OverrideError", err)
			}
			return
		}
		if !(s.Dt >= minDt && s.Dt <= maxDt) || !(s.Duration > 0) || s.Duration/s.Dt > maxSteps ||
			s.Solver.Iterations < 1 || s.Solver.Iterations > maxIterations || !(s.Gravity.Len() <= maxGravity*(1+1e-15)) {
			t.Errorf("out of range: dt %v, duration %v, iterations %d, gravity %v", s.Dt, s.Duration, s.Solver.Iterations, s.Gravity)
		}
		for _, p := range s.Planes {
			if math.Abs(p.Normal.Len()-1) > 1e-12 || !(p.Friction >= 0 && p.Friction <= maxFriction) || !(p.Restitution >= 0 && p.Restitution <= 1) {
				t.Errorf("plane out of range: %+v", p)
			}
		}
		for _, b := range s.Bodies {
			if (b.Density > 0) == (b.Mass > 0) || !(b.Friction >= 0 && b.Friction <= maxFriction) || !(b.Restitution >= 0 && b.Restitution <= 1) {
				t.Errorf("body out of range: %+v", b)
			}
		}
	})
}

// Every body of every built-in scene has a name of its own, so that body.NAME.ATTR reaches
// any one of them.
func TestBuiltinBodiesHaveNames(t *testing.T) {
	for _, name := range data.SceneNames() {
		s, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, b := range s.Bodies {
			if first, dup := seen[b.Name]; b.Name == "" || dup {
				t.Errorf("%s:%d: body named %q (first on line %d): want a name of its own", s.Name, b.Line, b.Name, first)
			}
			seen[b.Name] = b.Line
		}
	}
}
