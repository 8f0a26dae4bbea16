package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// boxLine is one box's line of the report.
type boxLine struct {
	hit           bool
	moved, height float64
}

// report runs fling and returns its box lines and last line.
func report(t *testing.T, speed float64) ([]boxLine, string) {
	t.Helper()
	var out strings.Builder
	if err := fling(&out, speed, 30); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 6 {
		t.Fatalf("report of %d lines:\n%s", len(lines), out.String())
	}
	var boxes []boxLine
	for _, l := range lines[1:5] {
		var b boxLine
		_, rest, _ := strings.Cut(l, ": ")
		b.hit = strings.HasPrefix(rest, "hit at")
		_, rest, _ = strings.Cut(rest, "moved ")
		if _, err := fmt.Sscanf(rest, "%g m, now at height %g m", &b.moved, &b.height); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		boxes = append(boxes, b)
	}
	return boxes, lines[5]
}

// Flung at 8 m/s, the torus hits the stack and brings it down: every box is touched, the top
// one ends below 1 m, and everything rests within 30 s (the torus rolls on its rim like a
// coin for most of that). At rest, it hits nothing.
func TestFling(t *testing.T) {
	boxes, last := report(t, 8)
	for k, b := range boxes {
		if !b.hit {
			t.Errorf("box %d was not hit", k+1)
		}
	}
	if top := boxes[3]; top.height > 1 || top.moved < 2.5 {
		t.Errorf("the top box moved %.2f m and rests at %.2f m: the stack stood", top.moved, top.height)
	}
	if !strings.HasPrefix(last, "everything at rest after") {
		t.Errorf("last line %q", last)
	}
	boxes, _ = report(t, 0)
	for k, b := range boxes {
		if b.hit || b.moved > 0.005 {
			t.Errorf("not flung: box %d hit %v, moved %.3f m", k+1, b.hit, b.moved)
		}
	}
}

// docs/tutorial.md shows the report at 8 m/s as the program prints it: its first two lines
// and its last, the others elided.
func TestTutorialShowsTheReport(t *testing.T) {
	tutorial, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "tutorial.md"))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := fling(&out, 8, 30); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := "```\n" + lines[0] + "\n" + lines[1] + "\n…\n" + lines[len(lines)-1] + "\n```"
	if !strings.Contains(string(tutorial), want) {
		t.Errorf("docs/tutorial.md does not show the report as fling prints it:\n%s", want)
	}
}
