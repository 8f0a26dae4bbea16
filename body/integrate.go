package body

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/tumble-physics/tumble/body/rounded"
)

// Tunables of the rotational update. Defaults and reasons:
const (
	// gyroTol ends the implicit gyroscopic solve when a correction is below gyroTol·|ω|. The
	// iteration contracts by about (h|ω|)²·(I_max/I_min)/8 per sweep, so at the usual step
	// sizes the error left is orders of magnitude below this, at round-off.
	gyroTol = 1e-14
	// gyroMaxIter caps the solve. At h|ω| ≈ 0.05 it converges in 5 sweeps; the cap only
	// matters for steps that rotate a body by more than about 1 rad, where the result stays
	// bounded but conserves angular momentum only approximately.
	gyroMaxIter = 20
	// maxTurn is the most a body turns, rad, in one solve of the rotational update; a step
	// that turns it further is split into equal turns (turns). The update's energy error grows
	// as (h|ω|)² and its solve stops converging near a radian per step: a plank spun at
	// 300 rad/s about its middle axis, 5 rad per step of 1/60 s, gained four times its energy
	// in one step. A quarter of a radian keeps a free body's energy within 1% at
	// any spin (TestFastSpinKeepsItsEnergy) and leaves every body turning slower than 15 rad/s
	// at 60 steps per second to the single solve.
	maxTurn = 0.25
	// maxTurns caps the split, so that a step's cost stays bounded whatever the spin: it is
	// reached at 61,000 rad/s with steps of 1/60 s, where the turns grow beyond maxTurn.
	maxTurns = 4096
	// orthoTol is the drift ‖RᵀR − I‖ (largest entry) above which IntegratePosition
	// re-orthonormalises R. Exp is orthonormal to a few ulps, so drift grows like a random
	// walk and this triggers rarely; leaving R alone below it keeps steps reproducible.
	orthoTol = 1e-12
)

// IntegrateVelocity advances the velocities by one step h (s) under gravity (m/s²), Force and
// Torque, then clears Force and Torque. A fixed body is left alone (its accumulators are
// cleared). Afterwards V and Omega are the velocities over the step, the ones a contact solver
// corrects and IntegratePosition moves the body with.
//
// The linear part is symplectic Euler: V += h (Force/m + gravity), then P += h V.
//
// The angular part integrates Euler's equations in the world frame,
// I_w ω̇ = τ − ω × (I_w ω) with I_w = R I Rᵀ, so that a torque-free body conserves its world
// angular momentum exactly (to round-off) and its energy without drift. With the momentum
// L = I_w(R) ω + h τ it solves for the step's angular velocity ω̄
//
//	I_w(R) ω̄ = exp(−½h[ω̄]×) L,   i.e.   I_w(R½) ω̄ = L with R½ = exp(½h[ω̄]×) R:
//
// ω̄ is the angular velocity that carries momentum L at the half-step attitude R½ (for small
// h, I_w ω̄ ≈ L − ½h ω̄ × L, the gyroscopic term with its sign). IntegratePosition then rotates
// by R⁺ = exp(h[ω̄]×) R, which is second-order accurate, and sets Omega to the end-of-step
// velocity ω⁺ = I_w(R⁺)⁻¹ exp(½h[ω̄]×) I_w(R) ω̄; since exp(½h[ω̄]×) fixes ω̄, this is
// I_w(R⁺)⁻¹ L, so the momentum carried into the next step is exactly the old one plus the
// torque impulse. The map is time-reversible (stepping back with −h retraces it) and keeps |L|
// exactly; its energy error stays bounded, O((h|ω|)²), without drift, and is zero for
// axisymmetric bodies (the tests measure both).
//
// Why this scheme: the explicit gyroscopic term, ω⁺ = ω + h I_w⁻¹(τ − ω × I_w ω), grows |L|
// and the energy by O(h²) every step. The fully implicit one-sided update,
// I_w(R) ω⁺ = exp(−h[ω⁺]×) L with ω⁺ kept as the end-of-step velocity, also conserves L
// exactly, but in the body frame it is backward Euler on the momentum: it loses energy by
// ½ δ·I⁻¹δ every step (δ ≈ h Ω × IΩ), O(h) over a fixed time. Even at h = 1e-4 that pushed
// a T-handle spun near its intermediate axis off the separatrix during its first flip (the
// second came at 4.6 s instead of 6.4 s); Catto's implicit Newton step (Box2D, Bullet) damps
// the same way. Evaluating the momentum at the half step removes
// that loss at the cost of one extra conversion in IntegratePosition.
//
// The equation is solved by the quasi-Newton iteration ω̄ ← ω̄ − M⁻¹ (I_w ω̄ − exp(−½h[ω̄]×) L)
// with M = I_w − ½h[L]×, its Jacobian to first order in h. M is invertible for every h (its
// symmetric part I_w is positive definite). The iteration contracts by about
// (h|ω|)² (I_max/I_min)/8 per sweep. A step that would turn the body by more than maxTurn
// (h|ω| > 0.25 rad) is not solved in one: IntegrateVelocity then leaves ω̄ = I_w(R)⁻¹ L, the
// angular velocity at the start of the step, for the contact solver, and IntegratePosition
// turns the body through equal turns of at most maxTurn under the momentum the solver left,
// each solved as above. So L stays exact and the energy within about 1% at any spin.
func (b *Body) IntegrateVelocity(h float64, gravity mgl64.Vec3) {
	if b.Fixed {
		b.Force, b.Torque = mgl64.Vec3{}, mgl64.Vec3{}
		return
	}
	b.V = b.V.Add(b.Force.Mul(b.InvMass).Add(gravity).Mul(h))
	l := b.spinMomentum().Add(b.Torque.Mul(h))
	b.Omega = rounded.MulVec(b.InvInertiaWorld(), l)
	if turns(h, b.Omega) == 1 {
		b.Omega = b.solveGyroscopic(h, l, b.Omega)
	}
	b.Force, b.Torque = mgl64.Vec3{}, mgl64.Vec3{}
}

// turns returns into how many equal turns of at most maxTurn the rotation of a step h at
// angular velocity ω is split, at most maxTurns.
func turns(h float64, w mgl64.Vec3) int {
	angle := h * rounded.Len(w)
	if !(angle > maxTurn) { // NaN too: CheckFinite reports it; one solve is all it costs
		return 1
	}
	return int(math.Min(math.Ceil(angle/maxTurn), maxTurns))
}

// solveGyroscopic returns ω̄ with I_w ω̄ = exp(−½h[ω̄]×) L, starting from w = I_w⁻¹ L, the
// solution without the gyroscopic term.
func (b *Body) solveGyroscopic(h float64, l, w mgl64.Vec3) mgl64.Vec3 {
	iw := b.InertiaWorld()
	m := inverseSPDSkew(iw, l.Mul(-h/2))
	for range gyroMaxIter {
		r := rounded.MulVec(iw, w).Sub(rounded.MulVec(Exp(w.Mul(-h/2)), l))
		d := rounded.MulVec(m, r)
		w = w.Sub(d)
		if rounded.LenSqr(d) <= gyroTol*gyroTol*rounded.LenSqr(w) {
			break
		}
	}
	return w
}

// inverseSPDSkew returns (S + [k]×)⁻¹ for a symmetric positive definite S. The skew part only
// adds to the determinant (det = det S + kᵀ S k), so the sum is always invertible; a zero S
// (a body without inertia) gives the zero matrix.
func inverseSPDSkew(s mgl64.Mat3, k mgl64.Vec3) mgl64.Mat3 {
	adj, det := adjugate(s.Add(Skew(k)))
	if det <= 0 {
		return mgl64.Mat3{}
	}
	return adj.Mul(1 / det)
}

// IntegratePosition advances the pose by one step h (s) with the step's velocities: P += h V
// and R ← exp(h[ω]×) R (in turns of at most maxTurn when h|ω| exceeds it),
// re-orthonormalising R when ‖RᵀR − I‖ exceeds 1e-12. It then turns
// Omega from the step's angular velocity (see IntegrateVelocity) into the end-of-step angular
// velocity with the same angular momentum, I_w(R⁺)⁻¹ exp(½h[ω]×) I_w(R) ω; V is unchanged.
// A fixed body never moves.
func (b *Body) IntegratePosition(h float64) {
	if b.Fixed {
		return
	}
	b.P = b.P.Add(b.V.Mul(h))
	var l mgl64.Vec3
	if n := turns(h, b.Omega); n == 1 {
		l = rounded.MulVec(Exp(b.Omega.Mul(h/2)), b.spinMomentum())
		b.R = rounded.Mul(Exp(b.Omega.Mul(h)), b.R)
	} else {
		l = b.spinMomentum()
		b.turn(h, n, l)
	}
	if orthoDrift(b.R) > orthoTol {
		b.R = orthonormalize(b.R)
	}
	// Inverting R I Rᵀ itself, rather than using R I⁻¹ Rᵀ, keeps the momentum exact when R
	// has drifted by up to orthoTol; otherwise that drift biases L the same way every step.
	b.Omega = rounded.MulVec(inverseSPD(b.InertiaWorld()), l)
}

// turn rotates the body through n equal turns of h/n under the constant angular momentum l
// (world frame), each the implicit midpoint update of IntegrateVelocity followed by its
// rotation.
func (b *Body) turn(h float64, n int, l mgl64.Vec3) {
	hn := h / float64(n)
	for range n {
		w := b.solveGyroscopic(hn, l, rounded.MulVec(b.InvInertiaWorld(), l))
		b.R = rounded.Mul(Exp(w.Mul(hn)), b.R)
	}
}

// orthoDrift returns the largest entry of |RᵀR − I|.
func orthoDrift(r mgl64.Mat3) float64 {
	e := rounded.Mul(r.Transpose(), r).Sub(mgl64.Ident3())
	d := 0.0
	for _, x := range e {
		d = math.Max(d, math.Abs(x))
	}
	return d
}

// orthonormalize returns the rotation nearest to r (the orthogonal polar factor) by Newton–Schulz
// steps r ← r (3I − rᵀr)/2. Each step takes the drift e to about ¾e², so three reach round-off
// from e = 1e-3, far more than the 1e-12 IntegratePosition lets accumulate.
func orthonormalize(r mgl64.Mat3) mgl64.Mat3 {
	three := mgl64.Diag3(mgl64.Vec3{3, 3, 3})
	for range 3 {
		r = rounded.Mul(r, three.Sub(rounded.Mul(r.Transpose(), r))).Mul(0.5)
	}
	return r
}
