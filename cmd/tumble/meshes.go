package main

import (
	"bytes"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/tumble-physics/tumble/data"
	"github.com/tumble-physics/tumble/inertia"
)

const meshesUsage = `usage: tumble meshes

Lists the built-in meshes that scenes name in <body mesh="…">: vertices, triangles, volume
(m³) and principal moments of inertia at density 1 kg/m³ (kg m², ascending).
`

// runMeshes is `tumble meshes`: see meshesUsage.
func runMeshes(args []string, stdout, stderr io.Writer) int {
	if code, done := parseNoArgs("meshes", meshesUsage, args, stdout, stderr); done {
		return code
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "name\tvertices\ttriangles\tvolume (m³)\tprincipal moments (kg m², density 1)\t")
	for _, name := range data.MeshNames() {
		src, err := data.Mesh(name)
		if err != nil {
			fmt.Fprintf(stderr, "tumble meshes: %v\n", err)
			return 1
		}
		m, err := inertia.ReadOBJ(bytes.NewReader(src), name)
		if err != nil {
			fmt.Fprintf(stderr, "tumble meshes: %v\n", err)
			return 1
		}
		p, err := inertia.Compute(m, 1, inertia.Options{})
		if err != nil {
			fmt.Fprintf(stderr, "tumble meshes: %s: %v\n", name, err)
			return 1
		}
		pm := p.PrincipalMoments
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.6g\t%.5g %.5g %.5g\t\n", name, len(m.Vertices), len(m.Triangles), p.Volume, pm[0], pm[1], pm[2])
	}
	tw.Flush()
	return 0
}
