package regress_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"io/fs"
	"math"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/body/planar/regress"
	"github.com/tumble-physics/tumble/body/planar/trajectory"
	"github.com/tumble-physics/tumble/data"
)

var update = flag.Bool("update", false, "rewrite the references of data/scenes2d")

// dataScenes returns the embedded scenes, parsed.
func dataScenes(t *testing.T) []*fosssim.Scene {
	names, err := fs.Glob(data.Scenes2D, "scenes2d/*.xml")
	if err != nil || len(names) == 0 {
		t.Fatalf("no embedded scenes: %v", err)
	}
	var out []*fosssim.Scene
	for _, n := range names {
		text, err := data.Scenes2D.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		s, err := fosssim.Parse(bytes.NewReader(text), n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// Every project scene matches its committed reference: the step-by-step grade, the stored
// quantities and the free run. (Run with -update to rewrite the references.)
func TestDataScenesMatchReferences(t *testing.T) {
	for _, s := range dataScenes(t) {
		t.Run(path.Base(s.Name), func(t *testing.T) {
			if _, err := s.System(nil); errors.Is(err, fosssim.ErrNoContact) {
				t.Skipf("%v", err)
			}
			if *update {
				var buf bytes.Buffer
				if err := regress.Record(s, nil, &buf); err != nil {
					t.Fatal(err)
				}
				dst := filepath.Join("..", "..", "..", "data", regress.RefPath(s.Name))
				if err := os.WriteFile(dst, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ref, err := data.Scenes2D.ReadFile(regress.RefPath(s.Name))
			if err != nil && *update {
				t.Skip("reference written; rebuild to embed it")
			}
			if err != nil {
				t.Fatal(err)
			}
			r, err := regress.Grade(s, nil, bytes.NewReader(ref))
			if err != nil {
				t.Fatal(err)
			}
			if !r.Pass() || r.Steps != s.Steps() {
				t.Errorf("%+v", r)
			}
		})
	}
}

// The grade notices a wrong step, a wrong stored quantity and a reference of another length.
func TestGradeDetectsDifferences(t *testing.T) {
	var s *fosssim.Scene
	for _, c := range dataScenes(t) {
		if strings.HasSuffix(c.Name, "springs_under_gravity.xml") {
			s = c
		}
	}
	var buf bytes.Buffer
	if err := regress.Record(s, nil, &buf); err != nil {
		t.Fatal(err)
	}
	n := len(s.Bodies)
	head := 4*n + trajectory.StateLen(n) + trajectory.QuantitiesLen(n) // floats before step 1
	rec := trajectory.StateLen(n) + trajectory.QuantitiesLen(n)
	perturb := func(at int, by float64) []byte {
		b := bytes.Clone(buf.Bytes())
		v := math.Float64frombits(binary.LittleEndian.Uint64(b[8*at:]))
		binary.LittleEndian.PutUint64(b[8*at:], math.Float64bits(v+by))
		return b
	}
	for _, c := range []struct {
		name  string
		data  []byte
		check func(regress.Result) bool
	}{
		// θ of body 0 after step 50 off by 1e-7: the step into it and the step out of it
		// both miss by about that much.
		{"theta", perturb(head+49*rec+2, 1e-7), func(r regress.Result) bool {
			return r.MaxStep.Theta > 5e-8 && r.MaxStep.Theta < 2e-7 && !r.Pass()
		}},
		// U after step 10 off by 1e-7: only the quantities fail.
		{"potential", perturb(head+9*rec+trajectory.StateLen(n)+6*n, 1e-7), func(r regress.Result) bool {
			return r.Quantities > 5e-8 && r.MaxStep.Max() == 0 && !r.Pass()
		}},
		// a velocity off by 1e-9 at step 100 passes the step tolerance (1e-8).
		{"small", perturb(head+99*rec+3, 1e-9), func(r regress.Result) bool {
			return r.MaxStep.V > 0 && r.Pass()
		}},
	} {
		r, err := regress.Grade(s, nil, bytes.NewReader(c.data))
		if err != nil {
			t.Fatal(err)
		}
		if !c.check(r) {
			t.Errorf("%s: %+v", c.name, r)
		}
	}
	if _, err := regress.Grade(s, nil, bytes.NewReader(buf.Bytes()[:8*(len(buf.Bytes())/8-rec)])); err == nil {
		t.Error("a reference one step short graded")
	}
}
