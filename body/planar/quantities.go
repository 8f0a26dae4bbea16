package planar

import "github.com/go-gl/mathgl/mgl64"

// The per-body quantities FOSSSim writes after every state and grades (each within 1e-8 of
// its value recomputed from the state), computed as the reference computes them.

// Momentum returns the linear momentum P = M V (kg m/s).
func (b *Body) Momentum() mgl64.Vec2 { return mgl64.Vec2{b.M * b.V[0], b.M * b.V[1]} }

// OrbitalAngularMomentum returns L_cm = M (X × V) (kg m²/s), the angular momentum of the
// centre of mass about the world origin.
func (b *Body) OrbitalAngularMomentum() float64 { return float64(b.M * Cross(b.X, b.V)) }

// SpinAngularMomentum returns L_spin = I ω (kg m²/s).
func (b *Body) SpinAngularMomentum() float64 { return float64(b.I * b.Omega) }

// TranslationalEnergy returns T_cm = ½ M |V|² (J).
func (b *Body) TranslationalEnergy() float64 {
	return float64(0.5 * b.M * (float64(b.V[0]*b.V[0]) + float64(b.V[1]*b.V[1])))
}

// SpinEnergy returns T_spin = ½ I ω² (J).
func (b *Body) SpinEnergy() float64 { return float64(0.5 * b.I * b.Omega * b.Omega) }
