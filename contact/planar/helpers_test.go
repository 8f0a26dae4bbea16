package planar_test

import (
	"math"
	"os"
	"path/filepath"
	"sort"
	"testing"

	rigid "github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	contact "github.com/tumble-physics/tumble/contact/planar"
)

// sharedDir returns ../shared/scenes2d/fosssim beside the repository root (or under
// $TUMBLE_SHARED), or skips the test with a message when it is absent.
func sharedDir(t testing.TB) string {
	t.Helper()
	shared := os.Getenv("TUMBLE_SHARED")
	if shared == "" {
		shared = filepath.Join("..", "..", "..", "shared") // the repository root is two levels up
	}
	dir := filepath.Join(shared, "scenes2d", "fosssim")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("FOSSSim scenes not found at %s (set TUMBLE_SHARED to the shared folder): %v", dir, err)
	}
	return dir
}

// glob returns the course scenes matching the patterns (relative to sharedDir), sorted.
func glob(t testing.TB, patterns ...string) []string {
	t.Helper()
	dir := sharedDir(t)
	var out []string
	for _, p := range patterns {
		m, _ := filepath.Glob(filepath.Join(dir, p))
		out = append(out, m...)
	}
	if len(out) == 0 {
		t.Skipf("no scenes match %v under %s", patterns, dir)
	}
	sort.Strings(out)
	return out
}

// contactScenes are every contact scene of the course and of the student copy.
var contactScenes = []string{"t3m2/lcp/*.xml", "t3m2/velocityprojection/*.xml",
	"t3m2_optional/gr_lcp/*.xml", "t3m2_optional/gr_velocityprojection/*.xml", "student_salepaun/t3m2/*.xml"}

// load parses a scene and returns it with a fresh system and its contact response.
func load(t testing.TB, path string) (*fosssim.Scene, *rigid.System, *contact.Response) {
	t.Helper()
	scene, err := fosssim.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	sys, err := scene.System(contact.NewResponse)
	if err != nil {
		t.Fatal(err)
	}
	r, ok := sys.Response.(*contact.Response)
	if !ok {
		t.Fatalf("%s: no contact response", path)
	}
	return scene, sys, r
}

// run steps sys n times, failing the test on an error.
func run(t testing.TB, sys *rigid.System, n int) {
	t.Helper()
	for range n {
		if err := sys.Step(); err != nil {
			t.Fatal(err)
		}
	}
}

// momenta returns the total linear momentum and the total angular momentum about the origin
// of the free bodies.
func momenta(bodies []rigid.Body) (p [2]float64, l float64) {
	for i := range bodies {
		b := &bodies[i]
		if b.Fixed {
			continue
		}
		p[0] += b.M * b.V[0]
		p[1] += b.M * b.V[1]
		l += b.M*rigid.Cross(b.X, b.V) + b.I*b.Omega
	}
	return p, l
}

// kinetic returns the kinetic energy of the free bodies.
func kinetic(bodies []rigid.Body) float64 {
	e := 0.0
	for i := range bodies {
		if b := &bodies[i]; !b.Fixed {
			e += 0.5*b.M*(b.V[0]*b.V[0]+b.V[1]*b.V[1]) + 0.5*b.I*b.Omega*b.Omega
		}
	}
	return e
}

func finiteState(bodies []rigid.Body) bool {
	for i := range bodies {
		s := bodies[i].State()
		for _, v := range []float64{s.X[0], s.X[1], s.Theta, s.V[0], s.V[1], s.Omega} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return false
			}
		}
	}
	return true
}

// contactHandling returns the collision handling element of a response (10 PGS sweeps).
func contactHandling(response string) fosssim.CollisionHandling {
	return fosssim.CollisionHandling{Detection: "all-pairs", Response: response, Iterations: fosssim.DefaultPGSIterations}
}
