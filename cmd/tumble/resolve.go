package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/contact/scene"
	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/inertia"
	"github.com/tumble-physics/tumble/viewer"
)

// A builtin is a kind of thing the binary carries and commands take by name.
type builtin int

const (
	scene3D builtin = iota // data/scenes: tumble sim, view, bench
	mesh                   // data/meshes: tumble inertia, sim, view
	scene2D                // data/scenes2d: tumble 2d
)

func (b builtin) String() string { return [...]string{"scene", "mesh", "2D scene"}[b] }

func (b builtin) plural() string { return [...]string{"scenes", "meshes", "2D scenes"}[b] }

// names lists the built-ins of the kind, alphabetically.
func (b builtin) names() []string {
	switch b {
	case scene3D:
		return data.SceneNames()
	case mesh:
		return data.MeshNames()
	}
	files, _ := fs.Glob(data.Scenes2D, "scenes2d/*.xml") // embedded: the pattern is valid
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(path.Base(f), ".xml")
	}
	return names
}

// command is the command that runs a built-in of the kind, for hints.
func (b builtin) command() string { return [...]string{"tumble sim", "tumble sim", "tumble 2d run"}[b] }

// isName reports whether ref reads as a built-in's name rather than a path: no directory, no
// extension.
func isName(ref string) bool { return !strings.ContainsAny(ref, `/\.`) }

// resolve tells what a command that takes the given kinds of built-in was given: the kind when
// ref is one's name, or ok = false for a file that exists. A bare name that is also a file
// is the built-in. Anything else is a one-line error: a directory, a missing file (with the
// built-in of that name, if any), an unknown name (with the names there are).
func resolve(ref string, kinds ...builtin) (kind builtin, ok bool, err error) {
	if isName(ref) {
		for _, k := range kinds {
			if slices.Contains(k.names(), ref) {
				return k, true, nil
			}
		}
	}
	info, err := os.Stat(ref)
	switch {
	case err == nil && info.IsDir():
		return 0, false, fmt.Errorf("%s is a directory; want a file or the name of a built-in %s", ref, kindList(kinds))
	case err == nil:
		return 0, false, nil
	case !errors.Is(err, fs.ErrNotExist):
		return 0, false, err
	case isName(ref):
		var lists []string
		for _, k := range kinds {
			lists = append(lists, fmt.Sprintf("%s: %s", k.plural(), strings.Join(k.names(), ", ")))
		}
		return 0, false, fmt.Errorf("no built-in %s %q (%s)%s", kindList(kinds), ref, strings.Join(lists, "; "), elsewhere(ref, kinds))
	}
	err = fmt.Errorf("%s: %w", ref, fs.ErrNotExist) // "stat" would say how it was found missing
	if name := strings.TrimSuffix(filepath.Base(ref), filepath.Ext(ref)); isName(name) {
		for _, k := range kinds {
			if slices.Contains(k.names(), name) {
				return 0, false, fmt.Errorf("%w; the built-in %s is called %s", err, k, name)
			}
		}
	}
	return 0, false, err
}

// kindList joins the kinds' names with "or".
func kindList(kinds []builtin) string {
	s := make([]string, len(kinds))
	for i, k := range kinds {
		s[i] = k.String()
	}
	return strings.Join(s, " or ")
}

// elsewhere is a hint for a name that is a built-in of another kind than the command takes.
func elsewhere(name string, kinds []builtin) string {
	for _, k := range []builtin{scene3D, mesh, scene2D} {
		if !slices.Contains(kinds, k) && slices.Contains(k.names(), name) {
			return fmt.Sprintf("; %s is a built-in %s: %s %s", name, k, k.command(), name)
		}
	}
	return ""
}

// loadScene reads what a 3D command (sim, bench) was given: a built-in scene or mesh by name,
// a scene file, or an OBJ file (.obj). A mesh becomes meshScene's drop onto a floor.
func loadScene(ref string) (*scene.Scene, error) {
	kind, builtIn, err := resolve(ref, scene3D, mesh)
	switch {
	case err != nil:
		return nil, err
	case builtIn && kind == scene3D:
		return scene.Builtin(ref)
	case builtIn || isOBJ(ref):
		return meshScene(ref)
	}
	s, err := scene.Load(ref)
	if err != nil && fosssim.IsScene(ref) {
		return nil, fmt.Errorf("%s is a 2D scene (FOSSSim's format): run it with tumble 2d run %s, or watch it with tumble view %s", ref, ref, ref)
	}
	return s, err
}

// loadScene2D reads what a 2D command was given: a built-in 2D scene by name or a FOSSSim
// scene file.
func loadScene2D(ref string) (*fosssim.Scene, error) {
	_, builtIn, err := resolve(ref, scene2D)
	switch {
	case err != nil:
		return nil, err
	case builtIn:
		src, err := data.Scenes2D.ReadFile("scenes2d/" + ref + ".xml")
		if err != nil {
			return nil, err
		}
		return fosssim.Parse(bytes.NewReader(src), ref+".xml")
	}
	s, err := fosssim.Load(ref)
	if err != nil {
		if _, err3D := scene.Load(ref); err3D == nil {
			return nil, fmt.Errorf("%s is a 3D scene: run it with tumble sim %s", ref, ref)
		}
	}
	return s, err
}

// loadMesh reads what `tumble inertia` was given: a built-in mesh by name (as a scene's mesh
// attribute names it) or an OBJ file.
func loadMesh(ref string) (*inertia.Mesh, error) {
	_, builtIn, err := resolve(ref, mesh)
	switch {
	case err != nil:
		return nil, err
	case builtIn:
		src, err := data.Mesh(ref)
		if err != nil {
			return nil, err
		}
		return inertia.ReadOBJ(bytes.NewReader(src), ref)
	}
	return inertia.LoadOBJ(ref)
}

func isOBJ(path string) bool { return strings.EqualFold(filepath.Ext(path), ".obj") }

// dropTime is how long `tumble sim` runs a dropped mesh, s: long enough to land and settle.
const dropTime = 5

// meshScene is what sim and view make of a mesh (a built-in name or an OBJ file): a body of
// it with the scene format's defaults (density 1000 kg/m³, at rest, unrotated), its lowest
// point 1 m above a floor (the format's default plane), for dropTime seconds: the scene the
// viewer makes of an OBJ file dropped on an empty window.
func meshScene(ref string) (*scene.Scene, error) {
	m, err := loadMesh(ref)
	if err != nil {
		return nil, err
	}
	// The body's position is its centre of mass; the drop height is the mesh's below it.
	props, err := inertia.Compute(m, 1, inertia.Options{})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ref, err)
	}
	lowest := 0.0
	for _, v := range m.Vertices {
		lowest = min(lowest, v[1]-props.COM[1])
	}
	// Relative mesh paths resolve against the scene's directory, which Parse takes from its
	// name: the directory of ref.
	name := filepath.Base(ref)
	src := fmt.Sprintf(`<scene>
  <description text=%s/>
  <duration time="%d"/>
  <plane/>
  <body name=%s mesh=%s position="0 %.17g 0"/>
</scene>`, xmlAttr(name+" dropped onto the floor"), dropTime, xmlAttr(strings.TrimSuffix(name, filepath.Ext(name))), xmlAttr(name), 1-lowest)
	s, err := scene.Parse(strings.NewReader(src), ref)
	if err == nil {
		s.Bodies[0].Line = 0 // made, not read: messages name ref without a line of this text
	}
	return s, err
}

// xmlAttr quotes s as an XML attribute value.
func xmlAttr(s string) string {
	var b bytes.Buffer
	b.WriteByte('"')
	xml.EscapeText(&b, []byte(s)) // writes to a buffer: cannot fail
	b.WriteByte('"')
	return b.String()
}

// openView is the viewer's Options.Open (`tumble view`, its scene browser and r): a built-in
// mesh is dropped as meshScene drops it; files and built-in scenes open as viewer.Opener
// opens them (an OBJ file scaled by scale), after resolve's checks.
func openView(ref string, scale float64) (*viewer.Setup, error) {
	kind, builtIn, err := resolve(ref, scene3D, mesh)
	if err != nil {
		return nil, err
	}
	if !builtIn || kind == scene3D {
		return viewer.Opener(scale)(ref)
	}
	sc, err := meshScene(ref)
	if err != nil {
		return nil, err
	}
	w, err := sc.World()
	if err != nil {
		return nil, err
	}
	return &viewer.Setup{Name: ref, Source: ref, World: w, Warnings: sc.Warnings, StepError: sc.StepError, Overflow: sc.Overflow}, nil
}
