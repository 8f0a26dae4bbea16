package number

import (
	"errors"
	"math"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64
		err  error
	}{
		{"1", 1, nil}, {"-0.5", -0.5, nil}, {".5", 0.5, nil}, {"5.", 5, nil}, {"+2e-3", 2e-3, nil},
		{"1E5", 1e5, nil}, {"007", 7, nil}, {"1e-400", 0, nil}, {"-0", 0, nil},
		{"0_5", 0, ErrSyntax}, {"1_000", 0, ErrSyntax}, {"0x1p3", 0, ErrSyntax}, {"0x10", 0, ErrSyntax},
		{"inf", 0, ErrSyntax}, {"-Inf", 0, ErrSyntax}, {"infinity", 0, ErrSyntax}, {"NaN", 0, ErrSyntax},
		{"", 0, ErrSyntax}, {".", 0, ErrSyntax}, {"-", 0, ErrSyntax}, {"1e", 0, ErrSyntax}, {"1e+", 0, ErrSyntax},
		{"e5", 0, ErrSyntax}, {"1.2.3", 0, ErrSyntax}, {" 1", 0, ErrSyntax}, {"1 ", 0, ErrSyntax}, {"1,5", 0, ErrSyntax},
		{"١", 0, ErrSyntax}, {"1e400", 0, ErrRange}, {"-1e309", 0, ErrRange},
	} {
		got, err := Parse(tc.in)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("Parse(%q) = %v, %v; want %v, %v", tc.in, got, err, tc.want, tc.err)
		}
		if gb, eb := Parse([]byte(tc.in)); gb != got || eb != err {
			t.Errorf("Parse([]byte(%q)) = %v, %v; the string gives %v, %v", tc.in, gb, eb, got, err)
		}
	}
}

// FuzzParse: whatever Parse accepts is made of plain decimal characters only and reads as a
// finite number.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"1", "-0.5e-3", "0x1p3", "1_0", "nan", ".e1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := Parse(s)
		if err != nil {
			return
		}
		for i := range len(s) {
			if c := s[i]; !(c >= '0' && c <= '9' || c == '.' || c == '+' || c == '-' || c == 'e' || c == 'E') {
				t.Fatalf("Parse(%q) accepted byte %q", s, c)
			}
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			t.Fatalf("Parse(%q) = %g", s, x)
		}
	})
}
