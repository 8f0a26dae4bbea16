package input

import (
	"errors"
	"math"
	"testing"
)

func TestParseNumber(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		err  error
	}{
		{"1", 1, nil}, {"-0.5", -0.5, nil}, {".5", 0.5, nil}, {"5.", 5, nil}, {"+2e-3", 2e-3, nil},
		{"1E5", 1e5, nil}, {"007", 7, nil}, {"1e-400", 0, nil}, {"-0", 0, nil},
		{"0_5", 0, ErrNumberSyntax}, {"1_000", 0, ErrNumberSyntax}, {"0x1p3", 0, ErrNumberSyntax}, {"0x10", 0, ErrNumberSyntax},
		{"inf", 0, ErrNumberSyntax}, {"-Inf", 0, ErrNumberSyntax}, {"infinity", 0, ErrNumberSyntax}, {"NaN", 0, ErrNumberSyntax},
		{"", 0, ErrNumberSyntax}, {".", 0, ErrNumberSyntax}, {"-", 0, ErrNumberSyntax}, {"1e", 0, ErrNumberSyntax}, {"1e+", 0, ErrNumberSyntax},
		{"e5", 0, ErrNumberSyntax}, {"1.2.3", 0, ErrNumberSyntax}, {" 1", 0, ErrNumberSyntax}, {"1 ", 0, ErrNumberSyntax}, {"1,5", 0, ErrNumberSyntax},
		{"١", 0, ErrNumberSyntax}, {"1e400", 0, ErrNumberRange}, {"-1e309", 0, ErrNumberRange},
	} {
		got, err := ParseNumber(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("ParseNumber(%q) = %v, %v; want %v, %v", tc.in, got, err, tc.want, tc.err)
		}
		if gb, eb := ParseNumber([]byte(tc.in)); gb != got || eb != err {
			t.Errorf("ParseNumber([]byte(%q)) = %v, %v; the string gives %v, %v", tc.in, gb, eb, got, err)
		}
	}
}

// FuzzParseNumber: whatever ParseNumber accepts is made of plain decimal characters only and reads as a
// finite number.
func FuzzParseNumber(f *testing.F) {
	for _, s := range []string{"1", "-0.5e-3", "0x1p3", "1_0", "nan", ".e1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := ParseNumber(s)
		if err != nil {
			return
		}
		for i := range len(s) {
			if c := s[i]; !(c >= '0' && c <= '9' || c == '.' || c == '+' || c == '-' || c == 'e' || c == 'E') {
				t.Fatalf("ParseNumber(%q) accepted byte %q", s, c)
			}
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Fatalf("ParseNumber(%q) = %g", s, x)
		}
	})
}
