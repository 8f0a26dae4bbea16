package contact

import (
	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/contact/collide"
	"github.com/tumble-physics/tumble/inertia"
)

// The narrow phase's types and functions that the World's API shows, from package collide.

// MaxManifoldPoints is the most contact points kept per pair of touching things. Four points
// that span the contact patch hold a body as firmly as all of them, at a fixed cost.
const MaxManifoldPoints = collide.MaxManifoldPoints

// Pair names what a manifold is between: body A and body B, or body A and plane −1−B when B
// is negative (collide.Pair).
type Pair = collide.Pair

// PlanePair returns the Pair of body a and plane k.
func PlanePair(a, k int) Pair { return collide.PlanePair(a, k) }

// ContactPoint is one point of a manifold: collide.ContactPoint.
type ContactPoint = collide.ContactPoint

// Manifold is the contact between one Pair, a shared normal and up to four points:
// collide.Manifold.
type Manifold = collide.Manifold

// Hull is the convex hull of a point set (a mesh's vertices): see collide.Hull.
type Hull = collide.Hull

// ExactHullPoints is the most points whose exact hull ConvexHull builds; more are sampled
// (SampledHull). The built-in meshes have at most 576 vertices (the torus).
const ExactHullPoints = collide.ExactHullPoints

// HullSampleDirections is the number of directions SampledHull samples a point set in: its
// hull has at most this many corners.
const HullSampleDirections = collide.HullSampleDirections

// ConvexHull returns the convex hull of points, or, for more than ExactHullPoints points,
// the hull of a bounded sample of them (see SampledHull): collide.ConvexHull.
func ConvexHull(points []mgl64.Vec3) Hull { return collide.ConvexHull(points) }

// SampledHull returns the convex hull of the points farthest along each of the
// HullSampleDirections directions (on a tie, the first such point), with indices into
// points and Sampled set: collide.SampledHull.
func SampledHull(points []mgl64.Vec3) Hull { return collide.SampledHull(points) }

// SDF is a signed distance field of a closed mesh in its body frame: collide.SDF.
type SDF = collide.SDF

// NewSDF samples the signed distance of the closed, outward-wound mesh m on a grid:
// collide.NewSDF.
func NewSDF(m *inertia.Mesh) *SDF { return collide.NewSDF(m) }

// Grid resolution of SDFs (collide.SDFCellsAcross and the others).
const (
	// SDFCellsAcross is the number of cells across the thinnest extent of a mesh's bounding
	// box.
	SDFCellsAcross = collide.SDFCellsAcross
	// SDFPadCells is how many cells the grid reaches beyond the mesh's bounding box.
	SDFPadCells = collide.SDFPadCells
	// SDFMaxNodes caps a grid's nodes.
	SDFMaxNodes = collide.SDFMaxNodes
	// SDFExactBand is the distance from the surface, in cells, within which every node holds
	// the exact distance.
	SDFExactBand = collide.SDFExactBand
)

// SDFAccuracy (m) bounds |φ_grid − φ_mesh| at points within 5 cm of the built-in torus's
// surface: collide.SDFAccuracy.
const SDFAccuracy = collide.SDFAccuracy
