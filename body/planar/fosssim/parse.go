package fosssim

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/data/input"
)

// maxSteps bounds ⌈duration/dt⌉ so that a typo cannot start a run of centuries.
const maxSteps = 1e9

// MaxFileBytes is the largest scene file read, 16 MiB. The whole text is held while it is
// parsed (encoding/xml would hold a run of 200 MB of white space as one token anyway).
const MaxFileBytes = 16 << 20

// Load reads and parses the scene file at path; messages name the file by path. It reads
// only a regular file (not a device, a named pipe or a directory) of at most MaxFileBytes.
func Load(path string) (*Scene, error) {
	f, err := input.Open(path, "a scene file", MaxFileBytes)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, path)
}

// Parse reads a FOSSSim rigid-body scene from r, at most MaxFileBytes of UTF-8 (or ASCII)
// text with any line ends and an optional byte-order mark; name is used in "name:line:
// problem" errors, which never quote text between the elements. The rules, beyond XML
// well-formedness:
//   - the root is <scene>; its children are the elements below, never nested, each at most
//     once except vertices, bodies, forces and colours; anything else is an error;
//   - <rigidbodyintegrator type dt> (dt > 0) and <duration time> (time ≥ 0) are required;
//   - <rigidbodyvertex x y m> (m > 0) form one list indexed 0, 1, … in file order;
//   - <rigidbody p… vx vy omega r [fixed]> lists at least 2 vertex indices with repeated p
//     attributes, r > 0, fixed 0 or 1 (default 0);
//   - <rigidbodygravityforce fx fy>, <rigidbodyspringforce i pix piy j pjx pjy k l0> (i, j a
//     body or −1 for the world, k ≥ 0, l0 ≥ 0) and <rigidbodywindforce beta fx fy
//     pointsperedge> (beta ≥ 0, 2 to MaxPointsPerEdge points: the course requires 2);
//   - <rigidbodycollisionhandling detection="all-pairs" response [iterations]>, response one
//     of Responses, iterations (1 to MaxIterations) for pgs only;
//   - display-only elements: <simtype type="rigid-body">, <description text>, <maxsimfreq
//     max>, <viewport cx cy size>, <backgroundcolor r g b>, <rigidbodycolor body r g b>,
//     <rigidbodyspringcolor spring r g b> (channels in [0, 1]).
//
// Numbers are plain decimals (1, -0.5, 2e-3) and may carry surrounding spaces.
func Parse(r io.Reader, name string) (*Scene, error) {
	src, err := input.ReadText(r, name, "a scene file", MaxFileBytes)
	if err != nil {
		return nil, err
	}
	root, els, err := readElements(src, name)
	if err != nil {
		return nil, err
	}
	b := &builder{scene: &Scene{Name: name}, root: root, singles: map[string]int{}}
	if err := b.build(els); err != nil {
		var ie *inputError
		if errors.As(err, &ie) {
			return nil, err
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b.scene, nil
}

// readElements returns the line of <scene> and its children from the XML token stream of
// src (normalized: see input.Normalize).
func readElements(src []byte, name string) (int, []element, error) {
	dec, refused := input.NewXMLDecoder(src)
	var els []element
	depth, root := 0, 0
	for {
		line, _ := dec.InputPos()
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			if r := refused(); r != nil {
				return 0, nil, &inputError{name, line, r.Error()}
			}
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return 0, nil, &inputError{name, se.Line, se.Msg}
			}
			return 0, nil, &inputError{name, line, err.Error()}
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch depth {
			case 0:
				if root != 0 {
					return 0, nil, &inputError{name, line, "a second root element <" + t.Name.Local + ">"}
				}
				if t.Name.Local != "scene" || t.Name.Space != "" {
					return 0, nil, &inputError{name, line, fmt.Sprintf("the root element is <%s>, want <scene>", qualified(t.Name))}
				}
				if len(t.Attr) > 0 {
					return 0, nil, &inputError{name, line, fmt.Sprintf("<scene> has unknown attribute %q", qualified(t.Attr[0].Name))}
				}
				root = line
			case 1:
				els = append(els, element{name: qualified(t.Name), line: line, attrs: t.Attr})
			default:
				return 0, nil, &inputError{name, line, fmt.Sprintf("<%s> may not be nested in another element", qualified(t.Name))}
			}
			depth++
		case xml.EndElement:
			depth--
		case xml.CharData:
			// The text itself is not shown: this may be any file, and its contents are not
			// for messages.
			if trimmed := strings.TrimSpace(string(t)); trimmed != "" {
				lead := string(t)[:strings.Index(string(t), trimmed)]
				return 0, nil, &inputError{name, line + strings.Count(lead, "\n"), "unexpected text outside the tags (values go in attributes)"}
			}
		}
	}
	if root == 0 {
		line, _ := dec.InputPos()
		return 0, nil, &inputError{name, line, "no <scene> element"}
	}
	return root, els, nil
}

// builder turns the elements into a Scene.
type builder struct {
	scene    *Scene
	root     int
	singles  map[string]int // element name → line, for elements allowed once
	vertices []vertex
	bodies   []element
	gravity  []planar.Force
	springs  []springAt
	winds    []planar.Force
	colors   []element // body and spring colours, checked once the counts are known
}

type vertex struct {
	p mgl64.Vec2
	m float64
}

type springAt struct {
	s    *planar.Spring
	line int
}

// handlers parse each element kind; the bool says the element may appear only once.
var handlers = map[string]struct {
	once  bool
	parse func(*builder, *element) error
}{
	"simtype":                    {true, (*builder).simtype},
	"description":                {true, (*builder).description},
	"maxsimfreq":                 {true, (*builder).maxsimfreq},
	"duration":                   {true, (*builder).duration},
	"viewport":                   {true, (*builder).viewport},
	"backgroundcolor":            {true, (*builder).background},
	"rigidbodyintegrator":        {true, (*builder).integrator},
	"rigidbodycollisionhandling": {true, (*builder).collision},
	"rigidbodyvertex":            {false, (*builder).vertex},
	"rigidbody":                  {false, (*builder).body},
	"rigidbodygravityforce":      {false, (*builder).gravityForce},
	"rigidbodyspringforce":       {false, (*builder).springForce},
	"rigidbodywindforce":         {false, (*builder).windForce},
	"rigidbodycolor":             {false, (*builder).color},
	"rigidbodyspringcolor":       {false, (*builder).color},
}

func (b *builder) errAt(line int, err error) error {
	return &inputError{b.scene.Name, line, err.Error()}
}

func (b *builder) build(els []element) error {
	for i := range els {
		el := &els[i]
		h, ok := handlers[el.name]
		if !ok {
			known := make([]string, 0, len(handlers))
			for k := range handlers {
				known = append(known, k)
			}
			slices.Sort(known)
			return b.errAt(el.line, fmt.Errorf("unknown element <%s> (known: %s)", el.name, strings.Join(known, ", ")))
		}
		if h.once {
			if first, dup := b.singles[el.name]; dup {
				return b.errAt(el.line, fmt.Errorf("second <%s> (the first is at line %d)", el.name, first))
			}
			b.singles[el.name] = el.line
		}
		if err := h.parse(b, el); err != nil {
			return b.errAt(el.line, err)
		}
	}
	s := b.scene
	for _, req := range []string{"rigidbodyintegrator", "duration"} {
		if _, ok := b.singles[req]; !ok {
			return b.errAt(b.root, fmt.Errorf("the scene has no <%s>", req))
		}
	}
	if steps := s.Duration / s.Dt; steps > maxSteps {
		return b.errAt(b.singles["duration"], fmt.Errorf("duration %g s at dt %g s is %.3g steps, more than %g", s.Duration, s.Dt, steps, float64(maxSteps)))
	}
	for i := range b.bodies {
		if err := b.makeBody(&b.bodies[i]); err != nil {
			return b.errAt(b.bodies[i].line, err)
		}
	}
	for _, sp := range b.springs {
		for _, end := range []int{sp.s.I, sp.s.J} {
			if end != planar.World && (end < 0 || end >= len(s.Bodies)) {
				return b.errAt(sp.line, fmt.Errorf("<rigidbodyspringforce> body index %d out of range (%s)", end, indexRange("bodies", len(s.Bodies), true)))
			}
		}
	}
	s.Forces = append(s.Forces, b.gravity...)
	for _, sp := range b.springs {
		s.Forces = append(s.Forces, sp.s)
	}
	s.Forces = append(s.Forces, b.winds...)
	for i := range b.colors {
		if err := b.makeColor(&b.colors[i]); err != nil {
			return b.errAt(b.colors[i].line, err)
		}
	}
	return nil
}

// indexRange describes the valid indices of n things for messages.
func indexRange(what string, n int, world bool) string {
	w := ""
	if world {
		w = "-1 for the world or "
	}
	if n == 0 {
		return fmt.Sprintf("the scene has no %s", what)
	}
	return fmt.Sprintf("want %s0..%d: the scene has %d %s", w, n-1, n, what)
}
