package viewer

import (
	"fmt"
	"hash/fnv"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body"
	"github.com/tumble-physics/tumble/contact"
	"github.com/tumble-physics/tumble/inertia"
)

// Setup is one scene as the viewer shows it: its name and its world (bodies and planes).
type Setup struct {
	Name   string // shown on screen and in the title
	Source string // what Options.Open was given for it: r (reset) opens it again
	World  *contact.World
	// Names labels the bodies, by index (the scene's name attributes; "" where none).
	Names []string
	// Warnings are problems met while loading (a mesh wound inward, a face off its plane,
	// bodies overlapping at the start), shown and logged when it opens.
	Warnings []string
	// StepError puts World.Step's error in the scene's terms (its file and line); nil
	// leaves it as it is.
	StepError func(error) error
	// Overflow puts a budget the step exceeded (World.Overflows) in the scene's terms; nil
	// leaves it as the World gives it.
	Overflow func(contact.Overflow) string
}

// step steps the world and returns World.Step's error in the scene's terms, or nil.
func (s *Setup) step() error {
	err := s.World.Step()
	if err != nil && s.StepError != nil {
		err = s.StepError(err)
	}
	return err
}

// overflows returns the warnings of the budgets the world's steps exceeded since the last
// call, each budget's first time only, in the scene's terms.
func (s *Setup) overflows() []string {
	var out []string
	for _, o := range s.World.Overflows() {
		if s.Overflow != nil {
			out = append(out, s.Overflow(o))
		} else {
			out = append(out, o.String())
		}
	}
	return out
}

// dropDensity is the density of meshes dropped into the scene (kg/m³, water).
const dropDensity = 1000

// Drop says where DropMesh puts a mesh and how big.
type Drop struct {
	// Scale multiplies the mesh's coordinates before its mass properties are computed
	// (0 means 1): an OBJ file in millimetres or kilometres becomes a body of a size to see.
	Scale float64
	// X and Z are the horizontal point, world metres, the mesh's centre of mass is dropped
	// over: where the camera looks, so that it lands in view.
	X, Z float64
}

// DropMesh adds a body made from mesh m, scaled by d.Scale, of density 1000 kg/m³, to the
// world: its centre of mass over (d.X, d.Z), its lowest point 1 m, or one body size if
// larger, above the highest point of any body (or of the floor, y = 0), at rest. A mesh wound
// inward is flipped, with a warning added to m.Warnings, as a scene's is.
func DropMesh(w *contact.World, m *inertia.Mesh, d Drop) (*body.Body, error) {
	given := m
	if d.Scale != 0 && d.Scale != 1 {
		m = m.Transformed(mgl64.Vec3{d.Scale, d.Scale, d.Scale})
	}
	props, err := inertia.Compute(m, dropDensity, inertia.Options{})
	if err != nil {
		return nil, fmt.Errorf("adding %s: %w", m.Name, err)
	}
	if props.Flipped {
		given.Warnings = append(given.Warnings, fmt.Sprintf("mesh %s is wound inward; its triangles were reversed", m.Name))
	}
	b := body.New(m, props)
	top := 0.0
	for _, o := range bodies(w) {
		for _, v := range o.Mesh.Vertices {
			top = math.Max(top, o.R.Mul3x1(v)[1]+o.P[1])
		}
	}
	lowest, highest := 0.0, 0.0
	for _, v := range b.Mesh.Vertices {
		lowest, highest = math.Min(lowest, v[1]), math.Max(highest, v[1])
	}
	gap := math.Max(1, highest-lowest)
	b.P = mgl64.Vec3{d.X, top + gap - lowest, d.Z}
	if err := addBody(w, b); err != nil {
		return nil, fmt.Errorf("adding %s: %w", m.Name, err)
	}
	return b, nil
}

// meshKey identifies a mesh by content: body.New copies each body's mesh, so a pile of a
// thousand boxes shares one vertex buffer only if equal meshes are recognised as such.
func meshKey(m *inertia.Mesh) uint64 {
	h := fnv.New64a()
	buf := make([]byte, 0, 8*3)
	for _, v := range m.Vertices {
		buf = buf[:0]
		for _, x := range v {
			b := math.Float64bits(x)
			buf = append(buf, byte(b), byte(b>>8), byte(b>>16), byte(b>>24), byte(b>>32), byte(b>>40), byte(b>>48), byte(b>>56))
		}
		h.Write(buf)
	}
	for _, t := range m.Triangles {
		h.Write([]byte{byte(t[0]), byte(t[0] >> 8), byte(t[0] >> 16), byte(t[1]), byte(t[1] >> 8), byte(t[1] >> 16), byte(t[2]), byte(t[2] >> 8), byte(t[2] >> 16)})
	}
	return h.Sum64()
}

// bodyColor returns the colour of body i: hues a golden angle apart, so neighbours in a
// scene file differ; fixed bodies are grey.
func bodyColor(i int, fixed bool) mgl32.Vec3 {
	if fixed {
		return mgl32.Vec3{0.5, 0.5, 0.5}
	}
	hue := math.Mod(0.08+float64(i)*0.618034, 1)
	return hsv(hue, 0.6, 0.85)
}

// hsv converts hue, saturation, value in [0, 1] to linear RGB.
func hsv(h, s, v float64) mgl32.Vec3 {
	f := func(n float64) float32 {
		k := math.Mod(n+h*6, 6)
		return float32(v - v*s*math.Max(0, math.Min(math.Min(k, 4-k), 1)))
	}
	return mgl32.Vec3{f(5), f(3), f(1)}
}
