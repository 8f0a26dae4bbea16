package planar_test

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	rigid "github.com/tumble-physics/tumble/body/planar"
)

// goldenPath holds the final state of every course contact scene, as Tumble computes it.
const goldenPath = "testdata/course_final_states.json"

// chaotic are the course scenes whose final state a platform that fuses multiply–adds may
// move by more than 1e-9 (scattering blocks, the shuriken): they are held to 1e-6.
var chaotic = map[string]bool{"velocityprojection/test04": true, "velocityprojection/test07": true, "velocityprojection/test08": true}

// readGolden returns the committed final states (nil with -update).
func readGolden(t *testing.T) map[string][]rigid.State {
	if *update {
		return nil
	}
	b, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	var want map[string][]rigid.State
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	return want
}

// writeGolden writes the final states.
func writeGolden(t *testing.T, got map[string][]rigid.State) {
	b, err := json.MarshalIndent(got, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(goldenPath), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(goldenPath, append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkGolden compares a scene's final state with the golden one: bit for bit on one
// machine, within 1e-9 (1e-6 for the chaotic scenes) to leave room for other platforms.
func checkGolden(t *testing.T, name string, states, want []rigid.State) {
	if len(want) != len(states) {
		t.Errorf("no golden state for %d bodies (go test -update writes it)", len(states))
		return
	}
	tol := 1e-9
	if chaotic[name] {
		tol = 1e-6
	}
	worst := 0.0
	for i, s := range states {
		w := want[i]
		worst = max(worst, math.Abs(s.X[0]-w.X[0]), math.Abs(s.X[1]-w.X[1]), math.Abs(s.Theta-w.Theta),
			math.Abs(s.V[0]-w.V[0]), math.Abs(s.V[1]-w.V[1]), math.Abs(s.Omega-w.Omega))
	}
	if !(worst <= tol) {
		t.Errorf("final state differs from the golden one (%s) by %.3g", goldenPath, worst)
	}
}
