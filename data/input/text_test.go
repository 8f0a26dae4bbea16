package input

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"testing"
)

func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ in, want, err string }{
		{"<a/>", "<a/>", ""},
		{"\uFEFF<a/>\n", "<a/>\n", ""},
		{"<a>\r<b/>\r\n<c/>\r\r</a>", "<a>\n<b/>\n<c/>\n\n</a>", ""},
		{"\xFF\xFE<\x00a\x00", "", "the file is UTF-16 text; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8"},
		{"\xFE\xFF\x00<", "", "the file is UTF-16 text; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8"},
	} {
		got, err := Normalize([]byte(tc.in))
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Normalize(%q): error %v, want %s", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("Normalize(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

// UTF-8 and ASCII declarations read; any other encoding is refused in plain words.
func TestNewXMLDecoder(t *testing.T) {
	for _, tc := range []struct{ enc, want string }{
		{"UTF-8", ""}, {"utf-8", ""}, {"US-ASCII", ""}, {"ascii", ""},
		{"ISO-8859-1", `the file declares encoding "ISO-8859-1"; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8`},
		{"windows-1252", `the file declares encoding "windows-1252"; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8`},
	} {
		dec, refused := NewXMLDecoder([]byte(`<?xml version="1.0" encoding="` + tc.enc + `"?><a/>`))
		var err error
		for err == nil {
			var tok xml.Token
			if tok, err = dec.Token(); err == nil {
				if se, ok := tok.(xml.StartElement); ok && se.Name.Local != "a" {
					t.Errorf("%s: element %v", tc.enc, se.Name)
				}
			}
		}
		switch r := refused(); {
		case tc.want == "" && (r != nil || err.Error() != "EOF"):
			t.Errorf("%s: %v (refused: %v), want the file read", tc.enc, err, r)
		case tc.want != "" && (r == nil || r.Error() != tc.want):
			t.Errorf("%s: refused %v, want %s", tc.enc, r, tc.want)
		}
	}
}

// SplitLines ends lines at LF, CR LF and CR, wherever the reader's chunks happen to cut them.
func TestSplitLines(t *testing.T) {
	const text = "v 1\r\nv 2\rv 3\n\r\rf 1 2 3"
	want := []string{"v 1", "v 2", "v 3", "", "", "f 1 2 3"}
	for size := 1; size <= len(text); size++ {
		sc := bufio.NewScanner(&chunked{text: text, size: size})
		sc.Split(SplitLines)
		var got []string
		for sc.Scan() {
			got = append(got, sc.Text())
		}
		if fmt.Sprint(got) != fmt.Sprint(want) || sc.Err() != nil {
			t.Errorf("chunks of %d: lines %q, %v; want %q", size, got, sc.Err(), want)
		}
	}
}

// chunked reads text size bytes at a time.
type chunked struct {
	text string
	size int
}

func (c *chunked) Read(p []byte) (int, error) {
	if c.text == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.size)], c.text)
	c.text = c.text[n:]
	return n, nil
}
