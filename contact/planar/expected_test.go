package planar_test

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	contact "github.com/tumble-physics/tumble/contact/planar"
)

// printed is a matrix printed in a scene's comment: its rows of numbers as text.
type printed [][]string

// parseExpected reads the "NAME = numbers" blocks of the comment before <scene>: a label
// line, then the following lines that hold only numbers, up to a blank or a labelled line.
func parseExpected(t *testing.T, path string) map[string]printed {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text, _, _ := strings.Cut(string(data), "<scene>")
	out := map[string]printed{}
	var cur string
	for line := range strings.Lines(text) {
		label, rest, isLabel := strings.Cut(line, "=")
		fields := strings.Fields(rest)
		switch {
		case isLabel && allNumbers(fields) && len(fields) > 0:
			cur = strings.TrimSpace(label)
			out[cur] = printed{fields}
		case !isLabel && cur != "" && allNumbers(strings.Fields(line)) && len(strings.Fields(line)) > 0:
			out[cur] = append(out[cur], strings.Fields(line))
		default:
			cur = ""
		}
	}
	return out
}

func allNumbers(fields []string) bool {
	for _, f := range fields {
		if _, err := strconv.ParseFloat(f, 64); err != nil {
			return false
		}
	}
	return true
}

// tolerance returns how far the true value may be from a printed one: the course printed
// with C++ streams' default 6 significant digits, so a printed number bounds the value to
// half a unit of its 6th significant digit (139.52 is the rounded print of
// 139.51999999999774, the integrator's −M q̇ at the table's first contact). The entries whose
// exact values are known are checked to 1e-12 by TestExpectedExact.
func tolerance(s string) float64 {
	v, _ := strconv.ParseFloat(s, 64)
	if v == 0 {
		return 0
	}
	return 0.5 * math.Pow(10, math.Floor(math.Log10(math.Abs(v)))-5)
}

// compare checks got against a printed matrix. Printed N has 3 columns per contact, the
// first third being N and the rest zero (the course's matrix was allocated that way); so
// do any extra columns in the print beyond got's, as long as they are all zero.
func compare(t *testing.T, name string, got mat.Matrix, want printed) {
	t.Helper()
	r, c := got.Dims()
	if len(want) != r {
		t.Fatalf("%s: %d rows printed, %d computed", name, len(want), r)
	}
	worst := 0.0 // relative to the tolerance
	for i, row := range want {
		if len(row) < c {
			t.Fatalf("%s: row %d has %d numbers printed, %d computed", name, i, len(row), c)
		}
		for j, s := range row {
			w, _ := strconv.ParseFloat(s, 64)
			g := 0.0
			if j < c {
				g = got.At(i, j)
			} else if w != 0 {
				t.Errorf("%s[%d][%d]: printed %s beyond the %d contacts", name, i, j, s, c)
			}
			d := math.Abs(g - w)
			if d > tolerance(s) {
				t.Errorf("%s[%d][%d] = %.17g, printed %s (tolerance %g)", name, i, j, g, s, tolerance(s))
			}
			if d > 0 {
				worst = max(worst, d/tolerance(s))
			}
		}
	}
	t.Logf("%s: %d×%d match the printed digits; largest difference %.3g of its tolerance", name, r, c, worst)
}

// TestExpectedValues reproduces the matrices printed in the comments of the course scenes
// at their first contact: A and b of t3m2/lcp/test01 and test03, M, −M q̇ and N of
// t3m2/velocityprojection/test01 (the four-legged table) and test05.
func TestExpectedValues(t *testing.T) {
	dir := sharedDir(t)
	for _, tc := range []struct {
		scene  string
		labels []string
	}{
		{"t3m2/lcp/test01.xml", []string{"A", "b"}},
		{"t3m2/lcp/test03.xml", []string{"A", "b"}},
		{"t3m2/velocityprojection/test01.xml", []string{"M", `-M \dot q`, "N"}},
		{"t3m2/velocityprojection/test05.xml", []string{"M", `-M \dot q`, "N"}},
	} {
		t.Run(tc.scene, func(t *testing.T) {
			path := filepath.Join(dir, tc.scene)
			want := parseExpected(t, path)
			scene, sys, r := load(t, path)
			var m *contact.Matrices
			r.Observe = func(rec *contact.Record) {
				if m == nil {
					mm := contact.MatricesOf(rec)
					m = &mm
				}
			}
			for k := 0; k < scene.Steps() && m == nil; k++ {
				run(t, sys, 1)
			}
			if m == nil {
				t.Fatal("no contact during the run")
			}
			got := map[string]mat.Matrix{"A": m.A, "b": m.B, "M": m.M, `-M \dot q`: m.MinusMqdot, "N": m.N}
			for _, l := range tc.labels {
				if want[l] == nil {
					t.Fatalf("no %q block in the comment (found %d blocks)", l, len(want))
				}
				compare(t, l, got[l], want[l])
			}
		})
	}
}

// TestExpectedExact checks to 1e-12 the entries whose exact values are known. A of the lcp
// scenes is rounded in print; its exact values are 2/3 for the two triangles of test01 and
// k/672 for the two triangles (M = 3, I = 7/6) against the square (M = 4, I = 8) of test03,
// which round to the printed digits. Every other printed entry of those blocks (b, M, N, and
// −M q̇ of test05) is exact as printed: integers, halves and 289.75 = Σ m r² of the table.
// The table's −M q̇ is −M v with v the symplectic integrator's sum of 872 steps of
// (F dt)(1/M).
func TestExpectedExact(t *testing.T) {
	dir := sharedDir(t)
	table := func() []float64 {
		v := 0.0
		for range 872 {
			v += (16 * -10.0 * 0.001) * (1.0 / 16)
		}
		return []float64{0, -16 * v, 0}
	}()
	for _, tc := range []struct {
		scene   string
		a       [][]float64 // nil: none
		mqdot   []float64   // nil: as printed
		printed []string    // blocks exact as printed
	}{
		{scene: "t3m2/lcp/test01.xml", a: [][]float64{{2.0 / 3}}, printed: []string{"b"}},
		{scene: "t3m2/lcp/test03.xml", a: [][]float64{
			{557.0 / 672, 227.0 / 672, -189.0 / 672, -147.0 / 672},
			{227.0 / 672, 557.0 / 672, -147.0 / 672, -189.0 / 672},
			{-189.0 / 672, -147.0 / 672, 557.0 / 672, 227.0 / 672},
			{-147.0 / 672, -189.0 / 672, 227.0 / 672, 557.0 / 672},
		}, printed: []string{"b"}},
		{scene: "t3m2/velocityprojection/test01.xml", mqdot: table, printed: []string{"M", "N"}},
		{scene: "t3m2/velocityprojection/test05.xml", printed: []string{"M", `-M \dot q`, "N"}},
	} {
		t.Run(tc.scene, func(t *testing.T) {
			path := filepath.Join(dir, tc.scene)
			want := parseExpected(t, path)
			_, sys, r := load(t, path)
			var m *contact.Matrices
			r.Observe = func(rec *contact.Record) {
				if m == nil {
					mm := contact.MatricesOf(rec)
					m = &mm
				}
			}
			for m == nil {
				run(t, sys, 1)
			}
			check := func(name string, got, want mat.Matrix) {
				if !mat.EqualApprox(got, want, 1e-12) {
					t.Errorf("%s =\n%.17g\nwant within 1e-12\n%.17g", name, mat.Formatted(got), mat.Formatted(want))
				}
			}
			if tc.a != nil {
				check("A", m.A, mat.NewDense(len(tc.a), len(tc.a), flatten(tc.a)))
			}
			if tc.mqdot != nil {
				check("-M q̇", m.MinusMqdot, mat.NewVecDense(len(tc.mqdot), tc.mqdot))
			}
			got := map[string]*mat.Dense{"b": denseOf(m.B), "M": m.M, `-M \dot q`: denseOf(m.MinusMqdot), "N": m.N}
			for _, l := range tc.printed {
				g := got[l]
				r, c := g.Dims()
				w := mat.NewDense(r, c, nil)
				for i := range r {
					for j := range c {
						v, _ := strconv.ParseFloat(want[l][i][j], 64)
						w.Set(i, j, v)
					}
				}
				check(l, g, w)
			}
		})
	}
}

func denseOf(v *mat.VecDense) *mat.Dense {
	return mat.NewDense(v.Len(), 1, v.RawVector().Data)
}

func flatten(a [][]float64) []float64 {
	var out []float64
	for _, r := range a {
		out = append(out, r...)
	}
	return out
}
