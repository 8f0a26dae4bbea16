package fosssim

import (
	"encoding/xml"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tumble-physics/tumble/data/input"
)

// element is one child of <scene> as the token stream gave it: attributes in file order,
// repeated ones included (<rigidbody> repeats p).
type element struct {
	name  string
	line  int
	attrs []xml.Attr
}

// inputError is an error in the scene file at a line.
type inputError struct {
	file string
	line int
	msg  string
}

func (e *inputError) Error() string { return fmt.Sprintf("%s:%d: %s", e.file, e.line, e.msg) }

// check rejects attributes the element does not know, repeats of any but p, and required
// attributes that are missing.
func (el *element) check(known, required []string) error {
	seen := map[string]bool{}
	for _, a := range el.attrs {
		n := a.Name.Local
		if a.Name.Space != "" || !slices.Contains(known, n) {
			return fmt.Errorf("<%s> has unknown attribute %q (known: %s)", el.name, qualified(a.Name), strings.Join(known, ", "))
		}
		if seen[n] && n != "p" {
			return fmt.Errorf("<%s> gives attribute %s twice", el.name, n)
		}
		seen[n] = true
	}
	for _, n := range required {
		if !seen[n] {
			return fmt.Errorf("<%s> needs attribute %s", el.name, n)
		}
	}
	return nil
}

func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}

// value returns the attribute's text and whether it is present.
func (el *element) value(name string) (string, bool) {
	for _, a := range el.attrs {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// number parses a required attribute as a finite decimal number. Surrounding spaces are
// allowed (the scenes write y=" 1.0"); hexadecimal, digit separators, inf and nan are not,
// since the course's stream extraction reads none of them.
func (el *element) number(name string) (float64, error) {
	s, _ := el.value(name)
	v, err := input.ParseNumber(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("<%s> attribute %s=%q is not a finite decimal number", el.name, name, s)
	}
	return v, nil
}

// integer parses a required attribute as a decimal integer, surrounding spaces allowed.
func (el *element) integer(name string) (int, error) {
	s, _ := el.value(name)
	return el.integerValue(name, s)
}

// integerValue parses the text s of the attribute name as a 32-bit decimal integer.
func (el *element) integerValue(name, s string) (int, error) {
	v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 32)
	if err != nil {
		return 0, fmt.Errorf("<%s> attribute %s=%q is not an integer", el.name, name, s)
	}
	return int(v), nil
}

// numbers parses several required number attributes in order.
func (el *element) numbers(names ...string) ([]float64, error) {
	out := make([]float64, len(names))
	for i, n := range names {
		v, err := el.number(n)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}
