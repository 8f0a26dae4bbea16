package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/inertia"
	"github.com/tumble-physics/tumble/internal/plural"
)

const inertiaUsage = `usage: tumble inertia [--density D] [--json] [--allow-open] FILE.obj|NAME

Prints the mass properties of the solid of uniform density bounded by a closed, triangulated
or polygonal OBJ mesh (Mirtich's surface integrals): volume, mass, centre of mass, the inertia
tensor about the centre of mass in the mesh's axes, and the principal moments (ascending) with
their unit axes. Units are SI: metres, kg/m³, kg, kg m². A mesh wound inward is flipped with a
warning; a mesh with boundary edges is refused unless --allow-open. NAME is a built-in mesh
(tumble meshes lists them), as in a scene's mesh attribute.

flags:
  --density D    uniform density in kg/m³, finite and positive (default 1)
  --json         print one JSON object: file, vertices, triangles, density, volume, mass,
                 com, inertia (rows), principalMoments, principalAxes
  --allow-open   compute an approximation for a mesh with boundary edges instead of refusing it

Exit status: 0 on success, 1 when the mesh cannot be read or measured, 2 on a usage error.

examples:
  tumble inertia data/meshes/torus.obj
  tumble inertia --density 7850 --json data/meshes/thandle.obj
  tumble inertia --density 500 torus
`

// inertiaReport is the JSON contract of `tumble inertia --json` (docs: FORMATS). Matrices are
// arrays of rows.
type inertiaReport struct {
	File             string        `json:"file"`
	Vertices         int           `json:"vertices"`
	Triangles        int           `json:"triangles"`
	Density          float64       `json:"density"`
	Volume           float64       `json:"volume"`
	Mass             float64       `json:"mass"`
	COM              mgl64.Vec3    `json:"com"`
	Inertia          [3]mgl64.Vec3 `json:"inertia"`
	PrincipalMoments mgl64.Vec3    `json:"principalMoments"`
	PrincipalAxes    [3]mgl64.Vec3 `json:"principalAxes"`
}

// runInertia is `tumble inertia`: see inertiaUsage.
func runInertia(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("inertia", flag.ContinueOnError)
	density := fs.Float64("density", 1, "")
	asJSON := fs.Bool("json", false, "")
	allowOpen := fs.Bool("allow-open", false, "")
	files, code, done := parseArgs(fs, args, printText(inertiaUsage), stdout, stderr)
	if done {
		return code
	}
	if len(files) != 1 {
		return usageError(stderr, "inertia", fmt.Errorf("want one OBJ file or built-in mesh name, got %d arguments", len(files)))
	}

	mesh, err := loadMesh(files[0])
	if err != nil {
		fmt.Fprintf(stderr, "tumble inertia: %v\n", err)
		return 1
	}
	props, err := inertia.Compute(mesh, *density, inertia.Options{AllowOpen: *allowOpen})
	var open *inertia.OpenMeshError
	if errors.As(err, &open) {
		err = fmt.Errorf("%w; --allow-open computes an approximation", err)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tumble inertia: %v\n", err)
		return 1
	}
	if props.Flipped {
		fmt.Fprintf(stderr, "tumble inertia: warning: %s is wound inward (negative volume); measured with its triangles reversed\n", mesh.Name)
	}
	if props.OpenEdges > 0 {
		fmt.Fprintf(stderr, "tumble inertia: warning: %s has %s; the result is approximate\n", mesh.Name, plural.Count(props.OpenEdges, "boundary edge", "boundary edges"))
	}

	report := inertiaReport{
		File: files[0], Vertices: len(mesh.Vertices), Triangles: len(mesh.Triangles),
		Density: props.Density, Volume: props.Volume, Mass: props.Mass, COM: props.COM,
		Inertia:          [3]mgl64.Vec3{props.Inertia.Row(0), props.Inertia.Row(1), props.Inertia.Row(2)},
		PrincipalMoments: props.PrincipalMoments, PrincipalAxes: props.PrincipalAxes,
	}
	if *asJSON {
		err = json.NewEncoder(stdout).Encode(report)
	} else {
		err = report.table(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tumble inertia: %v\n", err)
		return 1
	}
	return 0
}

// table prints the report for people: one quantity a line with its unit, vectors and
// tensor rows as aligned columns.
func (r inertiaReport) table(w io.Writer) error {
	row := func(v mgl64.Vec3) string { return fmt.Sprintf("%15.9g %15.9g %15.9g", v[0], v[1], v[2]) }
	_, err := fmt.Fprintf(w, `file              %s
vertices          %d
triangles         %d
density           %.9g kg/m³
volume            %.9g m³
mass              %.9g kg
centre of mass    %s  m
inertia about the centre of mass, mesh axes (kg m²):
                  %s
                  %s
                  %s
principal moments (kg m², ascending) and unit axes:
  I1 = %-12.9g %s
  I2 = %-12.9g %s
  I3 = %-12.9g %s
`, r.File, r.Vertices, r.Triangles, r.Density, r.Volume, r.Mass, row(r.COM),
		row(r.Inertia[0]), row(r.Inertia[1]), row(r.Inertia[2]),
		r.PrincipalMoments[0], row(r.PrincipalAxes[0]),
		r.PrincipalMoments[1], row(r.PrincipalAxes[1]),
		r.PrincipalMoments[2], row(r.PrincipalAxes[2]))
	return err
}
