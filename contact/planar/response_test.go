package planar_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
	contact "github.com/tumble-physics/tumble/contact/planar"
)

// Impulses are the λ of the last step's solve, one per contact of Contacts, and nil after a
// step without contacts (never a stale solve's). Under the LCP response each is ≥ 0 and
// complementary to its contact's separating velocity; once the dropped box rests on the
// floor, the impulses of a step carry its weight: Σλ = M g dt.
func TestImpulses(t *testing.T) {
	scene, err := fosssim.Load("../../data/scenes2d/contact_lcp.xml")
	if err != nil {
		t.Fatal(err)
	}
	sys, err := scene.System(contact.NewResponse)
	if err != nil {
		t.Fatal(err)
	}
	r := sys.Response.(*contact.Response)
	var solved []float64
	r.Observe = func(rec *contact.Record) { solved = append(solved[:0], rec.Problem.Lambda...) }
	with := 0
	for range scene.Steps() {
		solved = solved[:0]
		run(t, sys, 1)
		got := r.Impulses()
		if !slices.Equal(got, solved) || len(got) != len(r.Contacts()) {
			t.Fatalf("step %d: Impulses %v, want the solve's %v for %d contacts", sys.Steps, got, solved, len(r.Contacts()))
		}
		if len(got) == 0 {
			continue
		}
		with++
		sum := 0.0
		for k, c := range r.Contacts() {
			j0, j1 := contact.Column(sys.Bodies, &c)
			v := 0.0
			for a := range contact.DOF {
				b0, b1 := &sys.Bodies[c.I0], &sys.Bodies[c.I1]
				q0 := [3]float64{b0.V[0], b0.V[1], b0.Omega}
				q1 := [3]float64{b1.V[0], b1.V[1], b1.Omega}
				v += j0[a]*q0[a] + j1[a]*q1[a]
			}
			if got[k] < 0 || v < -1e-9 || math.Abs(got[k]*v) > 1e-9 {
				t.Errorf("step %d contact %d: λ %g, separating velocity %g: want λ ≥ 0, v ≥ 0, λ v = 0", sys.Steps, k, got[k], v)
			}
			sum += got[k]
		}
		if sys.Steps == scene.Steps() {
			box := sys.Bodies[1]
			if weight := box.M * 9.81 * sys.Dt; math.Abs(sum-weight) > 1e-9*weight {
				t.Errorf("resting box: Σλ = %.12g N s, want M g dt = %.12g", sum, weight)
			}
		}
	}
	if with < 10 {
		t.Errorf("%d steps with contacts: the box should land and rest", with)
	}
}

// Responses names the scene and the collision handling's line in every warning.
func TestResponsesWarn(t *testing.T) {
	src := `<scene>
  <duration time="0.01"/>
  <rigidbodyintegrator type="symplectic-euler" dt="0.01"/>
  <rigidbodycollisionhandling detection="all-pairs" response="lcp"/>
  <rigidbodyvertex x="0" y="0" m="1"/>
  <rigidbodyvertex x="1" y="0" m="1"/>
  <rigidbodyvertex x="0.5" y="0.05" m="1"/>
  <rigidbodyvertex x="1.5" y="0.05" m="1"/>
  <rigidbody p="0" p="1" vx="0" vy="0" omega="0" r="0.1" fixed="1"/>
  <rigidbody p="2" p="3" vx="0" vy="0" omega="0" r="0.1" fixed="1"/>
</scene>`
	scene, err := fosssim.Parse(strings.NewReader(src), "fixed.xml")
	if err != nil {
		t.Fatal(err)
	}
	var warnings []string
	sys, err := scene.System(contact.Responses(scene.Name, func(msg string) { warnings = append(warnings, msg) }))
	if err != nil {
		t.Fatal(err)
	}
	run(t, sys, 1)
	if len(warnings) != 1 || !strings.HasPrefix(warnings[0], "fixed.xml:4: lcp response: contacts between two fixed bodies") {
		t.Errorf("warnings %q, want one naming fixed.xml:4 and the lcp response", warnings)
	}
	if _, err := scene.System(contact.Responses(scene.Name, nil)); err != nil {
		t.Errorf("without warn: %v", err)
	}
}
