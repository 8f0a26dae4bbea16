package plural

import "testing"

func TestCount(t *testing.T) {
	for _, c := range []struct {
		n    int
		want string
	}{
		{0, "0 bodies"},
		{1, "1 body"},
		{-1, "-1 bodies"},
		{2, "2 bodies"},
		{21, "21 bodies"},
	} {
		if got := Count(c.n, "body", "bodies"); got != c.want {
			t.Errorf("Count(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
