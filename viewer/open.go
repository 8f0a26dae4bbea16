package viewer

import (
	"path/filepath"
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
	return &Setup{Name: filepath.Base(name), Source: name, World: w}, nil
}

// openMesh drops the mesh of an OBJ file above a floor, with the scene format's defaults.
func openMesh(path string) (*Setup, error) {
	m, err := inertia.LoadOBJ(path)
	if err != nil {
		return nil, err
	}
	floor := contact.Plane{Normal: mgl64.Vec3{0, 1, 0}, Friction: contact.DefaultMaterial.Friction, Restitution: contact.DefaultMaterial.Restitution}
	w := &contact.World{Gravity: mgl64.Vec3{0, -9.81, 0}, Dt: 1.0 / 60, Iterations: contact.DefaultIterations, Planes: []contact.Plane{floor}}
	if _, err := DropMesh(w, m); err != nil {
		return nil, err
	}
	return &Setup{Name: filepath.Base(path), Source: path, World: w}, nil
}
