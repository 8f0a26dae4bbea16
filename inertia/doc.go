// Package inertia reads closed triangle meshes from Wavefront OBJ files and computes their
// mass properties (volume, mass, centre of mass, inertia tensor, principal moments and axes)
// with Mirtich's surface integrals (B. Mirtich, "Fast and accurate computation of polyhedral
// mass properties", Journal of Graphics Tools 1(2), 1996).
//
// Conventions: SI units (metres, kg/m³, kg, kg m²), right-handed axes, column vectors.
// The inertia tensor is about the centre of mass in the mesh's own axes, with moments
// I_xx = ρ∫(y²+z²)dV on the diagonal and products of inertia I_xy = −ρ∫xy dV (coordinates
// relative to the centre of mass) off the diagonal, so that the angular momentum is L = I ω.
package inertia
