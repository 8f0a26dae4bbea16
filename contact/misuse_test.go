package contact

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/pgs"
)

// A bad argument is refused at its call, with an error naming the call, the field and the
// range allowed, and changes nothing: the body keeps its state, no body is added.
func TestCallsRefuseBadArguments(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	other := floorOnly()
	stranger := create(t, other, builtinMesh(t, "cube"), mgl64.Vec3{0, 0.5, 0})
	for _, tc := range []struct {
		name string
		call func(w *World, id BodyID, b *body.Body) error
		want string
	}{
		{"SetVelocity NaN", func(w *World, id BodyID, _ *body.Body) error {
			return w.SetVelocity(id, mgl64.Vec3{nan, 0, 0}, mgl64.Vec3{})
		}, "SetVelocity: v = [NaN 0 0]: each component must be finite, within ±1e+10"},
		{"SetVelocity infinite ω", func(w *World, id BodyID, _ *body.Body) error {
			return w.SetVelocity(id, mgl64.Vec3{}, mgl64.Vec3{0, inf, 0})
		}, "SetVelocity: omega = [0 +Inf 0]: each component must be finite"},
		{"ApplyForce NaN", func(w *World, id BodyID, _ *body.Body) error {
			return w.ApplyForce(id, mgl64.Vec3{0, nan, 0}, mgl64.Vec3{})
		}, "ApplyForce: force = [0 NaN 0]"},
		{"ApplyForce at NaN", func(w *World, id BodyID, _ *body.Body) error {
			return w.ApplyForce(id, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{nan, 0, 0})
		}, "ApplyForce: at = [NaN 0 0]"},
		{"ApplyTorque 1e30", func(w *World, id BodyID, _ *body.Body) error {
			return w.ApplyTorque(id, mgl64.Vec3{0, 0, 1e30})
		}, "ApplyTorque: torque = [0 0 1e+30]: each component must be finite, within ±1e+10"},
		{"ApplyImpulse NaN", func(w *World, id BodyID, _ *body.Body) error {
			return w.ApplyImpulse(id, mgl64.Vec3{nan, nan, nan}, mgl64.Vec3{})
		}, "ApplyImpulse: impulse"},
		{"SetPose NaN", func(w *World, id BodyID, _ *body.Body) error {
			return w.SetPose(id, mgl64.Vec3{0, nan, 0}, mgl64.Ident3())
		}, "SetPose: position = [0 NaN 0]"},
		{"SetMaterial restitution 2", func(w *World, id BodyID, _ *body.Body) error {
			return w.SetMaterial(id, Material{Friction: 0.5, Restitution: 2})
		}, "SetMaterial: Material.Restitution = 2: must be between 0 and 1"},
		{"SetMaterial friction −1", func(w *World, id BodyID, _ *body.Body) error {
			return w.SetMaterial(id, Material{Friction: -1})
		}, "SetMaterial: Material.Friction = -1: must be 0 or more and finite"},
		{"SetMaterial friction Inf", func(w *World, id BodyID, _ *body.Body) error {
			return w.SetMaterial(id, Material{Friction: inf})
		}, "SetMaterial: Material.Friction = +Inf"},
		{"AddBody nil", func(w *World, _ BodyID, _ *body.Body) error {
			_, err := w.AddBody(nil, DefaultMaterial)
			return err
		}, "AddBody: the body is nil"},
		{"AddBody twice", func(w *World, _ BodyID, b *body.Body) error {
			_, err := w.AddBody(b, DefaultMaterial)
			return err
		}, "AddBody: the body is in the World already, as body#1: a body can be added once"},
		{"AddBody restitution 1.5", func(w *World, _ BodyID, _ *body.Body) error {
			_, err := w.AddBody(cubeBody(1), Material{Restitution: 1.5})
			return err
		}, "AddBody: Material.Restitution = 1.5"},
		{"a BodyID of another World", func(w *World, _ BodyID, _ *body.Body) error {
			return w.SetVelocity(stranger, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{})
		}, "SetVelocity: id body#1 is a BodyID of another World"},
		{"NoBody", func(w *World, _ BodyID, _ *body.Body) error { return w.Wake(NoBody) }, "Wake: id no body is NoBody"},
	} {
		w := floorOnly()
		id := create(t, w, builtinMesh(t, "cube"), mgl64.Vec3{0, 0.5, 0})
		b := w.Body(id)
		before, material := *b, w.BodyMaterial(id)
		err := tc.call(w, id, b)
		if err == nil || !strings.Contains(err.Error(), "contact: "+strings.SplitN(tc.want, ":", 2)[0]) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.want)
		}
		if len(w.Bodies) != 1 || b.P != before.P || b.V != before.V || b.Omega != before.Omega || b.Force != before.Force ||
			b.Torque != before.Torque || w.BodyMaterial(id) != material {
			t.Errorf("%s: refused, but the world changed: %d bodies, %+v", tc.name, len(w.Bodies), *b)
		}
	}
}

// A BodyID names a body of its own World only: an id of world A passed to world B, whose
// body has the same number, reads, moves and removes nothing there.
func TestBodyIDsCarryTheirWorld(t *testing.T) {
	a, b := floorOnly(), floorOnly()
	cube := builtinMesh(t, "cube")
	ida := create(t, a, cube, mgl64.Vec3{0, 0.5, 0})
	idb := create(t, b, cube, mgl64.Vec3{5, 0.5, 0})
	if ida.String() != idb.String() || ida == idb {
		t.Fatalf("ids %v and %v: want the same number in two Worlds, and unequal ids", ida, idb)
	}
	var nb *NoBodyError
	if b.Valid(ida) || b.Body(ida) != nil || b.Index(ida) != -1 || b.RemoveBody(ida) || len(b.Bodies) != 1 {
		t.Errorf("world B takes world A's %v as its own", ida)
	}
	if err := b.SetPose(ida, mgl64.Vec3{}, mgl64.Ident3()); !errors.As(err, &nb) || !nb.Foreign || nb.Call != "SetPose" {
		t.Errorf("SetPose of a foreign id: %v", err)
	}
	if b.Body(idb).P != (mgl64.Vec3{5, 0.5, 0}) || !a.Valid(ida) || !b.Valid(idb) {
		t.Errorf("world B's body moved to %v", b.Body(idb).P)
	}
	// The zero World gets its own serial number on first use, as NewWorld's worlds do.
	var z World
	z.Settings = DefaultSettings()
	idz, err := z.CreateBody(DefaultBodyDef())
	if err == nil || idz != NoBody {
		t.Errorf("CreateBody without a mesh: %v, %v", idz, err)
	}
	def := DefaultBodyDef()
	def.Mesh = cube
	if idz, err = z.CreateBody(def); err != nil || !z.Valid(idz) || a.Valid(idz) || z.Valid(ida) {
		t.Errorf("a zero World's id %v (%v): valid there %v, in another %v", idz, err, z.Valid(idz), a.Valid(idz))
	}
}

// What a caller sets by hand (Settings, Planes, Materials, Bodies) is checked by Step, which
// refuses it naming the field and the range, before it moves anything.
func TestStepRefusesWhatWasSetByHand(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(w *World)
		want string
	}{
		{"plane restitution 3", func(w *World) { w.Planes[0].Restitution = 3 }, "Step: Planes[0].Restitution = 3: must be between 0 and 1"},
		{"plane rolling -1", func(w *World) { w.Planes[0].RollingResistance = -1 }, "Step: Planes[0].RollingResistance = -1: must be between 0 and 1"},
		{"rolling with a caller's solver", func(w *World) {
			w.Planes[0].RollingResistance, w.Solver = 0.1, &pgs.GaussSeidel{Iterations: 10}
		}, "Step: RollingResistance needs the built-in solver"},
		{"plane friction NaN", func(w *World) { w.Planes[0].Friction = math.NaN() }, "Step: Planes[0].Friction = NaN: must be 0 or more and finite"},
		{"plane normal zero", func(w *World) {
			w.Planes = append(w.Planes, Plane{Point: mgl64.Vec3{0, 5, 0}})
		}, "Step: Planes[1]: point [0 5 0] and normal [0 0 0] must be finite (within ±1e+10 m), and the normal nonzero"},
		{"material friction −1", func(w *World) { w.Materials[0].Friction = -1 }, "Step: Materials[0].Friction = -1: must be 0 or more"},
		{"Workers 1e6", func(w *World) { w.Workers = 1e6 }, "Step: Settings.Workers = 1e+06: must be between 0 (one per core) and MaxWorkers (256)"},
		{"Workers −1", func(w *World) { w.Workers = -1 }, "Settings.Workers = -1"},
		{"Dt NaN", func(w *World) { w.Dt = math.NaN() }, "Step: Settings.Dt = NaN: must be positive and finite"},
		{"nil body appended", func(w *World) { w.Bodies = append(w.Bodies, nil) }, "Step: World.Bodies[1] is nil"},
		{"a body appended twice", func(w *World) { w.Bodies = append(w.Bodies, w.Bodies[0]) }, "Step: World.Bodies[1] is the body at index 0 (body#1) again"},
		{"Bodies shortened", func(w *World) { w.Bodies = w.Bodies[:0] }, "Step: World.Bodies holds 0 bodies, fewer than the 1 added: take bodies out with RemoveBody"},
	} {
		w := floorOnly()
		id := create(t, w, builtinMesh(t, "cube"), mgl64.Vec3{0, 2, 0})
		b := w.Body(id)
		tc.edit(w)
		if err := w.Step(); err == nil || !strings.Contains(err.Error(), tc.want) || w.Steps != 0 || b.P[1] != 2 {
			t.Errorf("%s: Step: %v (want %q), %d steps, y = %g", tc.name, err, tc.want, w.Steps, b.P[1])
		}
	}
	w := floorOnly()
	create(t, w, builtinMesh(t, "cube"), mgl64.Vec3{0, 2, 0})
	w.Workers = MaxWorkers
	mustStep(t, w)
}

// Queries take any finite ray or box, however far: a ray from 10¹¹ m away finds the cube it
// points at, a box of ±10¹¹ m holds every body, a box of ±10³⁰⁸ too; a ray or box with NaN
// finds nothing.
func TestQueriesFarAway(t *testing.T) {
	w := floorOnly()
	cube := create(t, w, builtinMesh(t, "cube"), mgl64.Vec3{0, 0.5, 0})
	far := create(t, w, builtinMesh(t, "cube"), mgl64.Vec3{1e6, 0.5, 0})
	hit, ok := w.CastRay(mgl64.Vec3{0, 1e11, 0}, mgl64.Vec3{0, -1, 0}, math.Inf(1))
	if !ok || hit.Body != cube || math.Abs(hit.Distance-(1e11-1)) > 1e-4 {
		t.Errorf("a ray from 1e11 m straight down: %+v, %v; want the cube, 1e11 − 1 m away", hit, ok)
	}
	for _, half := range []float64{1e11, 1e308} {
		v := mgl64.Vec3{half, half, half}
		if got := w.OverlapBox(v.Mul(-1), v, nil); len(got) != 2 || got[0] != cube || got[1] != far {
			t.Errorf("a box of ±%g m holds %v, want both cubes", half, got)
		}
	}
	nan := math.NaN()
	if _, ok := w.CastRay(mgl64.Vec3{nan, 1, 0}, mgl64.Vec3{0, -1, 0}, 10); ok {
		t.Error("a ray from NaN hit something")
	}
	if got := w.OverlapBox(mgl64.Vec3{-1, -1, nan}, mgl64.Vec3{1, 1, 1}, nil); len(got) != 0 {
		t.Errorf("a box with NaN holds %v", got)
	}
}
