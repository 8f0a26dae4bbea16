package viewer

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/contact/scene"
	"github.com/tumble-physics/tumble/inertia"
)

// Open builds what the viewer shows from a scene file (.xml), an OBJ mesh (.obj, dropped above
// a floor at its own size) or the name of a built-in scene.
func Open(name string) (*Setup, error) { return Opener(1)(name) }

// Opener returns Open with OBJ meshes scaled by dropScale (tumble view --scale).
func Opener(dropScale float64) func(name string) (*Setup, error) {
	return func(name string) (*Setup, error) {
		lower := strings.ToLower(name)
		if strings.HasSuffix(lower, ".obj") {
			return openMesh(name, dropScale)
		}
		var s *scene.Scene
		var err error
		switch {
		case strings.HasSuffix(lower, ".xml") && fosssim.IsScene(name):
			// A 3D window cannot show it: say where it can be seen, rather than which of
			// FOSSSim's elements the 3D format lacks.
			return nil, fmt.Errorf("%s is a 2D scene (FOSSSim's format): watch it with tumble view %s", name, name)
		case strings.HasSuffix(lower, ".xml"):
			s, err = scene.Load(name)
		default:
			s, err = scene.Builtin(name)
		}
		if err != nil {
			return nil, err
		}
		w, err := s.World()
		if err != nil {
			return nil, err
		}
		setup := &Setup{Name: filepath.Base(name), Source: name, World: w, Warnings: s.Warnings, StepError: s.StepError, Overflow: s.Overflow}
		for _, b := range s.Bodies {
			setup.Names = append(setup.Names, b.Name)
		}
		return setup, nil
	}
}

// openMesh drops the mesh of an OBJ file, scaled, above a floor.
func openMesh(path string, scale float64) (*Setup, error) {
	m, err := inertia.LoadOBJ(path)
	if err != nil {
		return nil, err
	}
	w := floorWorld()
	if _, err := DropMesh(w, m, Drop{Scale: scale}); err != nil {
		return nil, err
	}
	return &Setup{Name: filepath.Base(path), Source: path, World: w, Warnings: m.Warnings}, nil
}
