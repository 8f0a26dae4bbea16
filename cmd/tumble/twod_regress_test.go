package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A scene without a reference still runs to its end, and is reported as "no reference",
// apart from the failures: the seesaw's run shows it, by the warning its contacts between
// two fixed bodies give during the run, once, naming the scene file and line.
func TestTwoDRegressWithoutReference(t *testing.T) {
	dir := copyScenes(t, "contact_velocity_projection_seesaw.xml", "drift_and_spin.xml", "drift_and_spin.ref.bin")
	code, out, errOut := runTumble("2d", "regress", dir)
	seesaw := filepath.Join(dir, "contact_velocity_projection_seesaw.xml")
	if code != 0 || !regexp.MustCompile(`seesaw\.xml +1000 +- +- +- +- +no reference`).MatchString(out) ||
		!strings.Contains(out, "drift_and_spin.xml") || strings.Count(out, "pass") != 1 ||
		!strings.Contains(out, "1 of 2 scenes have no reference and ran ungraded") || strings.Contains(out, "failed") {
		t.Errorf("exit %d; want 0, one pass and one scene without a reference:\n%s", code, out)
	}
	warning := "tumble 2d regress: warning: " + seesaw + ":13: velocity-projection response: contacts between two fixed bodies are skipped"
	if strings.Count(errOut, warning) != 1 || strings.Count(errOut, "\n") != 1 {
		t.Errorf("stderr %q; want the one warning %q", errOut, warning)
	}

	// A scene that cannot be read is a failure; the others still run.
	if err := os.WriteFile(filepath.Join(dir, "broken.xml"), []byte("<scene>\n<duration time=\"x\"/>\n</scene>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = runTumble("2d", "regress", dir)
	if code != 1 || !regexp.MustCompile(`broken\.xml +0 +- +- +- +- +ERROR`).MatchString(out) || !strings.Contains(out, "1 of 3 scenes failed") ||
		!strings.Contains(out, "1 of 3 scenes have no reference") || !strings.Contains(out, filepath.Join(dir, "broken.xml")+":2:") {
		t.Errorf("exit %d; want 1, the broken scene's error with its line, and the rest graded:\n%s", code, out)
	}
}

// --ref DIR grades against references kept elsewhere, at each scene's path below its
// argument: binary trajectories written by a run's -o (the way the course's own outputs
// are kept) or .ref.bin files written by --update --ref.
func TestTwoDRegressRefDir(t *testing.T) {
	scenes := copyScenes(t, "drift_and_spin.xml", "wind_on_shapes.xml")
	sub := filepath.Join(scenes, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(scenes, "wind_on_shapes.xml"), filepath.Join(sub, "wind_on_shapes.xml")); err != nil {
		t.Fatal(err)
	}
	refs := t.TempDir()
	if err := os.Mkdir(filepath.Join(refs, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range []struct{ scene, out string }{
		{filepath.Join(scenes, "drift_and_spin.xml"), filepath.Join(refs, "drift_and_spin.bin")},
		{filepath.Join(sub, "wind_on_shapes.xml"), filepath.Join(refs, "sub", "wind_on_shapes.bin")},
	} {
		if code, _, errOut := runTumble("2d", "run", "-o", s.out, s.scene); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
	}
	code, out, errOut := runTumble("2d", "regress", "--ref", refs, scenes)
	if code != 0 || strings.Count(out, "pass") != 2 {
		t.Errorf("--ref with -o outputs: exit %d\n%s%s", code, out, errOut)
	}
	// Beside the scenes there is nothing to grade against.
	if code, out, _ := runTumble("2d", "regress", scenes); code != 0 || len(regexp.MustCompile(`no reference *\n`).FindAllString(out, -1)) != 2 {
		t.Errorf("without --ref: exit %d\n%s", code, out)
	}
	// A file argument's reference is its name in DIR.
	if code, out, _ := runTumble("2d", "regress", "--ref", refs, filepath.Join(scenes, "drift_and_spin.xml")); code != 0 || !strings.Contains(out, "pass") {
		t.Errorf("a file with --ref: exit %d\n%s", code, out)
	}
	// A reference of the wrong scene fails.
	wind, _ := os.ReadFile(filepath.Join(refs, "sub", "wind_on_shapes.bin"))
	if err := os.WriteFile(filepath.Join(refs, "drift_and_spin.bin"), wind, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runTumble("2d", "regress", "--ref", refs, scenes); code != 1 || !strings.Contains(out, "1 of 2 scenes failed") {
		t.Errorf("a wrong reference: exit %d\n%s", code, out)
	}
	// --update --ref writes .ref.bin files into DIR, which win over .bin ones.
	updated := t.TempDir()
	if code, out, errOut := runTumble("2d", "regress", "--update", "--ref", updated, scenes); code != 0 {
		t.Fatalf("--update --ref: exit %d\n%s%s", code, out, errOut)
	}
	for _, f := range []string{"drift_and_spin.ref.bin", filepath.Join("sub", "wind_on_shapes.ref.bin")} {
		got, err := os.ReadFile(filepath.Join(updated, f))
		if err != nil || len(got) == 0 {
			t.Errorf("--update --ref wrote no %s: %v", f, err)
		}
	}
	if code, out, _ := runTumble("2d", "regress", "--ref", updated, scenes); code != 0 || strings.Count(out, "pass") != 2 {
		t.Errorf("--ref after --update: exit %d\n%s", code, out)
	}
	if code, _, errOut := runTumble("2d", "regress", "--ref", filepath.Join(refs, "none"), scenes); code != 1 || !strings.Contains(errOut, "not a directory") {
		t.Errorf("--ref to nothing: exit %d, %q", code, errOut)
	}
}

// Built-in 2D scenes are graded by name against the references built in beside them; their
// references cannot be rewritten in the binary.
func TestTwoDRegressBuiltinNames(t *testing.T) {
	code, out, errOut := runTumble("2d", "regress", "drift_and_spin", "contact_lcp")
	if code != 0 || strings.Count(out, "pass") != 2 {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = runTumble("2d", "regress", "--update", "drift_and_spin")
	if code != 1 || !strings.Contains(out, "drift_and_spin is built in") {
		t.Errorf("--update of a built-in: exit %d\n%s", code, out)
	}
}

// On a terminal a message clears the status line, takes a line of its own, and the status is
// drawn again after it: no message is glued to the progress.
func TestStatusLineKeepsMessagesApart(t *testing.T) {
	var buf bytes.Buffer
	s := &statusLine{w: &buf, term: true}
	s.Set("[1/3] a.xml")
	s.Write([]byte("warning: a.xml:7: something\n"))
	s.Set("[2/3] b.xml")
	s.Clear()
	want := "\r\033[K[1/3] a.xml" + "\r\033[K" + "warning: a.xml:7: something\n" + "[1/3] a.xml" + "\r\033[K[2/3] b.xml" + "\r\033[K"
	if buf.String() != want {
		t.Errorf("terminal output %q, want %q", buf.String(), want)
	}
	buf.Reset()
	s = newStatusLine(&buf) // not a terminal: messages only
	s.Set("[1/3] a.xml")
	s.Write([]byte("warning\n"))
	s.Clear()
	if buf.String() != "warning\n" {
		t.Errorf("output to a file %q, want the message alone", buf.String())
	}
}
