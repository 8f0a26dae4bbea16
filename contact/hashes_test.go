package contact_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// The final states of the scenes that exercise every detector, as hashes (stateHash) kept in
// testdata/hashes.golden: a change that is meant to be a pure speed-up (the narrow phase's
// early outs, docs/contact.md "Narrow phase speed") must leave every bit of them as it was.
// A change that is meant to change the physics refreshes the file with
// `go test ./contact -run TestStateHashes -update` and says so in its commit. Every build
// gives these hashes, whether its compiler fuses multiply–adds or not
// (TestSameStateOnEveryBuild runs this test in a GOAMD64=v3 build).
func TestStateHashes(t *testing.T) {
	var got strings.Builder
	for _, c := range []struct {
		scene string
		steps int
	}{{"pile1000", 150}, {"pyramid20", 120}, {"tower40", 240}, {"tori50", 60}} {
		_, w := loadWorld(t, c.scene)
		for range c.steps {
			mustStep(t, w)
		}
		fmt.Fprintf(&got, "%s %d %016x\n", c.scene, c.steps, stateHash(w))
	}
	const golden = "testdata/hashes.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(got.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got.String() != string(want) {
		t.Errorf("final states changed:\n got\n%s want\n%s", got.String(), want)
	}
}
