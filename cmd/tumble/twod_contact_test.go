package main

import (
	"fmt"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// --dump prints the first contact solve: the spinning box of contact_lcp (four unit masses,
// M = 4) landing on one corner on the fixed floor; a step with no contact after it,
// or a scene without contact, is an error.
func TestTwoDRunDump(t *testing.T) {
	dir := copyScenes(t, "contact_lcp.xml", "drift_and_spin.xml")
	scene := filepath.Join(dir, "contact_lcp.xml")
	code, out, errOut := tumble("2d", "run", "--dump", "0", scene)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"step 42 (t = 0.42 s): 1 contact, lcp response", "A = Nᵀ M⁻¹ N =", "b = Nᵀ q̇⁻ =", "M =\n⎡4  0", "−M q̇⁻ =", "N =", "λ =", "q̇⁺ ="} {
		if !strings.Contains(out, want) {
			t.Errorf("--dump output lacks %q:\n%s", want, out)
		}
	}
	// The contact list: the corner on the floor's surface (y = 0 + r = 0.05 m, less half the
	// penetration), the normal up from the floor to the box, and the λ of the matrix above.
	var i0, i1 int
	var x, y, nx, ny, lambda float64
	_, list, _ := strings.Cut(out, "contacts: bodies i0 i1, point x y (m), normal from i0 to i1, λ (N s) =\n")
	if n, err := fmt.Sscanf(list, "0: %d %d %g %g %g %g %g", &i0, &i1, &x, &y, &nx, &ny, &lambda); n != 7 {
		t.Errorf("--dump's contact list %q: %v", list, err)
	} else if i0 != 0 || i1 != 1 || math.Abs(y-0.05) > 0.02 || math.Abs(nx) > 1e-12 || ny != 1 || lambda != 11.89345778 {
		t.Errorf("contact 0: bodies %d %d, point (%g, %g), normal (%g, %g), λ %g: want 0 1, on the floor, up, λ 11.89345778", i0, i1, x, y, nx, ny, lambda)
	}
	if code, _, errOut := tumble("2d", "run", "--dump", "1000", scene); code != 1 || !strings.Contains(errOut, "no step from 1000 on had contacts") {
		t.Errorf("--dump past the end: exit %d, %s", code, errOut)
	}
	if code, _, errOut := tumble("2d", "run", "--dump", "0", filepath.Join(dir, "drift_and_spin.xml")); code != 1 || !strings.Contains(errOut, "no <rigidbodycollisionhandling>") {
		t.Errorf("--dump without contact: exit %d, %s", code, errOut)
	}
}

// --contacts draws red contact marks where the box rests on the floor; without it there
// are none.
func TestTwoDRenderContacts(t *testing.T) {
	dir := copyScenes(t, "contact_lcp.xml")
	scene := filepath.Join(dir, "contact_lcp.xml")
	red := func(args ...string) int {
		out := filepath.Join(dir, "a.png")
		if code, _, errOut := tumble(append([]string{"2d", "render", scene, "--out", out, "--size", "128", "--time", "1"}, args...)...); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		f, _ := os.Open(out)
		defer f.Close()
		img, err := png.Decode(f)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		b := img.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				if r, g, bl, _ := img.At(x, y).RGBA(); r>>8 > 180 && g>>8 < 90 && bl>>8 < 90 {
					n++
				}
			}
		}
		return n
	}
	if n := red(); n != 0 {
		t.Errorf("%d red pixels without --contacts", n)
	}
	if n := red("--contacts"); n < 10 {
		t.Errorf("%d red pixels with --contacts, want the contact marks", n)
	}
	if code, _, errOut := tumble("2d", "render", scene, "--out", filepath.Join(dir, "a.gif"), "--size", "64", "--frames", "4", "--contacts"); code != 0 {
		t.Errorf("gif: exit %d: %s", code, errOut)
	}
}

// The project's contact scenes pass regress against their committed references.
func TestTwoDRegressContactScenes(t *testing.T) {
	names := []string{"contact_lcp", "contact_pgs", "contact_lcp_stack", "contact_velocity_projection_seesaw",
		"contact_gr_lcp_three_balls", "contact_gr_velocity_projection_pucks", "contact_pgs_pyramid"}
	var files []string
	for _, n := range names {
		files = append(files, n+".xml", n+".ref.bin")
	}
	dir := copyScenes(t, files...)
	code, out, errOut := tumble("2d", "regress", dir)
	if code != 0 || strings.Count(out, "pass") != len(names) {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
}
