package viewer

import (
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"tumble/contact"
	"tumble/contact/scene"
	"tumble/inertia"
)

// Open builds what the viewer shows from a scene file (.xml), an OBJ mesh (.obj, dropped above
// a floor) or the name of a built-in scene.
func Open(name string) (*Setup, error) {
	lower := strings.ToLower(name)
	if strings.HasSuffix(lower, ".obj") {
		return openMesh(name)
	}
	var s *scene.Scene
	var err error
	if strings.HasSuffix(lower, ".xml") {
		s, err = scene.Load(name)
	} else {
		s, err = scene.Builtin(name)
	}
	if err != nil {
		return nil, err
	}
	w, err := s.World()
	if err != nil {
		return nil, err
	}
	setup := &Setup{Name: name, World: w}
	for _, p := range s.Planes {
		setup.Planes = append(setup.Planes, Plane{Point: p.Point, Normal: p.Normal})
	}
	return setup, nil
}

// openMesh drops the mesh of an OBJ file above a floor, with the scene format's defaults.
func openMesh(path string) (*Setup, error) {
	m, err := inertia.LoadOBJ(path)
	if err != nil {
		return nil, err
	}
	w := &contact.World{Gravity: mgl64.Vec3{0, -9.81, 0}, Dt: 1.0 / 60, Iterations: 10}
	if _, err := DropMesh(w, m); err != nil {
		return nil, err
	}
	return &Setup{Name: path, World: w, Planes: []Plane{{Normal: mgl64.Vec3{0, 1, 0}}}}, nil
}
