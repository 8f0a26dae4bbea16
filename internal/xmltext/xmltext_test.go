package xmltext

import (
	"encoding/xml"
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
func TestNewDecoder(t *testing.T) {
	for _, tc := range []struct{ enc, want string }{
		{"UTF-8", ""}, {"utf-8", ""}, {"US-ASCII", ""}, {"ascii", ""},
		{"ISO-8859-1", `the file declares encoding "ISO-8859-1"; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8`},
		{"windows-1252", `the file declares encoding "windows-1252"; Tumble reads UTF-8 (or ASCII) only: save it as UTF-8`},
	} {
		dec, refused := NewDecoder([]byte(`<?xml version="1.0" encoding="` + tc.enc + `"?><a/>`))
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
