package viewer

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// rotationVector inverts the exp map: R = exp([w]×) gives back w for angles in [0, π].
func TestRotationVectorInvertsExp(t *testing.T) {
	axis := mgl64.Vec3{1, -2, 0.5}.Normalize()
	for _, angle := range []float64{0, 1e-9, 1e-4, 0.3, 2, math.Pi - 1e-3, math.Pi - 1e-8, math.Pi} {
		R := mgl64.Ident3()
		if angle > 0 {
			R = mgl64.HomogRotate3D(angle, axis).Mat3()
		}
		got := rotationVector(R)
		want := axis.Mul(angle)
		if angle == math.Pi && got.Dot(want) < 0 {
			want = want.Mul(-1) // at π both signs name the same rotation
		}
		if d := got.Sub(want).Len(); d > 1e-7 {
			t.Errorf("angle %g: rotation vector %v, want %v (off by %g)", angle, got, want, d)
		}
	}
}
