package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A thousand cubes spawned at one point (half a million overlapping pairs): three steps
// within 300 MB, as the step's budgets drop what lies beyond them, and no NaN. The start
// warns that the bodies overlap, naming them; each budget's warning names a pair of bodies
// with their lines, once, though every step exceeds it.
func TestCoincidentCubesBounded(t *testing.T) {
	var text strings.Builder
	text.WriteString("<scene><duration time=\"1\"/><plane/>\n")
	for range 1000 {
		text.WriteString("<body mesh=\"cube\" position=\"0 0.5 0\"/>\n")
	}
	text.WriteString("</scene>\n")
	path := filepath.Join(t.TempDir(), "heap.xml")
	if err := os.WriteFile(path, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr, wall, rss := measured(t, "sim", "--json", "--steps", "3", path)
	t.Logf("exit %d in %v, %.0f MB", code, wall, rss)
	if code != 0 || rss > 300 {
		t.Fatalf("exit %d, %.0f MB; want exit 0 under 300 MB\n%s", code, rss, stderr)
	}
	overlap := regexp.MustCompile(`(?m)^tumble sim: warning: ` + regexp.QuoteMeta(path) + `:\d+: body \d+ overlaps body \d+ \(line \d+\) at the start`)
	if !overlap.MatchString(stderr) {
		t.Errorf("no warning names overlapping bodies:\n%s", stderr)
	}
	for _, budget := range []string{"pairs of bodies that may touch", "contacts between bodies"} {
		said := regexp.MustCompile(`(?m)^tumble sim: warning: `+regexp.QuoteMeta(path)+`:\d+: body \d+ and body \d+ \(line \d+\): `+
			`dropped at step 1 \(t = 0.0166667 s\) with \d+ other pairs: the step's budget of \d+ `+budget+` was spent`).FindAllString(stderr, -1)
		if len(said) != 1 {
			t.Errorf("the budget of %s is said %d times, want once naming a pair:\n%s", budget, len(said), stderr)
		}
	}
	var r simReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	for i, b := range r.Bodies {
		for _, x := range append(b.Position[:], b.Velocity[:]...) {
			if math.IsNaN(x) || math.Abs(x) > 1e3 {
				t.Fatalf("body %d at %v moving %v", i, b.Position, b.Velocity)
			}
		}
	}
}
