package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/body/planar/trajectory"
	"github.com/tumble-physics/tumble/data"
)

// copyScenes writes the embedded project scenes (and references) into a temporary folder.
func copyScenes(t *testing.T, names ...string) string {
	dir := t.TempDir()
	for _, n := range names {
		b, err := data.Scenes2D.ReadFile("scenes2d/" + n)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func tumble(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestTwoDHelp(t *testing.T) {
	code, out, _ := tumble("2d", "--help")
	if code != 0 || !strings.Contains(out, "regress") || !strings.Contains(out, "render") {
		t.Errorf("2d --help: %d\n%s", code, out)
	}
	for _, sub := range []string{"run", "regress", "render"} {
		if code, out, _ := tumble("2d", sub, "--help"); code != 0 || !strings.Contains(out, "usage: tumble 2d "+sub) {
			t.Errorf("2d %s --help: %d\n%s", sub, code, out)
		}
	}
}

func TestTwoDRunWritesOutputs(t *testing.T) {
	dir := copyScenes(t, "springs_under_gravity.xml")
	scene := filepath.Join(dir, "springs_under_gravity.xml")
	bin, csv := filepath.Join(dir, "out.bin"), filepath.Join(dir, "out.csv")
	if code, _, errOut := tumble("2d", "run", scene, "-o", bin, "--csv", csv, "--every", "50"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	info, err := os.Stat(bin)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(8 * trajectory.Len(3, 200)); info.Size() != want {
		t.Errorf("binary file %d bytes, want %d (3 bodies, 200 steps)", info.Size(), want)
	}
	// The binary file is the committed reference byte for byte.
	ref, _ := data.Scenes2D.ReadFile("scenes2d/springs_under_gravity.ref.bin")
	if got, _ := os.ReadFile(bin); !bytes.Equal(got, ref) {
		t.Error("run -o differs from the committed reference")
	}
	text, _ := os.ReadFile(csv)
	if rows := strings.Count(string(text), "\n"); rows != 1+3*5 { // header + 3 bodies × steps 0, 50, …, 200
		t.Errorf("%d CSV lines:\n%s", rows, text)
	}
	code, out, _ := tumble("2d", "run", "--json", "--every", "100", scene)
	if code != 0 || !strings.HasPrefix(out, `{"scene":`) || strings.Count(out, `"step":`) != 3 {
		t.Errorf("--json: %d\n%s", code, out)
	}
}

// A scene asking for collisions runs with them, and --dump prints its first contact solve.
func TestTwoDRunContactScene(t *testing.T) {
	dir := copyScenes(t, "contact_lcp.xml")
	scene := filepath.Join(dir, "contact_lcp.xml")
	code, out, errOut := tumble("2d", "run", "--dump", "0", scene)
	if code != 0 || !strings.Contains(out, "A = Nᵀ M⁻¹ N =") || !strings.Contains(out, "q̇⁺ =") {
		t.Errorf("exit %d, stderr %q, stdout:\n%s", code, errOut, out)
	}
}

func TestTwoDRegress(t *testing.T) {
	dir := copyScenes(t, "drift_and_spin.xml", "wind_on_shapes.xml", "contact_pgs.xml")
	if code, out, errOut := tumble("2d", "regress", "--update", dir); code != 0 {
		t.Fatalf("--update: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ := tumble("2d", "regress", "--jobs", "2", dir)
	if code != 0 || strings.Count(out, "pass") != 3 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	// A reference from another scene fails the grade.
	wind, _ := os.ReadFile(filepath.Join(dir, "wind_on_shapes.ref.bin"))
	if err := os.WriteFile(filepath.Join(dir, "drift_and_spin.ref.bin"), wind, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = tumble("2d", "regress", dir)
	if code != 1 || !strings.Contains(out, "1 of 3 scenes failed") {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, out, _ = tumble("2d", "regress", filepath.Join(dir, "wind_on_shapes.xml"))
	if code != 0 || !strings.Contains(out, "pass") {
		t.Errorf("single file: exit %d\n%s", code, out)
	}
}

func TestTwoDRender(t *testing.T) {
	dir := copyScenes(t, "drift_and_spin.xml")
	scene := filepath.Join(dir, "drift_and_spin.xml")
	out := func(name string) string { return filepath.Join(dir, name) }
	for _, f := range []string{"a.png", "a.svg", "a.gif"} {
		if code, _, errOut := tumble("2d", "render", scene, "--out", out(f), "--size", "128", "--frames", "6"); code != 0 {
			t.Fatalf("%s: exit %d %s", f, code, errOut)
		}
	}
	pf, _ := os.Open(out("a.png"))
	img, err := png.Decode(pf)
	pf.Close()
	if err != nil {
		t.Fatal(err)
	}
	// Viewport centre (1, 0.5), half-size 3: the pentagon's centre of mass (≈ 0.68, 0.47)
	// is near the middle; the corner is background.
	if r, g, b, _ := img.At(57, 65).RGBA(); r>>8 != 204 || g>>8 != 102 || b>>8 != 26 {
		t.Errorf("pentagon pixel (%d, %d, %d), want its colour (204, 102, 26)", r>>8, g>>8, b>>8)
	}
	if r, g, b, _ := img.At(1, 1).RGBA(); r>>8 != 242 || g>>8 != 242 || b>>8 != 230 {
		t.Errorf("corner pixel (%d, %d, %d), want the background (242, 242, 230)", r>>8, g>>8, b>>8)
	}
	svg, _ := os.ReadFile(out("a.svg"))
	if !strings.Contains(string(svg), "<polygon") || !strings.Contains(string(svg), "<polyline") || !strings.Contains(string(svg), "url(#hatch1)") {
		t.Errorf("svg lacks the pentagon, the bar or the fixed bar's hatching:\n%s", svg)
	}
	gf, _ := os.Open(out("a.gif"))
	anim, err := gif.DecodeAll(gf)
	gf.Close()
	if err != nil || len(anim.Image) != 6 || anim.Delay[0] != 20 {
		t.Errorf("gif: %v, %d frames, delay %v (want 6 frames 0.2 s apart)", err, len(anim.Image), anim.Delay)
	}
	if code, _, _ := tumble("2d", "render", scene, "--out", out("a.jpg")); code != 1 {
		t.Errorf("render to .jpg: exit %d, want 1", code)
	}
}
