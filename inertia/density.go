package inertia

// AtDensity returns p for the same solid at density d (kg/m³): mass and inertia are linear
// in the density, so properties computed once at density 1 serve every body of the shape.
func (p Properties) AtDensity(d float64) Properties {
	p.Density = d
	p.Mass = d * p.Volume
	p.Inertia = p.Inertia.Mul(d)
	p.PrincipalMoments = p.PrincipalMoments.Mul(d)
	return p
}
