package inertia

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// Options adjust Compute.
type Options struct {
	// AllowOpen computes the properties of a mesh with boundary edges instead of refusing it.
	// The result is then approximate: the integrals of an open surface depend on the point
	// they are taken about (here the centre of the mesh's bounding box). Default false.
	AllowOpen bool
}

// Properties are the mass properties of a solid of uniform density bounded by a mesh.
type Properties struct {
	Volume  float64 // m³, positive
	Density float64 // kg/m³, as given to Compute
	Mass    float64 // kg
	// COM is the centre of mass in mesh coordinates, metres.
	COM mgl64.Vec3
	// Inertia is the inertia tensor about the COM in the mesh's axes, kg m²: moments
	// I_xx = ρ∫(y²+z²)dV on the diagonal, products I_xy = −ρ∫xy dV off it (COM-relative).
	Inertia mgl64.Mat3
	// PrincipalMoments are the eigenvalues of Inertia in ascending order, kg m².
	PrincipalMoments mgl64.Vec3
	// PrincipalAxes are unit eigenvectors of Inertia in mesh axes: PrincipalAxes[k] goes
	// with PrincipalMoments[k]. Each is signed so that its component of largest magnitude
	// is positive (the first such on a tie), so the three may form a left-handed frame; see
	// PrincipalFrame for a rotation.
	PrincipalAxes [3]mgl64.Vec3
	// Flipped reports that the mesh was wound inward (negative volume) and that Compute
	// reversed its triangles; callers should warn the user.
	Flipped bool
	// OpenEdges counts the mesh's boundary edges; nonzero only with Options.AllowOpen, and
	// then the result is approximate.
	OpenEdges int
}

// OpenMeshError is Compute's error for a mesh with boundary edges without Options.AllowOpen.
type OpenMeshError struct {
	Name  string // the mesh's name
	Edges int    // number of boundary edges
}

func (e *OpenMeshError) Error() string {
	return fmt.Sprintf("%s: open mesh: %d boundary edges (edges not shared by exactly two oppositely wound faces)", e.Name, e.Edges)
}

// NonManifoldError is Compute's error for a mesh with edges shared by more than two
// triangles, whatever the Options: such a mesh bounds no single solid (a face given twice
// counts its volume twice).
type NonManifoldError struct {
	Name  string   // the mesh's name
	Edges int      // number of such edges
	First [2]int32 // the vertices (0-based) of one of them
}

func (e *NonManifoldError) Error() string {
	return fmt.Sprintf("%s: not a manifold: %d edges are shared by more than two triangles (the first joins vertices %d and %d, counting from 1; a face given twice does this)",
		e.Name, e.Edges, e.First[0]+1, e.First[1]+1)
}

// Compute returns the mass properties of the solid of uniform density (kg/m³, finite and
// positive) bounded by m, by Mirtich's surface integrals. The vertices are taken relative to
// the centre of their bounding box, so a mesh far from its origin keeps its digits. If the
// mesh is wound inward it reverses m.Triangles in place and sets Flipped. It refuses a mesh
// with no triangles, an index out of range, a coordinate that is not finite, no enclosed
// volume, an edge shared by more than two triangles, boundary edges (unless opt.AllowOpen;
// then OpenEdges counts them), or properties beyond float64's range.
func Compute(m *Mesh, density float64, opt Options) (Properties, error) {
	if !(density > 0) || math.IsInf(density, 1) {
		return Properties{}, fmt.Errorf("%s: density %g kg/m³ is not finite and positive", m.Name, density)
	}
	if len(m.Triangles) == 0 {
		return Properties{}, fmt.Errorf("%s: empty mesh: no triangles", m.Name)
	}
	for i, t := range m.Triangles {
		for _, v := range t {
			if v < 0 || int(v) >= len(m.Vertices) {
				return Properties{}, fmt.Errorf("%s: triangle %d: vertex index %d out of range [0, %d)", m.Name, i, v, len(m.Vertices))
			}
		}
	}
	lo, hi := m.Bounds()
	if !allFinite(lo[:]...) || !allFinite(hi[:]...) {
		return Properties{}, fmt.Errorf("%s: a vertex coordinate is not finite", m.Name)
	}
	// A large mesh's edges are checked while its integrals are summed, on another core.
	checked := make(chan edgeCount, 1)
	check := func() { checked <- checkEdges(len(m.Vertices), m.Triangles) }
	if len(m.Triangles) >= parallelTriangles {
		go check()
	} else {
		check()
	}
	centre := lo.Add(hi).Mul(0.5)
	t := integrate(m.Vertices, m.Triangles, centre)
	edges := <-checked
	if edges.shared > 0 {
		return Properties{}, &NonManifoldError{Name: m.Name, Edges: edges.shared, First: edges.first}
	}
	open := edges.boundary
	if open > 0 && !opt.AllowOpen {
		return Properties{}, &OpenMeshError{Name: m.Name, Edges: open}
	}

	flipped := t.T0 < 0
	if flipped {
		t.negate()
	}
	if !allFinite(t.T0) {
		return Properties{}, overflowError(m)
	}
	// A solid thinner than this, relative to its size, has lost its volume to rounding.
	size := max(hi[0]-lo[0], hi[1]-lo[1], hi[2]-lo[2])
	if !(t.T0/size/size/size > 1e-12) {
		return Properties{}, fmt.Errorf("%s: mesh encloses no volume (%g m³)", m.Name, t.T0)
	}

	p := Properties{Volume: t.T0, Density: density, Mass: density * t.T0, Flipped: flipped, OpenEdges: open}
	r := mgl64.Vec3{t.T1[0] / t.T0, t.T1[1] / t.T0, t.T1[2] / t.T0} // COM relative to centre
	p.COM = centre.Add(r)
	// Second moments about the COM (parallel-axis theorem), then the tensor.
	xx := t.T2[0] - float64(t.T0*r[0]*r[0])
	yy := t.T2[1] - float64(t.T0*r[1]*r[1])
	zz := t.T2[2] - float64(t.T0*r[2]*r[2])
	xy := t.TP[0] - float64(t.T0*r[0]*r[1])
	yz := t.TP[1] - float64(t.T0*r[1]*r[2])
	zx := t.TP[2] - float64(t.T0*r[2]*r[0])
	// 0 − x rather than −x: a zero product prints as 0, not −0.
	p.Inertia = mgl64.Mat3FromRows(
		mgl64.Vec3{yy + zz, 0 - xy, 0 - zx},
		mgl64.Vec3{0 - xy, zz + xx, 0 - yz},
		mgl64.Vec3{0 - zx, 0 - yz, xx + yy},
	).Mul(density)
	if !allFinite(p.Mass) || !allFinite(p.COM[:]...) || !allFinite(p.Inertia[:]...) {
		return Properties{}, overflowError(m)
	}
	p.PrincipalMoments, p.PrincipalAxes = principal(p.Inertia)
	if flipped { // only now, so that a refused mesh is left as it was
		for i := range m.Triangles {
			m.Triangles[i][1], m.Triangles[i][2] = m.Triangles[i][2], m.Triangles[i][1]
		}
	}
	return p, nil
}

// PrincipalFrame returns the rotation whose columns are the principal axes, the third
// replaced by the cross product of the first two so the frame is right-handed: it maps
// principal-frame coordinates to mesh coordinates, and Inertia = F diag(moments) Fᵀ.
func (p Properties) PrincipalFrame() mgl64.Mat3 {
	e0, e1 := p.PrincipalAxes[0], p.PrincipalAxes[1]
	return mgl64.Mat3FromCols(e0, e1, rounded.Cross(e0, e1))
}

func overflowError(m *Mesh) error {
	return fmt.Errorf("%s: the mass properties overflow float64 (coordinates or density too large)", m.Name)
}

// allFinite reports whether no x is NaN or infinite.
func allFinite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}
