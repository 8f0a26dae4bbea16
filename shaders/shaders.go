// Package shaders holds the viewer's GLSL programs (OpenGL 4.1 core, "#version 410 core"),
// embedded in the binary so the viewer runs from anywhere.
package shaders

import _ "embed"

// MeshVert and MeshFrag draw instanced triangle meshes with Blinn–Phong lighting from one
// directional light and a shadow map, flat (face normals from screen-space derivatives) or,
// compiled with "#define SMOOTH", smooth (vertex normals). Per vertex: position and, if
// smooth, normal in the body frame (locations 0 and 1); per instance: the model matrix (locations 2–5, one column each) and the body's
// colour (6).
var (
	//go:embed mesh.vert
	MeshVert string
	//go:embed mesh.frag
	MeshFrag string
)

// ShadowVert and ShadowFrag render instanced meshes into the light's depth map, with the same
// attribute locations as MeshVert.
var (
	//go:embed shadow.vert
	ShadowVert string
	//go:embed shadow.frag
	ShadowFrag string
)

// PlaneVert and PlaneFrag draw a plane as a large quad with a one-metre grid and the shadow
// map. Per vertex: world position (location 0) and grid coordinates in metres (1).
var (
	//go:embed plane.vert
	PlaneVert string
	//go:embed plane.frag
	PlaneFrag string
)

// LineVert and LineFrag draw unlit coloured lines (the picking spring, contact normals). Per
// vertex: world position (location 0) and colour (1); the uniform depthBias draws them that
// much nearer the eye, in normalized depth.
var (
	//go:embed line.vert
	LineVert string
	//go:embed line.frag
	LineFrag string
)

// TextVert and TextFrag draw the on-screen text and its backdrop: screen-space quads in pixels
// from the top-left corner (location 0) sampling a one-channel bitmap font (1), tinted by a
// colour with alpha (2).
var (
	//go:embed text.vert
	TextVert string
	//go:embed text.frag
	TextFrag string
)

// Shape2DVert and Shape2DFrag draw the 2D mode's shapes, one instance each: polygons
// inflated by a radius (bodies), segments of a width in pixels (springs, contact normals) and
// dots, filled from signed distances with a rim and, for fixed bodies, stripes. Per
// instance: the bounding box (locations 0, 1), the shape's first vertex and vertex count in
// the vertex buffer texture (2), its radius in metres and half-width in pixels (3), and its
// fill, rim and stripe colours (4–6).
var (
	//go:embed shape2d.vert
	Shape2DVert string
	//go:embed shape2d.frag
	Shape2DFrag string
)
