package scene

import (
	"cmp"
	"encoding/xml"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// An Override sets one parameter of a scene from outside its file, as `tumble sim --set
// KEY=VALUE` does, so that a sweep varies a scene without editing it. Value is read as the
// scene file's attribute is read, with the same syntax, ranges and messages, except that
// commas may separate a vector's numbers as well as white space ("0,-5,0": no quoting on a
// command line). The keys:
//
//	gravity, dt, iterations, duration   <gravity v>, <integrator dt>, <solver iterations>, <duration time>
//	friction, restitution, rolling      every body's and every plane's
//	body.ATTR                           every body's attribute ATTR: any of <body>'s but name and mesh
//	body.NAME.ATTR                      the attribute of the body named NAME (of each, if several are)
//	plane.ATTR                          every plane's attribute: point, normal, friction, restitution or rolling
//	plane.N.ATTR                        the attribute of plane N, counted from 0 in file order
type Override struct {
	Key   string
	Value string
}

// ParseOverride reads an override written KEY=VALUE; white space around the key is ignored.
func ParseOverride(text string) (Override, error) {
	key, value, ok := strings.Cut(text, "=")
	key = strings.TrimSpace(key)
	if !ok || key == "" {
		return Override{}, errors.New("want KEY=VALUE (friction=0.3, body.box3.mass=50)")
	}
	return Override{Key: key, Value: value}, nil
}

// String returns the override as it is written, KEY=VALUE.
func (o Override) String() string { return o.Key + "=" + o.Value }

// OverrideError is a problem with one override: its key, its value, or what its value makes
// of the scene (a density that gives a body a mass out of range).
type OverrideError struct {
	Override Override
	Err      error
}

func (e *OverrideError) Error() string { return fmt.Sprintf("%s: %v", e.Override, e.Err) }

func (e *OverrideError) Unwrap() error { return e.Err }

// sceneKeys are the keys of the scene's own settings: the element and the attribute each sets.
var sceneKeys = map[string]struct{ element, attr string }{
	"gravity":    {"gravity", "v"},
	"dt":         {"integrator", "dt"},
	"iterations": {"solver", "iterations"},
	"duration":   {"duration", "time"},
}

// Levels of precedence of overrides, from the general to the particular: the particular wins
// whatever the order the overrides come in, so that a set of overrides says what a run was.
const (
	sceneLevel    = iota // gravity, dt, iterations, duration
	materialLevel        // friction, restitution, rolling: of everything
	everyLevel           // body.ATTR, plane.ATTR
	oneLevel             // body.NAME.ATTR, plane.N.ATTR
)

// A target is what an override's key selects.
type target struct {
	level   int
	element string // "body", "plane", a scene element (sceneKeys), or "" for everything
	attr    string
	name    string // at oneLevel, the body's name
	plane   int    // at oneLevel, the plane's index
}

// Apply sets the parameters that the overrides name (see Override), from the general to the
// particular: the scene's settings first, then everything's friction and restitution, then
// every body's or plane's attribute, then one body's or plane's, whatever their order in
// overrides. A key given twice, both a mass and a density for the same bodies, an unknown
// key, a body name the scene does not have and a value the scene file would refuse are
// errors; so is a duration and a time step that make more steps than a file may ask for.
// Errors are *OverrideError. A body whose density, mass or scale an override set and whose
// mass comes out of range fails in World with an *OverrideError naming that override.
func (s *Scene) Apply(overrides []Override) error {
	targets := make([]target, len(overrides))
	given := map[string]bool{}
	for i, o := range overrides {
		t, err := s.target(o.Key)
		if err != nil {
			return &OverrideError{o, err}
		}
		if given[o.Key] {
			return &OverrideError{o, errors.New("given twice")}
		}
		given[o.Key] = true
		if twin, ok := map[string]string{"mass": "density", "density": "mass"}[t.attr]; ok && given[strings.TrimSuffix(o.Key, t.attr)+twin] {
			return &OverrideError{o, fmt.Errorf("both density and mass given for the same bodies; give one")}
		}
		targets[i] = t
	}
	order := make([]int, len(overrides))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(targets[a].level, targets[b].level) })
	for _, i := range order {
		if err := s.set(targets[i], overrides[i]); err != nil {
			return &OverrideError{overrides[i], err}
		}
	}
	if s.Duration/s.Dt > maxSteps {
		for _, o := range overrides {
			if o.Key == "dt" || o.Key == "duration" {
				return &OverrideError{o, fmt.Errorf("duration / dt = %g steps, more than %g", s.Duration/s.Dt, float64(maxSteps))}
			}
		}
	}
	return nil
}

// target reads an override's key.
func (s *Scene) target(key string) (target, error) {
	if k, ok := sceneKeys[key]; ok {
		return target{level: sceneLevel, element: k.element, attr: k.attr}, nil
	}
	if key == "friction" || key == "restitution" || key == "rolling" {
		return target{level: materialLevel, attr: key}, nil
	}
	kind, rest, _ := strings.Cut(key, ".")
	var attrs []string
	switch kind {
	case "body":
		attrs = attrNames(bodyAttrs)
	case "plane":
		attrs = attrNames(planeAttrs)
	default:
		return target{}, fmt.Errorf("unknown key %q (keys: gravity, dt, iterations, duration, friction, restitution, rolling, body.ATTR, body.NAME.ATTR, plane.ATTR, plane.N.ATTR)", key)
	}
	t := target{level: everyLevel, element: kind, attr: rest}
	if i := strings.LastIndex(rest, "."); i >= 0 {
		t.level, t.attr = oneLevel, rest[i+1:]
		if err := s.selectOne(&t, rest[:i]); err != nil {
			return target{}, err
		}
	}
	if !slices.Contains(attrs, t.attr) {
		return target{}, fmt.Errorf("a %s has no attribute %q to set (%s)", kind, t.attr, strings.Join(attrs, ", "))
	}
	return t, nil
}

// selectOne points t at the body named sel or the plane numbered sel, which must exist.
func (s *Scene) selectOne(t *target, sel string) error {
	if t.element == "plane" {
		n, err := strconv.Atoi(sel)
		switch {
		case len(s.Planes) == 0:
			return fmt.Errorf("%s has no planes", s.Name)
		case err != nil || strconv.Itoa(n) != sel || n < 0 || n >= len(s.Planes):
			return fmt.Errorf("plane %q: %s has planes 0 to %d, in file order", sel, s.Name, len(s.Planes)-1)
		}
		t.plane = n
		return nil
	}
	if sel == "" {
		return errors.New("want body.NAME.ATTR with a name, or body.ATTR for every body")
	}
	t.name = sel
	for _, b := range s.Bodies {
		if b.Name == sel {
			return nil
		}
	}
	hint := ""
	if !slices.ContainsFunc(s.Bodies, func(b Body) bool { return b.Name != "" }) {
		hint = " (its bodies have no names)"
	}
	return fmt.Errorf("%s has no body named %q%s", s.Name, sel, hint)
}

// set gives the target the override's value, read by the reader of the file's attribute.
func (s *Scene) set(t target, o Override) error {
	e := &element{name: t.element, attrs: []xml.Attr{{Name: xml.Name{Local: t.attr}, Value: strings.ReplaceAll(o.Value, ",", " ")}}}
	if t.element != "body" && t.element != "plane" && t.element != "" {
		return elements[t.element].read(s, e)
	}
	if t.element != "body" {
		for i := range s.Planes {
			if t.level < oneLevel || i == t.plane {
				if err := readAttrs(&s.Planes[i], e, planeAttrs); err != nil {
					return err
				}
			}
		}
	}
	if t.element != "plane" {
		for i := range s.Bodies {
			b := &s.Bodies[i]
			if t.level < oneLevel || b.Name == t.name {
				if err := readAttrs(b, e, bodyAttrs); err != nil {
					return err
				}
				if t.attr == "density" || t.attr == "mass" || t.attr == "scale" {
					b.massSetBy = o
				}
			}
		}
	}
	return nil
}
