package contact_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// statesFileEnv names the file a build of this test writes its final states to, instead of
// comparing builds: set, the test is the child that TestSameStateOnEveryBuild runs.
const statesFileEnv = "TUMBLE_STATES_FILE"

// buildRuns are the scenes whose final states every build must reproduce bit for bit: a stack
// of boxes, non-convex tori on the signed distance fields, a hanging chain of links, and a
// T-handle spun three times as fast as its scene says (30 rad/s, a quarter radian a step:
// the rotations' sines and cosines). 300 steps are 5 s of simulation, enough for one
// rounding of difference in a fused multiply–add to grow to centimetres.
var buildRuns = []struct {
	scene string
	steps int
	spin  float64 // factor on the bodies' initial angular velocities
}{{"pyramid20", 300, 1}, {"tori50", 300, 1}, {"chain", 300, 1}, {"dzhanibekov", 300, 3}}

// buildState is the final state of one run: its hash (stateHash) and, to say how far apart
// two builds ended, every body's centre of mass and rotation.
type buildState struct {
	Scene string
	Hash  string
	P     []mgl64.Vec3
	R     []mgl64.Mat3
}

// The same source gives the same bits whether or not the compiler fuses multiply–adds: the
// test is built as the default amd64 (GOAMD64=v1, which never fuses) and as GOAMD64=v3
// (AVX2 and FMA, which fuses x*y + z wherever the source lets it) optimized with the tumble
// command's profile (cmd/tumble/default.pgo, which inlines the solver's hot calls, and
// with them their products into their callers' sums), both builds run the scenes of
// buildRuns, and their final states must hash alike. The fused build also runs
// TestStateHashes: it must reproduce testdata/hashes.golden, as the default build does.
func TestSameStateOnEveryBuild(t *testing.T) {
	if out := os.Getenv(statesFileEnv); out != "" {
		writeBuildStates(t, out)
		return
	}
	if runtime.GOARCH != "amd64" {
		t.Skipf("builds with and without fused multiply–add are compared on amd64 (GOAMD64=v1 and v3); this is %s", runtime.GOARCH)
	}
	if !cpuHasFMA() {
		t.Skip("this CPU lacks AVX2 or FMA: a GOAMD64=v3 build cannot run here")
	}
	gotool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command builds the two binaries: %v", err)
	}
	dir := t.TempDir()
	states := map[string][]buildState{}
	tests := map[string]string{"v1": "^TestSameStateOnEveryBuild$", "v3": "^(TestSameStateOnEveryBuild|TestStateHashes)$"}
	for _, level := range []string{"v1", "v3"} {
		bin := filepath.Join(dir, "contact."+level+".test")
		args := []string{"test", "-c", "-o", bin}
		if level == "v3" {
			args = append(args, "-pgo", filepath.Join("..", "cmd", "tumble", "default.pgo"))
		}
		build := exec.Command(gotool, append(args, ".")...)
		build.Env = append(os.Environ(), "GOAMD64="+level)
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("GOAMD64=%s go %s: %v\n%s", level, strings.Join(args, " "), err, out)
		}
		file := filepath.Join(dir, level+".json")
		run := exec.Command(bin, "-test.run", tests[level])
		run.Env = append(os.Environ(), statesFileEnv+"="+file)
		if out, err := run.CombinedOutput(); err != nil {
			t.Errorf("the GOAMD64=%s build: %v\n%s", level, err, out)
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var s []buildState
		if err := json.Unmarshal(src, &s); err != nil {
			t.Fatal(err)
		}
		states[level] = s
	}
	plain, fused := states["v1"], states["v3"]
	if len(plain) != len(buildRuns) || len(fused) != len(buildRuns) {
		t.Fatalf("the builds ran %d and %d scenes, want %d", len(plain), len(fused), len(buildRuns))
	}
	for i, r := range buildRuns {
		a, b := plain[i], fused[i]
		t.Logf("%s, %d steps: GOAMD64=v1 %s, v3 %s", r.scene, r.steps, a.Hash, b.Hash)
		if a.Hash != b.Hash {
			t.Errorf("%s: after %d steps the GOAMD64=v3 build's centres of mass are up to %.3g m from the default build's, its rotation matrices up to %.3g",
				r.scene, r.steps, farthest(a.P, b.P), farthest(a.R, b.R))
		}
	}
}

// writeBuildStates runs buildRuns in this build and writes their final states to file.
func writeBuildStates(t *testing.T, file string) {
	var states []buildState
	for _, r := range buildRuns {
		_, w := loadWorld(t, r.scene)
		for _, b := range w.Bodies {
			b.Omega = b.Omega.Mul(r.spin)
		}
		for range r.steps {
			mustStep(t, w)
		}
		s := buildState{Scene: r.scene, Hash: fmt.Sprintf("%016x", stateHash(w))}
		for _, b := range w.Bodies {
			s.P, s.R = append(s.P, b.P), append(s.R, b.R)
		}
		states = append(states, s)
	}
	src, err := json.Marshal(states)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		t.Fatal(err)
	}
}

// farthest returns the largest difference of a coordinate between corresponding vectors or
// matrices of a and b.
func farthest[T mgl64.Vec3 | mgl64.Mat3](a, b []T) float64 {
	d := 0.0
	for i := range min(len(a), len(b)) {
		x, y := a[i], b[i]
		for k := range len(x) {
			d = max(d, math.Abs(x[k]-y[k]))
		}
	}
	return d
}

// cpuHasFMA reports whether the CPU runs GOAMD64=v3 code, as far as Linux's /proc/cpuinfo
// tells: its flags include avx2 and fma. Elsewhere it assumes so, and a v3 build that
// cannot run fails the test with the Go runtime's own message.
func cpuHasFMA() bool {
	info, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return true
	}
	for line := range bytes.Lines(info) {
		if name, flags, ok := strings.Cut(string(line), ":"); ok && strings.TrimSpace(name) == "flags" {
			f := strings.Fields(flags)
			return slices.Contains(f, "avx2") && slices.Contains(f, "fma")
		}
	}
	return true
}
