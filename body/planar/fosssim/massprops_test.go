package fosssim_test

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/body/planar/internal/testscenes"
)

var (
	vertexRE = regexp.MustCompile(`<rigidbodyvertex\s+x="([^"]*)"\s+y="([^"]*)"\s+m="([^"]*)"`)
	bodyRE   = regexp.MustCompile(`<rigidbody\s((?:p="[^"]*"\s*)+)`)
	indexRE  = regexp.MustCompile(`p="\s*(\d+)\s*"`)
	statedRE = regexp.MustCompile(`Total mass = (\d+)\. Center of mass = <([\d/]+),([\d/]+)>\. I = ([\d/]+)\.`)
)

func num(t *testing.T, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// referenceMass is REFERENCE.md's rule written out independently: a two-lane vectorised sum
// (lane k adds the masses whose index is k mod 2, over the first 2⌊n/2⌋), the lanes added,
// then the odd one out; the centre of mass scaled by the reciprocal; I with the y term
// first.
func referenceMass(xs, ys, ms []float64) (m, x, y, inertia float64) {
	var lane [2]float64
	pairs := len(ms) / 2 * 2
	for i := range pairs {
		lane[i&1] += ms[i]
	}
	m = lane[0] + lane[1]
	if pairs < len(ms) {
		m += ms[pairs]
	}
	if len(ms) == 1 {
		m = ms[0]
	}
	for i := range ms {
		x += float64(xs[i] * ms[i])
		y += float64(ys[i] * ms[i])
	}
	r := 1 / m
	x, y = x*r, y*r
	for i := range ms {
		inertia += float64((float64((ys[i]-y)*(ys[i]-y)) + float64((xs[i]-x)*(xs[i]-x))) * ms[i])
	}
	return m, x, y, inertia
}

// Every body of every course scene gets M, X, I and body-space vertices bit for bit equal to
// the reference rule computed independently from the file's text; and the plain formulas
// (sum in order, divide by M) differ in the last bits for some of them, so the rule matters.
func TestMassPropertiesFollowReferenceRuleBitExactly(t *testing.T) {
	var files []string
	err := filepath.WalkDir(testscenes.Dir(t), func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".xml") {
			files = append(files, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	bodies, plainDiffers := 0, 0
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		scene, err := fosssim.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		var xs, ys, ms []float64
		for _, v := range vertexRE.FindAllStringSubmatch(string(text), -1) {
			xs, ys, ms = append(xs, num(t, v[1])), append(ys, num(t, v[2])), append(ms, num(t, v[3]))
		}
		matches := bodyRE.FindAllStringSubmatch(string(text), -1)
		if len(matches) != len(scene.Bodies) {
			t.Fatalf("%s: %d bodies in the text, %d parsed", f, len(matches), len(scene.Bodies))
		}
		for bi, match := range matches {
			var bx, by, bm []float64
			for _, p := range indexRE.FindAllStringSubmatch(match[1], -1) {
				i, _ := strconv.Atoi(p[1])
				bx, by, bm = append(bx, xs[i]), append(by, ys[i]), append(bm, ms[i])
			}
			m, x, y, inertia := referenceMass(bx, by, bm)
			b := scene.Bodies[bi]
			if b.M != m || b.X[0] != x || b.X[1] != y || b.I != inertia {
				t.Errorf("%s body %d: M %v X %v I %v, the rule gives %v (%v, %v) %v", f, bi, b.M, b.X, b.I, m, x, y, inertia)
			}
			for k := range bx {
				if b.Vertices[k][0] != bx[k]-x || b.Vertices[k][1] != by[k]-y {
					t.Errorf("%s body %d vertex %d: %v, want (%v, %v)", f, bi, k, b.Vertices[k], bx[k]-x, by[k]-y)
				}
			}
			plainM, sx, sy := 0.0, 0.0, 0.0
			for k := range bm {
				plainM += bm[k]
				sx += bx[k] * bm[k]
				sy += by[k] * bm[k]
			}
			if plainM != m || sx/plainM != x || sy/plainM != y {
				plainDiffers++
			}
			bodies++
		}
	}
	if bodies != 319 {
		t.Errorf("checked %d bodies, REFERENCE.md counts 319 in fosssim/", bodies)
	}
	if plainDiffers == 0 {
		t.Error("the plain formulas agree with the rule on every body; REFERENCE.md says pool_break_1 differs")
	}
	t.Logf("%d bodies match the rule bit for bit; the plain formulas differ on %d", bodies, plainDiffers)
}

// The inertia tests state M, X and I in a comment; the parsed bodies match them.
func TestMassPropertiesMatchStatedValues(t *testing.T) {
	checked := 0
	for _, f := range testscenes.Glob(t, "t3m1/inertiatests/*.xml") {
		text, _ := os.ReadFile(f)
		m := statedRE.FindStringSubmatch(string(text))
		if m == nil {
			continue
		}
		scene, err := fosssim.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		b := scene.Bodies[0]
		want := []float64{fraction(t, m[1]), fraction(t, m[2]), fraction(t, m[3]), fraction(t, m[4])}
		for i, got := range []float64{b.M, b.X[0], b.X[1], b.I} {
			if math.Abs(got-want[i]) > 1e-12*math.Max(1, math.Abs(want[i])) {
				t.Errorf("%s: %s = %.15g, the comment states %.15g", filepath.Base(f), []string{"M", "X", "Y", "I"}[i], got, want[i])
			}
		}
		checked++
	}
	if checked < 4 {
		t.Errorf("only %d scenes state their mass properties", checked)
	}
}

func fraction(t *testing.T, s string) float64 {
	num, den, ok := strings.Cut(s, "/")
	v, err := strconv.ParseFloat(num, 64)
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		d, _ := strconv.ParseFloat(den, 64)
		v /= d
	}
	return v
}
