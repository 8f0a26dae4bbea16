package scene

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/data/input"
)

// element is one start tag with its attributes, and where it is in the file.
type element struct {
	p     *parser // nil for an Override's value, which has no file
	name  string
	line  int
	start int // byte offset of the '<'
	attrs []xml.Attr
}

func (p *parser) element(t xml.StartElement, start int) *element {
	return &element{p: p, name: qualified(t.Name), line: p.lineAt(start), start: start, attrs: t.Attr}
}

// qualified spells a name as written; a namespace makes it unknown to Tumble.
func qualified(n xml.Name) string {
	if n.Space != "" {
		return n.Space + ":" + n.Local
	}
	return n.Local
}

// attrLine returns the line of attribute name inside the tag, scanning the raw tag text
// outside quoted values; the tag's own line if it cannot tell.
func (e *element) attrLine(name string) int {
	tag := e.p.src[e.start:]
	var quote byte
	for i := 1; i < len(tag) && (quote != 0 || tag[i] != '>'); i++ {
		c := tag[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case isSpace(tag[i-1]) && bytes.HasPrefix(tag[i:], []byte(name)):
			// The name must be followed by '=' so that "mass" does not match "massive".
			rest := bytes.TrimLeft(tag[i+len(name):], " \t\r\n")
			if len(rest) > 0 && rest[0] == '=' {
				return e.p.lineAt(e.start + i)
			}
		}
	}
	return e.line
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// checkAttrs refuses attributes the element does not define.
func (e *element) checkAttrs(known []string) error {
	for _, a := range e.attrs {
		if a.Name.Space != "" || !slices.Contains(known, a.Name.Local) {
			return e.unknownAttr(a)
		}
	}
	return nil
}

func (e *element) unknownAttr(a xml.Attr) error {
	n := qualified(a.Name)
	return e.p.errorf(e.attrLine(n), "<%s>: unknown attribute %q", e.name, n)
}

// errorf reports a problem with attribute attr of e, on the attribute's line; for an
// override, the problem alone (OverrideError names the override).
func (e *element) errorf(attr, format string, args ...any) error {
	if e.p == nil {
		return fmt.Errorf(format, args...)
	}
	return e.p.errorf(e.attrLine(attr), "<%s %s>: %s", e.name, attr, fmt.Sprintf(format, args...))
}

// value returns the attribute's text and whether it is present.
func (e *element) value(attr string) (string, bool) {
	for _, a := range e.attrs {
		if a.Name.Space == "" && a.Name.Local == attr {
			return a.Value, true
		}
	}
	return "", false
}

// numbers parses the attribute as a list of finite numbers in plain decimal syntax; nil if
// absent.
func (e *element) numbers(attr string) ([]float64, error) {
	text, ok := e.value(attr)
	if !ok {
		return nil, nil
	}
	fields := strings.Fields(text)
	xs := make([]float64, len(fields))
	for i, f := range fields {
		x, err := input.ParseNumber(f)
		if err != nil {
			return nil, e.errorf(attr, "%q is not a finite decimal number (1, -0.5, 2e-3)", clip(f))
		}
		xs[i] = x
	}
	return xs, nil
}

// float returns the attribute as one number, or def if absent.
func (e *element) float(attr string, def float64) (float64, error) {
	xs, err := e.numbers(attr)
	switch {
	case err != nil:
		return 0, err
	case xs == nil:
		return def, nil
	case len(xs) != 1:
		return 0, e.errorf(attr, "want 1 number, got %d", len(xs))
	}
	return xs[0], nil
}

// positive is float for quantities that must be > 0.
func (e *element) positive(attr string, def float64) (float64, error) {
	x, err := e.float(attr, def)
	if err == nil && x <= 0 {
		err = e.errorf(attr, "must be positive, got %g", x)
	}
	return x, err
}

// nonNegative is float for quantities that must be ≥ 0.
func (e *element) nonNegative(attr string, def float64) (float64, error) {
	x, err := e.float(attr, def)
	if err == nil && x < 0 {
		err = e.errorf(attr, "must not be negative, got %g", x)
	}
	return x, err
}

// vec3 returns the attribute as three numbers, or def if absent. With scalarToo one number
// is accepted as well and stands for all three.
func (e *element) vec3(attr string, def mgl64.Vec3, scalarToo bool) (mgl64.Vec3, error) {
	xs, err := e.numbers(attr)
	switch {
	case err != nil:
		return def, err
	case xs == nil:
		return def, nil
	case len(xs) == 3:
		return mgl64.Vec3{xs[0], xs[1], xs[2]}, nil
	case len(xs) == 1 && scalarToo:
		return mgl64.Vec3{xs[0], xs[0], xs[0]}, nil
	case scalarToo:
		return def, e.errorf(attr, "want 1 or 3 numbers, got %d", len(xs))
	}
	return def, e.errorf(attr, "want 3 numbers, got %d", len(xs))
}

// count returns the attribute as an integer ≥ least, or def if absent.
func (e *element) count(attr string, def, least int) (int, error) {
	text, ok := e.value(attr)
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		return 0, e.errorf(attr, "%q is not an integer", clip(text))
	}
	if n < least {
		return 0, e.errorf(attr, "must be at least %d, got %d", least, n)
	}
	return n, nil
}

// flag returns the attribute as a boolean written "0" or "1" (also "false", "true"), or
// false if absent.
func (e *element) flag(attr string) (bool, error) {
	text, ok := e.value(attr)
	if !ok {
		return false, nil
	}
	switch strings.TrimSpace(text) {
	case "0", "false":
		return false, nil
	case "1", "true":
		return true, nil
	}
	return false, e.errorf(attr, "want 0 or 1, got %q", clip(text))
}
