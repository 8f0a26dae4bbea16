package planar_test

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/body/planar/regress"
	contact "github.com/tumble-physics/tumble/contact/planar"
)

var update = flag.Bool("update", false, "rewrite the reference trajectories of data/scenes2d/contact_*.xml")

// projectScenes returns the project's own contact scenes.
func projectScenes(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join("..", "..", "data", "scenes2d", "contact_*.xml"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenes data/scenes2d/contact_*.xml: %v", err)
	}
	return files
}

// TestProjectScenes grades the project's contact scenes (one per response) against their
// committed reference trajectories the way `tumble 2d regress` does (go test -update
// rewrites them), and checks their physics: the generalized-reflection scenes keep their
// kinetic energy to 1e-12 (no gravity; every impact is elastic). What each scene's
// description says of it, TestBuiltInScenesDoWhatTheySay checks.
func TestProjectScenes(t *testing.T) {
	for _, f := range projectScenes(t) {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".xml"), func(t *testing.T) {
			scene, err := fosssim.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			if *update {
				var buf bytes.Buffer
				if err := regress.Record(scene, contact.NewResponse, &buf); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(regress.RefPath(f), buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			ref, err := os.Open(regress.RefPath(f))
			if err != nil {
				t.Fatalf("no reference (go test -update writes it): %v", err)
			}
			defer ref.Close()
			res, err := regress.Grade(scene, contact.NewResponse, ref)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Pass() {
				t.Errorf("regress: %+v", res)
			}
			if !strings.HasPrefix(scene.Collision.Response, "gr-") {
				return
			}
			_, sys, _ := load(t, f)
			e0 := kinetic(sys.Bodies)
			run(t, sys, scene.Steps())
			if e := kinetic(sys.Bodies); math.Abs(e-e0) > 1e-12 {
				t.Errorf("kinetic energy %.17g -> %.17g", e0, e)
			}
		})
	}
}

// TestStepAllocatesNothing: a step allocates nothing once warmed up: detection, the problem and every response reuse
// their storage (a resting pyramid, each response in turn).
func TestStepAllocatesNothing(t *testing.T) {
	f := filepath.Join("..", "..", "data", "scenes2d", "contact_pgs_pyramid.xml")
	for _, name := range fosssim.Responses {
		_, sys, r := load(t, f)
		other, err := contact.New(fosssim.CollisionHandling{Response: name, Iterations: 10})
		if err != nil {
			t.Fatal(err)
		}
		r.Solver = other.Solver
		run(t, sys, 200)
		if n := testing.AllocsPerRun(20, func() { run(t, sys, 1) }); n != 0 {
			t.Errorf("%s: %g allocations per step", name, n)
		}
	}
}
