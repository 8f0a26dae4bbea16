package planar_test

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"path/filepath"
	"testing"
)

// The project's two scenes for the "pgs" response run to their ends in states whose hash
// is locked: the golden states hold them to 1e-9 for other platforms, this holds them to
// the bit, so that a change of the solver meant to be only faster (docs/contact.md, "Solver
// speed") shows if it moves a single bit. A change meant to change the trajectories
// updates the hashes with those the failure prints.
func TestPGSScenesLocked(t *testing.T) {
	for _, c := range []struct {
		scene string
		hash  uint64
	}{{"contact_pgs", 0xf43d561900386af4}, {"contact_pgs_pyramid", 0xe37d2c94191db5ab}} {
		t.Run(c.scene, func(t *testing.T) {
			scene, sys, _ := load(t, filepath.Join("..", "..", "data", "scenes2d", c.scene+".xml"))
			run(t, sys, scene.Steps())
			h := fnv.New64a()
			var buf [8]byte
			for _, b := range sys.Bodies {
				s := b.State()
				for _, x := range []float64{s.X[0], s.X[1], s.Theta, s.V[0], s.V[1], s.Omega} {
					binary.LittleEndian.PutUint64(buf[:], math.Float64bits(x))
					h.Write(buf[:])
				}
			}
			if got := h.Sum64(); got != c.hash {
				t.Errorf("%s: final state hash %#x, locked %#x", c.scene, got, c.hash)
			}
		})
	}
}
