package scenegen

import "math"

// rng is splitmix64 (Steele, Lea, Flood 2014): a tiny generator whose sequence is fixed by
// its seed on every platform.
type rng struct{ state uint64 }

func splitmix64(seed uint64) *rng { return &rng{seed} }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// float returns a number uniform in [0, 1) with 53 random bits.
func (r *rng) float() float64 { return float64(r.next()>>11) / (1 << 53) }

// rotation returns the rotation vector (axis × angle, angle in [0, π]) of a rotation drawn
// uniformly from SO(3): Shoemake's uniform unit quaternion from three uniform numbers.
func (r *rng) rotation() [3]float64 {
	u1, u2, u3 := r.float(), 2*math.Pi*r.float(), 2*math.Pi*r.float()
	a, b := math.Sqrt(1-u1), math.Sqrt(u1)
	q := [4]float64{a * math.Cos(u2), a * math.Sin(u2), b * math.Cos(u3), b * math.Sin(u3)} // w, x, y, z
	// q and −q are the same rotation: take the one with angle ≤ π.
	if q[0] < 0 {
		q = [4]float64{-q[0], -q[1], -q[2], -q[3]}
	}
	s := math.Sqrt(q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if s == 0 {
		return [3]float64{}
	}
	angle := 2 * math.Atan2(s, q[0])
	return [3]float64{q[1] / s * angle, q[2] / s * angle, q[3] / s * angle}
}
