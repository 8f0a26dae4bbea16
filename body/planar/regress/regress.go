// Package regress grades a planar run against a stored reference trajectory the way the
// FOSSSim course grades a submission: every step is taken from the reference's own previous
// state and compared with the reference's next state; and it also compares a free run over
// the whole trajectory.
package regress

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/tumble-physics/tumble/body/planar"
	"github.com/tumble-physics/tumble/body/planar/fosssim"
	"github.com/tumble-physics/tumble/body/planar/trajectory"
)

// The course's pass marks: each of X, θ, V and ω separately.
const (
	// StepTolerance bounds the largest residual of one body in one step (m, rad, m/s, rad/s).
	StepTolerance = 1e-8
	// AccumulatedTolerance bounds the sum over the steps of the residual norm over all bodies.
	AccumulatedTolerance = 1e-6
	// QuantityTolerance bounds M, X, I at the start and the per-step quantities P, L, T, U
	// written in the reference against their values recomputed from its states.
	QuantityTolerance = 1e-8
	// WholeTolerance bounds the largest difference of a free run from the reference.
	WholeTolerance = 1e-6
)

// RefBytes returns the length in bytes of the scene's reference trajectory.
func RefBytes(scene *fosssim.Scene) int64 {
	return 8 * int64(trajectory.Len(len(scene.Bodies), scene.Steps()))
}

// RefPath returns where the reference trajectory of a scene file is stored: beside it, with
// .ref.bin in place of .xml.
func RefPath(scene string) string { return strings.TrimSuffix(scene, ".xml") + ".ref.bin" }

// Residuals holds one number for each graded part of the state.
type Residuals struct {
	X, Theta, V, Omega float64
}

// Max returns the largest of the four.
func (r Residuals) Max() float64 { return max(r.X, r.Theta, r.V, r.Omega) }

// Below reports whether all four are below tol (NaN never is).
func (r Residuals) Below(tol float64) bool {
	return r.X < tol && r.Theta < tol && r.V < tol && r.Omega < tol
}

// Result is the grade of one scene.
type Result struct {
	Steps int
	// MaxStep is the largest residual of any body in any step taken from the reference.
	MaxStep Residuals
	// Accumulated sums over the steps the norm of the residuals of all bodies (per part).
	Accumulated Residuals
	// Quantities is the largest difference of M, X, I and the per-step quantities stored in
	// the reference from their values recomputed from its states.
	Quantities float64
	// Whole is the largest difference of any state component of a free run from the
	// reference.
	Whole float64
}

// Pass reports whether every part is within its tolerance.
func (r Result) Pass() bool {
	return r.MaxStep.Below(StepTolerance) && r.Accumulated.Below(AccumulatedTolerance) &&
		r.Quantities < QuantityTolerance && r.Whole < WholeTolerance
}

// Record runs the scene to its end and writes its binary trajectory to w.
func Record(scene *fosssim.Scene, newResponse fosssim.NewResponse, w io.Writer) error {
	sys, err := scene.System(newResponse)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	tw := trajectory.NewWriter(bw)
	if err := tw.Start(sys); err != nil {
		return err
	}
	for range scene.Steps() {
		if err := sys.Step(); err != nil {
			return scene.StepError(err, sys.Steps)
		}
		if err := tw.Step(sys); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// Grade compares the scene's run with the reference trajectory read from ref, which must
// hold exactly the run's numbers (RefBytes): it reads no more.
func Grade(scene *fosssim.Scene, newResponse fosssim.NewResponse, ref io.Reader) (Result, error) {
	sys, err := scene.System(newResponse)
	if err != nil {
		return Result{}, err
	}
	res := Result{Steps: scene.Steps()}
	t, err := trajectory.Read(ref, len(sys.Bodies), res.Steps)
	if err != nil {
		return res, fmt.Errorf("%s: reference: %w", scene.Name, err)
	}
	for i := range sys.Bodies {
		b := &sys.Bodies[i]
		res.Quantities = max(res.Quantities, math.Abs(b.M-t.M[i]), math.Abs(b.I-t.I[i]), b.X.Sub(t.X[i]).Len())
	}
	for k, states := range t.States {
		setState(sys, states, k)
		res.Quantities = max(res.Quantities, quantityDiff(trajectory.Measure(sys), t.Quantities[k]))
		if k == res.Steps {
			break
		}
		if err := sys.Step(); err != nil {
			return res, fmt.Errorf("%s: step %d from the reference: %w", scene.Name, k+1, err)
		}
		res.addStep(sys.Bodies, t.States[k+1])
	}
	res.Whole, err = wholeRun(scene, newResponse, t)
	return res, err
}

func setState(sys *planar.System, states []planar.State, step int) {
	for i := range sys.Bodies {
		sys.Bodies[i].SetState(states[i])
	}
	sys.Steps = step
}

// addStep adds one step's residuals as the course's grader does: per part, the largest
// body residual to MaxStep and the norm over all bodies to Accumulated.
func (r *Result) addStep(bodies []planar.Body, want []planar.State) {
	var sum Residuals
	for i := range bodies {
		got := bodies[i].State()
		d := Residuals{
			X:     got.X.Sub(want[i].X).LenSqr(),
			Theta: sq(got.Theta - want[i].Theta),
			V:     got.V.Sub(want[i].V).LenSqr(),
			Omega: sq(got.Omega - want[i].Omega),
		}
		sum = Residuals{sum.X + d.X, sum.Theta + d.Theta, sum.V + d.V, sum.Omega + d.Omega}
		r.MaxStep = Residuals{
			max(r.MaxStep.X, math.Sqrt(d.X)), max(r.MaxStep.Theta, math.Sqrt(d.Theta)),
			max(r.MaxStep.V, math.Sqrt(d.V)), max(r.MaxStep.Omega, math.Sqrt(d.Omega)),
		}
	}
	r.Accumulated.X += math.Sqrt(sum.X)
	r.Accumulated.Theta += math.Sqrt(sum.Theta)
	r.Accumulated.V += math.Sqrt(sum.V)
	r.Accumulated.Omega += math.Sqrt(sum.Omega)
}

func sq(x float64) float64 { return x * x }

// quantityDiff returns the largest difference between two sets of quantities (NaN if any
// is NaN, so that it fails).
func quantityDiff(a, b trajectory.Quantities) float64 {
	d := math.Abs(a.U - b.U)
	for i := range a.P {
		d = max(d, a.P[i].Sub(b.P[i]).Len(), math.Abs(a.Lcm[i]-b.Lcm[i]), math.Abs(a.Lspin[i]-b.Lspin[i]),
			math.Abs(a.Tcm[i]-b.Tcm[i]), math.Abs(a.Tspin[i]-b.Tspin[i]))
	}
	return d
}

// wholeRun runs the scene freely and returns its largest difference from the reference.
func wholeRun(scene *fosssim.Scene, newResponse fosssim.NewResponse, t *trajectory.Trajectory) (float64, error) {
	sys, err := scene.System(newResponse)
	if err != nil {
		return 0, err
	}
	worst := 0.0
	for k := range t.States {
		if k > 0 {
			if err := sys.Step(); err != nil {
				return worst, scene.StepError(err, k)
			}
		}
		for i := range sys.Bodies {
			got, want := sys.Bodies[i].State(), t.States[k][i]
			worst = max(worst, math.Abs(got.X[0]-want.X[0]), math.Abs(got.X[1]-want.X[1]), math.Abs(got.Theta-want.Theta),
				math.Abs(got.V[0]-want.V[0]), math.Abs(got.V[1]-want.V[1]), math.Abs(got.Omega-want.Omega))
		}
	}
	return worst, nil
}
