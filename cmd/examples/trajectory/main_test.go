package main

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// The CSV holds a header and a row per step from t = 0; until it lands the ball flies as
// velocities-first Euler says, x_n = x0 + n h v0 + n(n+1)/2 h² g, and after the bounce it
// rises e² as high as it fell from (its centre 0.5 m above the floor at contact).
func TestTrajectory(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ball.csv")
	if err := run(path, 2, 0.7); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(string(text))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 122 || rows[0][0] != "t" || rows[0][6] != "vz" {
		t.Fatalf("%d rows, header %v: want a header and 121 rows (0 to 2 s)", len(rows), rows[0])
	}
	num := func(r, c int) float64 {
		x, err := strconv.ParseFloat(rows[r][c], 64)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	h, g := 1.0/60, -9.81
	var before, after float64 // the apexes' heights, m
	bounced := false
	for n := 0; n+1 < len(rows); n++ {
		y := num(n+1, 2)
		if !bounced && n > 0 && num(n, 5) < 0 && num(n+1, 5) > 0 {
			bounced = true
		}
		if bounced {
			after = max(after, y)
			continue
		}
		before = max(before, y)
		fn := float64(n)
		if want := 2 + fn*h*2 + fn*(fn+1)/2*h*h*g; math.Abs(y-want) > 1e-5 || math.Abs(num(n+1, 1)-1.5*fn*h) > 1e-5 {
			t.Fatalf("row %d: at (%s, %s), want (%g, %g) in free flight", n+1, rows[n+1][1], rows[n+1][2], 1.5*fn*h, want)
		}
	}
	ratio := (after - 0.5) / (before - 0.5)
	t.Logf("apex %.4f m before the bounce, %.4f m after: ratio %.4f", before, after, ratio)
	if !bounced || math.Abs(ratio-0.49) > 0.01 {
		t.Errorf("bounced %v; rose %.3f as high as it fell from, want e² = 0.49", bounced, ratio)
	}
}
