package viewer

import (
	"bufio"
	"fmt"
	"io"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"tumble/contact"
)

// traceHeader names the columns of `--trace`, the same as `tumble sim --trace`: one row per
// body per rendered frame.
const traceHeader = "step,time,body,x,y,z,rx,ry,rz,vx,vy,vz,wx,wy,wz\n"

// tracer writes every body's state once per rendered frame as CSV.
type tracer struct {
	w *bufio.Writer
}

func newTracer(w io.Writer) (*tracer, error) {
	t := &tracer{w: bufio.NewWriter(w)}
	_, err := t.w.WriteString(traceHeader)
	return t, err
}

// frame writes one row per body: position (m), rotation vector (rad), velocity (m/s) and
// angular velocity (rad/s), all world.
func (t *tracer) frame(w *contact.World) error {
	for i, b := range w.Bodies {
		r := rotationVector(b.R)
		fmt.Fprintf(t.w, "%d,%.9g,%d", w.Steps, w.Time, i)
		for _, v := range []mgl64.Vec3{b.P, r, b.V, b.Omega} {
			fmt.Fprintf(t.w, ",%.9g,%.9g,%.9g", v[0], v[1], v[2])
		}
		if err := t.w.WriteByte('\n'); err != nil {
			return fmt.Errorf("writing trace: %w", err)
		}
	}
	return nil
}

func (t *tracer) flush() error { return t.w.Flush() }

// rotationVector returns the axis times angle (radians, in [0, π]) of the rotation R: the
// inverse of the exp map.
func rotationVector(R mgl64.Mat3) mgl64.Vec3 {
	// mgl64.Mat3 is column-major: R.At(row, col).
	cos := mgl64.Clamp((R.Trace()-1)/2, -1, 1)
	angle := math.Acos(cos)
	skew := mgl64.Vec3{R.At(2, 1) - R.At(1, 2), R.At(0, 2) - R.At(2, 0), R.At(1, 0) - R.At(0, 1)}
	switch {
	case angle < 1e-6:
		return skew.Mul(0.5) // sin θ ≈ θ
	case angle < math.Pi-1e-6:
		return skew.Mul(angle / (2 * math.Sin(angle)))
	}
	// Near π the skew part vanishes: the axis comes from R + I = 2 a aᵀ; pick its largest
	// column and fix the sign with the (small) skew part.
	k := 0
	for i := 1; i < 3; i++ {
		if R.At(i, i) > R.At(k, k) {
			k = i
		}
	}
	a := mgl64.Vec3{R.At(0, k), R.At(1, k), R.At(2, k)}
	a[k] += 1
	a = a.Normalize()
	if a.Dot(skew) < 0 {
		a = a.Mul(-1)
	}
	return a.Mul(angle)
}
