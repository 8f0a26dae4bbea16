package collide

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
	"github.com/tumble-physics/tumble/contact/internal/aabb"
	"github.com/tumble-physics/tumble/inertia"
)

// SDF is a signed distance field of a closed mesh in its body frame: the exact signed
// distance to the mesh (metres, negative inside) sampled on a regular grid and read back by
// trilinear interpolation. Non-convex bodies collide through it: the other body's vertices
// and edge points are looked up in it (Guendelman, Bridson and Fedkiw 2003; docs/contact.md
// gives the resolution, accuracy and memory).
type SDF struct {
	// Origin is the body-frame position of grid node (0, 0, 0), metres.
	Origin mgl64.Vec3
	// Cell is the grid spacing, metres: SDFCellsAcross cells across the mesh's thinnest
	// extent (a torus tube's diameter), coarser only if the grid would exceed SDFMaxNodes.
	Cell float64
	// N is the number of nodes along x, y and z.
	N   [3]int
	inv float64 // 1/Cell
	// phi holds the distances, x fastest then y then z. float32 is exact to 0.1 µm here.
	phi []float32
	// grad holds ∇φ at each node by central differences (three per node), so that a
	// contact's normal costs one more interpolation rather than 48 lookups.
	grad []float32
}

// Grid resolution of SDFs.
const (
	// SDFCellsAcross is the number of cells across the thinnest extent of a mesh's bounding
	// box. 16 across the torus tube (diameter 0.5 m) gives 3.1 cm cells: trilinear
	// interpolation then follows the tube's curvature to about a millimetre.
	SDFCellsAcross = 16
	// SDFPadCells is how many cells the grid reaches beyond the mesh's bounding box, so that
	// every point within a speculative margin of the surface is interpolated, not
	// extrapolated.
	SDFPadCells = 4
	// SDFMaxNodes caps a grid's nodes (16 bytes each: φ and ∇φ as float32): a mesh long in
	// one direction and thin in another gets coarser cells rather than hundreds of megabytes.
	SDFMaxNodes = 1 << 21
	// SDFExactBand is the distance from the surface, in cells, within which every node holds
	// the exact distance (0.5 m on the torus: all of its inside, whose deepest point is the
	// tube's centre line 8 cells in). Nodes farther out hold the distance to their
	// neighbour's closest triangle, an upper bound that no contact reads (candidates lie
	// within a margin of the surface) and that the sample culling caps at the band.
	SDFExactBand = 16
)

// NewSDF samples the signed distance of the closed, outward-wound mesh m on a grid (see
// SDF.Cell). Each node's exact distance (within SDFExactBand cells of the surface) comes
// from a bounding-volume hierarchy over the triangles, searched within the distance to the
// previous node's closest triangle, and is signed by angle-weighted pseudo-normals.
func NewSDF(m *inertia.Mesh) *SDF { return newSDF(m, newMeshDistance(m)) }

// newSDF is NewSDF with the mesh's distance queries md built already.
func newSDF(m *inertia.Mesh, md *meshDistance) *SDF {
	lo, hi := m.Bounds()
	cell, n, total := sdfGrid(m)
	// Centre the grid on the mesh's box.
	var origin mgl64.Vec3
	for k := range 3 {
		origin[k] = float64((lo[k]+hi[k])/2) - float64(float64(n[k]-1)*cell/2)
	}
	s := &SDF{Origin: origin, Cell: cell, N: n, inv: 1 / cell, phi: make([]float32, total)}
	seed := -1 // the closest triangle of the node before
	for k := range n[2] {
		for j := range n[1] {
			// A lower bound on the node's distance from the surface: the last exact
			// distance less the cells walked since (|φ| is 1-Lipschitz).
			lower := math.Inf(-1)
			for i := range n[0] {
				p := origin.Add(mgl64.Vec3{float64(i), float64(j), float64(k)}.Mul(cell))
				far := lower > SDFExactBand*cell
				d, _, t := md.signed(p, seed, far)
				seed = t
				if far {
					lower -= cell
				} else {
					lower = math.Abs(d) - cell
				}
				s.phi[s.index(i, j, k)] = float32(d)
			}
		}
	}
	s.grad = make([]float32, 3*total)
	for k := range n[2] {
		for j := range n[1] {
			for i := range n[0] {
				g := s.nodeGradient(i, j, k)
				idx := 3 * s.index(i, j, k)
				s.grad[idx], s.grad[idx+1], s.grad[idx+2] = float32(g[0]), float32(g[1]), float32(g[2])
			}
		}
	}
	return s
}

// sdfGrid returns the cell size of mesh m's field (SDF.Cell), its nodes along each axis and
// their number.
func sdfGrid(m *inertia.Mesh) (cell float64, n [3]int, total int) {
	lo, hi := m.Bounds()
	ext := hi.Sub(lo)
	thin := min(ext[0], ext[1], ext[2])
	if thin <= 0 {
		thin = max(ext[0], ext[1], ext[2])
	}
	cell = thin / SDFCellsAcross
	nodes := func(c float64) (n [3]int, total int) {
		total = 1
		for k := range 3 {
			n[k] = int(math.Ceil(ext[k]/c)) + 2*SDFPadCells + 1
			total *= n[k]
		}
		return n, total
	}
	n, total = nodes(cell)
	for total > SDFMaxNodes {
		cell *= rounded.Cbrt(float64(total)/SDFMaxNodes) * 1.01
		n, total = nodes(cell)
	}
	return cell, n, total
}

func (s *SDF) index(i, j, k int) int { return i + s.N[0]*(j+s.N[1]*k) }

// Bytes is the memory the grid's distances and gradients take, in bytes.
func (s *SDF) Bytes() int { return 4 * (len(s.phi) + len(s.grad)) }

// cellOf returns the index of the cell holding body-frame point p (its lowest node), the
// fractions of p within it, and how far p lies outside the grid (0 inside it).
func (s *SDF) cellOf(p mgl64.Vec3) (idx int, f [3]float64, outside float64) {
	out := 0.0
	var c [3]int
	for k := range 3 {
		g := float64((p[k] - s.Origin[k]) * s.inv)
		top := float64(s.N[k] - 1)
		if g < 0 {
			out += float64(g * g)
			g = 0
		} else if g > top {
			out += float64((g - top) * (g - top))
			g = top
		}
		ci := min(int(g), s.N[k]-2)
		c[k], f[k] = ci, g-float64(ci)
	}
	if out > 0 {
		outside = math.Sqrt(out) * s.Cell
	}
	return s.index(c[0], c[1], c[2]), f, outside
}

// Distance returns the interpolated signed distance of body-frame point p to the mesh,
// metres, negative inside. Beyond the grid it adds the distance to the grid's box to the
// value at the box's nearest point (a fair estimate: the surface is well inside).
func (s *SDF) Distance(p mgl64.Vec3) float64 {
	phi, _ := s.distance(p)
	return phi
}

// distance is Distance, and how far p lies beyond the grid (0 within it, where the distance
// and Normal are interpolated; beyond it they are estimates from the grid's faces).
func (s *SDF) distance(p mgl64.Vec3) (phi, outside float64) {
	i, f, out := s.cellOf(p)
	sy, sz := s.N[0], s.N[0]*s.N[1]
	ph := s.phi
	fx := float32(f[0])
	x00 := ph[i] + float32((ph[i+1]-ph[i])*fx)
	x10 := ph[i+sy] + float32((ph[i+sy+1]-ph[i+sy])*fx)
	x01 := ph[i+sz] + float32((ph[i+sz+1]-ph[i+sz])*fx)
	x11 := ph[i+sz+sy] + float32((ph[i+sz+sy+1]-ph[i+sz+sy])*fx)
	y0 := float64(x00) + float64(float64(x10-x00)*f[1])
	y1 := float64(x01) + float64(float64(x11-x01)*f[1])
	return y0 + float64((y1-y0)*f[2]) + out, out
}

// box returns the grid's extent, body frame.
func (s *SDF) box() aabb.Box {
	top := mgl64.Vec3{float64(s.N[0] - 1), float64(s.N[1] - 1), float64(s.N[2] - 1)}
	return aabb.Box{Lo: s.Origin, Hi: s.Origin.Add(top.Mul(s.Cell))}
}

// Gradient returns ∇φ at body-frame point p: the central-difference gradients at the
// eight nodes around p, trilinearly interpolated (continuous across cells, unlike the
// derivative of the trilinear interpolant). Near the surface its length is close to 1; use
// Normal for the unit outward normal.
func (s *SDF) Gradient(p mgl64.Vec3) mgl64.Vec3 {
	base, f, _ := s.cellOf(p)
	var g mgl64.Vec3
	for corner := range 8 {
		w := 1.0
		i := base
		for a, step := range [3]int{1, s.N[0], s.N[0] * s.N[1]} {
			if corner>>a&1 != 0 {
				w *= f[a]
				i += step
			} else {
				w *= 1 - f[a]
			}
		}
		g[0] += float64(w * float64(s.grad[3*i]))
		g[1] += float64(w * float64(s.grad[3*i+1]))
		g[2] += float64(w * float64(s.grad[3*i+2]))
	}
	return g
}

// nodeGradient is the central-difference gradient at node (i, j, k), one-sided at the
// grid's faces.
func (s *SDF) nodeGradient(i, j, k int) mgl64.Vec3 {
	at := [3]int{i, j, k}
	var g mgl64.Vec3
	for a := range 3 {
		lo, hi := at, at
		if at[a] > 0 {
			lo[a]--
		}
		if at[a] < s.N[a]-1 {
			hi[a]++
		}
		d := float64(s.phi[s.index(hi[0], hi[1], hi[2])]) - float64(s.phi[s.index(lo[0], lo[1], lo[2])])
		g[a] = d / (float64(hi[a]-lo[a]) * s.Cell)
	}
	return g
}

// Normal returns the unit outward normal ∇φ/|∇φ| at body-frame point p, and false where the
// gradient vanishes (on the medial surface, deep inside), where no direction is defined.
func (s *SDF) Normal(p mgl64.Vec3) (mgl64.Vec3, bool) {
	g := s.Gradient(p)
	l := rounded.Len(g)
	if l < 1e-9 {
		return mgl64.Vec3{}, false
	}
	return g.Mul(1 / l), true
}

// SDFAccuracy (m) bounds |φ_grid − φ_mesh|, the interpolated distance against the exact
// distance to the mesh's triangles, at points within 5 cm of the built-in torus's surface
// (TestSDFTorusAccuracy measures it).
const SDFAccuracy = 0.005
