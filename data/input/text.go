package input

// The text of Tumble's input files (3D scenes and FOSSSim's 2D scenes in XML, OBJ meshes) is
// prepared for parsing: the byte-order mark many editors write is dropped, the line ends of
// any system (LF, CR LF, and the CR of old Macs) are read, and encodings other than UTF-8 are
// refused in plain words.

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ReadText reads all of r, at most limit bytes, and normalizes it (Normalize). name and what
// ("a scene file") are for the errors: a *TooLargeError past the limit, "name: …"
// for a read that fails, "name:1: …" for text that is not UTF-8.
func ReadText(r io.Reader, name, what string, limit int64) ([]byte, error) {
	src, err := io.ReadAll(Reader(r, name, what, limit))
	var tooLarge *TooLargeError
	if errors.As(err, &tooLarge) {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if src, err = Normalize(src); err != nil {
		return nil, fmt.Errorf("%s:1: %w", name, err)
	}
	return src, nil
}

// bom is the UTF-8 byte-order mark.
const bom = "\uFEFF"

// TrimMark returns the text start (the first bytes of a file, at least 4 if it has them)
// without a UTF-8 byte-order mark, and refuses UTF-16 and UTF-32 text, which starts with
// theirs.
func TrimMark(start []byte) ([]byte, error) {
	for _, m := range []struct {
		mark []byte
		name string
	}{{[]byte{0, 0, 0xFE, 0xFF}, "UTF-32"}, {[]byte{0xFF, 0xFE, 0, 0}, "UTF-32"}, {[]byte{0xFE, 0xFF}, "UTF-16"}, {[]byte{0xFF, 0xFE}, "UTF-16"}} {
		if bytes.HasPrefix(start, m.mark) {
			return nil, fmt.Errorf("the file is %s text; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8", m.name)
		}
	}
	return bytes.TrimPrefix(start, []byte(bom)), nil
}

// Normalize returns src without a leading UTF-8 byte-order mark (TrimMark) and with CR LF
// and lone CR line ends turned into LF, so that line numbers count every line (encoding/xml
// counts LF only).
func Normalize(src []byte) ([]byte, error) {
	src, err := TrimMark(src)
	if err != nil {
		return nil, err
	}
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

// NewXMLDecoder returns a decoder of src (Normalize it first) that reads a declared encoding of
// UTF-8 or ASCII (a subset of UTF-8) and refuses any other. After the decoder fails, refused
// returns the refusal in plain words, or nil if the failure was something else.
func NewXMLDecoder(src []byte) (dec *xml.Decoder, refused func() error) {
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

// SplitLines is a bufio.SplitFunc for lines ended by LF, CR LF or CR; the tokens exclude
// the line ends.
func SplitLines(data []byte, atEOF bool) (advance int, token []byte, err error) {
	// Two byte searches, each as fast as the machine allows, rather than one for either.
	end := bytes.IndexByte(data, '\n')
	cr := bytes.IndexByte(data[:max(end, 0)], '\r')
	if end < 0 {
		cr = bytes.IndexByte(data, '\r')
	}
	switch {
	case cr >= 0 && cr+1 < len(data):
		if data[cr+1] == '\n' {
			return cr + 2, data[:cr], nil
		}
		return cr + 1, data[:cr], nil
	case cr >= 0 && atEOF:
		return cr + 1, data[:cr], nil
	case cr >= 0:
		return 0, nil, nil // a CR last in the buffer: wait to see whether LF follows
	case end >= 0:
		return end + 1, data[:end], nil
	case atEOF && len(data) > 0:
		return len(data), data, nil
	}
	return 0, nil, nil
}
