package scene

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/data/input"
)

// maxSteps bounds duration/dt so that a typo cannot ask for a run of centuries.
const maxSteps = 1e9

// MaxFileBytes is the largest scene file read, 16 MiB: some 100,000 bodies. The whole text is
// held while it is parsed.
const MaxFileBytes = 16 << 20

// Load reads the scene file at path; relative mesh paths in it resolve against its directory.
// It reads only a regular file (not a device, a named pipe or a directory) of at most
// MaxFileBytes.
func Load(path string) (*Scene, error) {
	f, err := input.Open(path, "a scene file", MaxFileBytes)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, path)
}

// Builtin parses the built-in scene name (see data.SceneNames), for example "default".
func Builtin(name string) (*Scene, error) {
	src, err := data.Scene(name)
	if err != nil {
		return nil, err
	}
	s, err := Parse(bytes.NewReader(src), name+".xml")
	if err != nil {
		return nil, err
	}
	s.Dir = ""
	return s, nil
}

// Parse reads a scene from r, at most MaxFileBytes of UTF-8 (or ASCII) text; a leading
// byte-order mark and any line ends (LF, CR LF, CR) are read. name is used in error messages
// ("name:line: problem"), and relative mesh paths resolve against its directory.
func Parse(r io.Reader, name string) (*Scene, error) {
	// The whole text is kept so that an attribute's error can name the attribute's own line:
	// the decoder only reports where a token ends.
	src, err := input.ReadText(r, name, "a scene file", MaxFileBytes)
	if err != nil {
		return nil, err
	}
	dec, refused := input.NewXMLDecoder(src)
	p := &parser{name: name, src: src, dec: dec, refused: refused, line: 1}
	s := &Scene{
		Name:    name,
		Dir:     filepath.Dir(name),
		Dt:      1.0 / 60,
		Gravity: mgl64.Vec3{0, -9.81, 0},
		Solver:  Solver{Type: "pgs", Iterations: 10},
	}
	if err := p.scene(s); err != nil {
		return nil, err
	}
	return s, nil
}

// parser walks the token stream of one scene file.
type parser struct {
	name    string
	src     []byte
	dec     *xml.Decoder
	refused func() error // the encoding the decoder refused, if that is why it failed
	// line is the line number of byte offset off, advanced as the tokens go by.
	off  int
	line int
}

// lineAt returns the line number of byte offset off, counting forward from the last query
// (offsets only grow while the tokens are read, except inside one tag).
func (p *parser) lineAt(off int) int {
	if off < p.off {
		return 1 + bytes.Count(p.src[:off], []byte{'\n'})
	}
	p.line += bytes.Count(p.src[p.off:off], []byte{'\n'})
	p.off = off
	return p.line
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return fmt.Errorf("%s:%d: %s", p.name, line, fmt.Sprintf(format, args...))
}

// next returns the next token and the offset where it starts. Syntax errors carry their line.
func (p *parser) next() (xml.Token, int, error) {
	start := int(p.dec.InputOffset())
	tok, err := p.dec.Token()
	if err == nil {
		return tok, start, nil
	}
	if r := p.refused(); r != nil {
		return nil, start, p.errorf(p.lineAt(start), "%v", r)
	}
	var syn *xml.SyntaxError
	if errors.As(err, &syn) {
		return nil, start, p.errorf(syn.Line, "%s", syn.Msg)
	}
	if err == io.EOF {
		return nil, start, err // for the caller to judge
	}
	return nil, start, p.errorf(p.lineAt(start), "%s", strings.TrimPrefix(err.Error(), "xml: "))
}

// scene reads the whole document: prologue, the <scene> root, and nothing but comments after.
func (p *parser) scene(s *Scene) error {
	var root *element
	for root == nil {
		tok, start, err := p.next()
		if err == io.EOF {
			return p.errorf(p.lineAt(len(p.src)), "no <scene> element")
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			root = p.element(t, start)
			if root.name != "scene" {
				return p.errorf(root.line, "root element is <%s>, want <scene>", root.name)
			}
			if len(t.Attr) > 0 {
				return root.unknownAttr(t.Attr[0])
			}
		default:
			if err := p.ignorable(tok, start); err != nil {
				return err
			}
		}
	}
	if err := p.children(s, root); err != nil {
		return err
	}
	for {
		tok, start, err := p.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if _, ok := tok.(xml.StartElement); ok {
			return p.errorf(p.lineAt(start), "content after </scene>")
		}
		if err := p.ignorable(tok, start); err != nil {
			return err
		}
	}
}

// ignorable accepts what may stand between elements: comments, white space, the XML
// declaration.
func (p *parser) ignorable(tok xml.Token, start int) error {
	switch t := tok.(type) {
	case xml.Comment, xml.ProcInst:
		return nil
	case xml.CharData:
		if text := strings.TrimSpace(string(t)); text != "" {
			// Count the decoded newlines before the text: offsets into the decoded text are
			// not offsets into the file (entities). The text itself is not shown: this may
			// be any file, and its contents are not for messages.
			lead := string(t)[:strings.Index(string(t), text)]
			return p.errorf(p.lineAt(start)+strings.Count(lead, "\n"), "unexpected text outside the tags (values go in attributes)")
		}
		return nil
	case xml.Directive:
		return p.errorf(p.lineAt(start), "unexpected <!%s>", clip(string(t)))
	}
	return p.errorf(p.lineAt(start), "unexpected %T", tok)
}

// children reads the elements inside <scene> up to </scene>, then checks what is required.
func (p *parser) children(s *Scene, root *element) error {
	seen := map[string]int{} // element name → line, for the elements that may appear once
	for {
		tok, start, err := p.next()
		if err != nil {
			return err // an unclosed <scene> is a syntax error ("unexpected EOF")
		}
		switch t := tok.(type) {
		case xml.StartElement:
			e := p.element(t, start)
			kind, ok := elements[e.name]
			if !ok {
				return p.errorf(e.line, "unknown element <%s>", e.name)
			}
			if kind.once {
				if first, dup := seen[e.name]; dup {
					return p.errorf(e.line, "duplicate <%s> (the first is on line %d)", e.name, first)
				}
				seen[e.name] = e.line
			}
			if err := e.checkAttrs(kind.attrs); err != nil {
				return err
			}
			if err := kind.read(s, e); err != nil {
				return err
			}
			if err := p.empty(e); err != nil {
				return err
			}
		case xml.EndElement:
			if _, ok := seen["duration"]; !ok {
				return p.errorf(root.line, "<scene> lacks the required <duration time=\"…\"/>")
			}
			if s.Duration/s.Dt > maxSteps {
				return p.errorf(seen["duration"], "duration / dt = %g steps, more than %g", s.Duration/s.Dt, float64(maxSteps))
			}
			return nil
		default:
			if err := p.ignorable(tok, start); err != nil {
				return err
			}
		}
	}
}

// empty reads up to the end of e, which may hold only comments and white space.
func (p *parser) empty(e *element) error {
	for {
		tok, start, err := p.next()
		if err != nil {
			return err // the decoder reports an unclosed element as a syntax error
		}
		switch t := tok.(type) {
		case xml.EndElement:
			return nil
		case xml.StartElement:
			return p.errorf(p.lineAt(start), "<%s> inside <%s>: <%s> has no child elements", t.Name.Local, e.name, e.name)
		default:
			if err := p.ignorable(tok, start); err != nil {
				return err
			}
		}
	}
}

// clip shortens text quoted in a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
