// Package xmltext prepares the text of Tumble's XML files (3D scenes, FOSSSim's 2D scenes) for
// encoding/xml: the byte-order mark many editors write, the line ends of any system, and an
// encoding declaration other than UTF-8 refused in plain words.
package xmltext

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// Normalize returns src without a leading UTF-8 byte-order mark and with CR LF and lone CR
// line ends turned into LF, so that line numbers count every line (encoding/xml counts LF
// only). It refuses UTF-16 and UTF-32 text, which starts with their byte-order marks.
func Normalize(src []byte) ([]byte, error) {
	for _, bom := range []struct {
		mark []byte
		name string
	}{{[]byte{0, 0, 0xFE, 0xFF}, "UTF-32"}, {[]byte{0xFF, 0xFE, 0, 0}, "UTF-32"}, {[]byte{0xFE, 0xFF}, "UTF-16"}, {[]byte{0xFF, 0xFE}, "UTF-16"}} {
		if bytes.HasPrefix(src, bom.mark) {
			return nil, fmt.Errorf("the file is %s text; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8", bom.name)
		}
	}
	src = bytes.TrimPrefix(src, []byte("\uFEFF"))
	if bytes.IndexByte(src, '\r') < 0 {
		return src, nil
	}
	out := make([]byte, 0, len(src))
	for i := 0; i < len(src); i++ {
		if c := src[i]; c != '\r' {
			out = append(out, c)
			continue
		}
		out = append(out, '\n')
		if i+1 < len(src) && src[i+1] == '\n' {
			i++
		}
	}
	return out, nil
}

// NewDecoder returns a decoder of src (Normalize it first) that reads a declared encoding of
// UTF-8 or ASCII (a subset of UTF-8) and refuses any other. After the decoder fails, refused
// returns the refusal in plain words, or nil if the failure was something else.
func NewDecoder(src []byte) (dec *xml.Decoder, refused func() error) {
	dec = xml.NewDecoder(bytes.NewReader(src))
	var label string
	dec.CharsetReader = func(l string, r io.Reader) (io.Reader, error) {
		switch strings.ToLower(l) {
		case "us-ascii", "ascii":
			return r, nil
		}
		label = l
		return nil, fmt.Errorf("encoding %q", l)
	}
	return dec, func() error {
		if label == "" {
			return nil
		}
		return fmt.Errorf("the file declares encoding %q; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8", label)
	}
}
